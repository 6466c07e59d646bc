// The coach in the replay viewer (/replay/{id}, docs/coach.md): once the
// server's analysis is done, each step says what the move cost its player
// (or that it was the best found, or the only move), and each seat's mean
// loss and costliest decisions are listed, each linking to its step. In
// English on a desktop and German on a phone (with JARDIN_READABLE_ALL=1:
// English, French and German, each on a desktop and a phone); screenshots under
// $JARDIN_E2E_OUT/coach (looked at, not committed).
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, newTable, type Server, test } from "./fixtures";

async function finishedTable(page: Page, server: Server): Promise<string> {
  const t = await newTable(page, server, "english-gardens", ["me", "random"]);
  const left = await page.request.post(`${server.url}/api/tables/${t.id}/leave`, { data: {} });
  expect(left.ok(), await left.text()).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json()).status, { timeout: 60_000 }).toBe("over");
  return t.id;
}

const words = {
  en: { lost: "points lost", best: "the best move found", title: "The coach" },
  fr: { lost: "points perdus", best: "le meilleur coup trouvé", title: "Le coach" },
  de: { lost: "Punkte verloren", best: "der beste gefundene Zug", title: "Der Coach" },
} as const;

test("the coach beside each step of a replay, in English on a desktop and German on a phone (every language and size with JARDIN_READABLE_ALL=1)", async ({ browser, page, server }) => {
  test.setTimeout(240_000);
  const id = await finishedTable(page, server);
  const out = process.env.JARDIN_E2E_OUT;
  // English on a desktop and German on a phone; every language at both sizes with JARDIN_READABLE_ALL=1 (as the other flows).
  const all = process.env.JARDIN_READABLE_ALL === "1";
  for (const lang of ["en", "fr", "de"] as const) {
    for (const [device, viewport] of [["desktop", { width: 1366, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
      if (!all && !(lang === "en" && device === "desktop") && !(lang === "de" && device === "phone")) continue;
      const ctx = await browser.newContext({ viewport, locale: { en: "en-GB", fr: "fr-FR", de: "de-DE" }[lang] });
      const p = await ctx.newPage();
      await p.goto(`${server.url}/replay/${id}?lang=${lang}`);
      // The analysis runs once on the server; the page asks again until it is there.
      await expect(p.locator(".coach-seats > li")).toHaveCount(2, { timeout: 120_000 });
      await expect(p.locator(".coach h2")).toHaveText(words[lang].title);
      const costly = p.locator(".coach-costly a").first();
      await expect(costly).toBeVisible();
      const href = (await costly.getAttribute("href"))!;
      await costly.click();
      await expect(p.locator("body")).toHaveAttribute("data-step", href.slice(1));
      await expect(p.locator(".replay-coach")).toContainText(words[lang].lost);
      await expect(p.locator(".replay-coach")).toHaveClass(/lost/);
      await expect(p.locator(".replay-coach")).toBeInViewport();
      if (out) {
        await p.screenshot({ path: join(out, "coach", `coach-${device}-${lang}-lost.png`) });
        await p.locator(".coach").screenshot({ path: join(out, "coach", `coach-${device}-${lang}-panel.png`) });
      }
      // Step forward until a step the coach found best.
      let seen = false;
      for (let i = 0; i < 30 && !seen; i++) {
        await p.keyboard.press("ArrowRight");
        seen = (await p.locator(".replay-coach").textContent())!.includes(words[lang].best);
      }
      expect(seen, "a step the coach found the best").toBeTruthy();
      if (out) await p.screenshot({ path: join(out, "coach", `coach-${device}-${lang}-best.png`), });
      await ctx.close();
    }
  }
});
