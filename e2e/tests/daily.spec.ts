// The daily garden (/daily, docs/server.md): a newcomer opens it, chooses a
// name, plays today's English Gardens (the solo deals are all about thirty
// decisions; English Gardens is the lobby's first game) to the end, and
// reads where the garden stands: their score, rank and percentile among the
// day's players, the histogram, the best garden and the coach's review.
// Three other people finish the same deal first (through a socket, with
// other choices: other scores), so that the percentile is one. English on a
// desktop; every language at both sizes with
// JARDIN_READABLE_ALL=1. Screenshots before, during and after under
// $JARDIN_E2E_OUT/daily (looked at, not committed).
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, type Server, test } from "./fixtures";

const game = "english-gardens";

/**
 * finish plays the page's seat of table id to the end through a socket of
 * the page's own, faster than clicks: the move of index k mod the legal
 * moves each time (k: another garden, another score).
 */
async function finish(page: Page, id: string, k: number): Promise<void> {
  await page.evaluate(
    ([id, k]) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws/tables/${encodeURIComponent(id as string)}`);
        let n = 0;
        const timer = setTimeout(() => reject(new Error(`the game did not end in 60 s (${n} moves sent)`)), 60_000);
        ws.onclose = (ev) => reject(new Error(`the socket closed after ${n} moves: ${ev.code} ${ev.reason}`));
        ws.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.t === "error") reject(new Error(`error after ${n} moves: ${ev.data}`));
          if (m.t !== "sync" && m.t !== "update") return;
          if (m.status === "over") {
            clearTimeout(timer);
            ws.onclose = null;
            ws.close();
            resolve();
            return;
          }
          // Paced under the server's 20 messages a second a socket: on a
          // quiet machine a solo game's answers come back in a millisecond,
          // and sixty moves at once were refused as too many.
          if (m.toMove === 0 && m.legal?.length) {
            const move = JSON.stringify({ t: "move", v: m.v, id: `d-${++n}`, i: ((k as number) * n) % m.legal.length });
            setTimeout(() => ws.send(move), 60);
          }
        };
      }),
    [id, k] as const,
  );
}

/** bystander is another person who finishes today's deal first, through the API. */
async function bystander(browser: Browser, server: Server, name: string, k: number): Promise<void> {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  expect((await p.request.post(`${server.url}/api/me`, { data: { name } })).ok()).toBeTruthy();
  const r = await p.request.post(`${server.url}/api/daily/${game}/start`, { data: {} });
  expect(r.status(), await r.text()).toBe(201);
  const { table } = await r.json();
  await p.goto(`${server.url}/daily`);
  await finish(p, table, k);
  await ctx.close();
}

const words = {
  en: { now: "Now: play today's deal of", cont: "Continue your game", better: "Better than", rank: "Rank", review: "coach" },
  fr: { now: "Maintenant : jouez la donne du jour", cont: "Reprendre votre partie", better: "Meilleur que", rank: "sur", review: "coach" },
  de: { now: "Jetzt: Spiele die heutige Partie", cont: "Deine Partie fortsetzen", better: "Besser als", rank: "Platz", review: "Trainers" },
} as const;

test("a daily garden played to the end shows the percentile, in English on a desktop (every language and size with JARDIN_READABLE_ALL=1)", async ({ browser, server }) => {
  const all = process.env.JARDIN_READABLE_ALL === "1";
  test.setTimeout(all ? 400_000 : 240_000);
  for (const [i, k] of [1, 2, 3].entries()) await bystander(browser, server, `Player ${i + 1}`, k);
  const out = process.env.JARDIN_E2E_OUT;
  let k = 5;
  for (const lang of ["en", "fr", "de"] as const) {
    for (const [device, viewport] of [["desktop", { width: 1366, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
      if (!all && !(lang === "en" && device === "desktop")) continue;
      const w = words[lang];
      const ctx = await browser.newContext({ viewport, locale: { en: "en-GB", fr: "fr-FR", de: "de-DE" }[lang] });
      const p = await ctx.newPage();
      const shot = async (name: string) => {
        if (out) await p.screenshot({ path: join(out, "daily", `daily-${device}-${lang}-${name}.png`), fullPage: true });
      };
      // The lobby leads there.
      await p.goto(`${server.url}/?lang=${lang}`);
      await expect(p.locator(".daily-link a.button")).toBeInViewport();
      await shot("lobby");
      await p.locator(".daily-link a.button").click();
      await expect(p).toHaveURL(/\/daily/);
      // Before: a newcomer is asked for a name first.
      await expect(p.locator(".daily-now input[name=name]")).toBeVisible();
      await expect(p.locator(".daily-card")).toHaveCount(5);
      await shot("before");
      await p.locator(".daily-now input[name=name]").fill(`${lang}-${device}`);
      await p.locator(".daily-now button[type=submit]").click();
      await expect(p.locator(".daily-now")).toContainText(w.now);
      const card = p.locator(`.daily-card[data-game="${game}"]`);
      await card.locator("button.daily-play").click();
      await expect(p).toHaveURL(/\/t\//);
      const id = new URL(p.url()).pathname.split("/").pop()!;
      // During: back on the page, the deal waits for them.
      await p.goto(`${server.url}/daily`);
      await expect(card.locator("a.daily-continue")).toHaveText(w.cont);
      await shot("during");
      // Starting again resumes the same table.
      const again = await p.request.post(`${server.url}/api/daily/${game}/start`, { data: {} });
      expect(again.status()).toBe(200);
      expect((await again.json()).table).toBe(id);
      await p.goto(`${server.url}/t/${id}`);
      await finish(p, id, k++);
      // The table's end leads back to the ranking (its record waits for midnight).
      await expect(p.locator(".scorepad")).toBeVisible();
      const back = p.locator("a.daily-standing");
      await expect(back).toBeVisible();
      await expect(p.locator("a.record")).toHaveCount(0);
      await shot("table-end");
      await back.click();
      // After: score, rank and percentile, the histogram, the coach's review.
      await expect(p).toHaveURL(/\/daily$/);
      await expect(card.locator(".daily-percentile")).toContainText(w.better);
      await expect(card.locator(".daily-percentile")).toContainText("%");
      await expect(card.locator(".daily-rank")).toContainText(w.rank);
      await expect(card.locator("svg.daily-hist rect.mine")).toHaveCount(1);
      await expect(card.locator("a.daily-review")).toContainText(w.review);
      expect(await card.locator("a.daily-review").getAttribute("href")).toBe(`/replay/${id}`);
      await expect(p.locator(".daily-streak")).toBeVisible();
      await expect(p.locator(".daily-now")).toContainText(w.now); // the other games are next
      await shot("after");
      await ctx.close();
    }
  }
});
