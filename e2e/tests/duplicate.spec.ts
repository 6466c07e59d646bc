// Duplicate tables (issue 26): Ann plays English Gardens against a bot;
// Bob, watching, plays the same deal at a table of his own ("Play this
// deal too"), with the same bot in the same seat. While his game goes on,
// Ann's table is closed to him (its page, its record); when both games are
// over, each table page shows the comparison: the score pads seat by seat,
// side by side, the reader's column marked, a link to the other's replay.
// Run in English on a desktop and in French on a phone; with
// JARDIN_DUP_SHOTS=dir, Bob's comparison is saved in English, French and
// German on both (to look at; not committed).
import type { Browser, Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Server, test } from "./fixtures";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
type L = "en" | "fr" | "de";
const LOCALE: Record<L, string> = { en: "en-GB", fr: "fr-FR", de: "de-DE" };

function words(lang: L): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "shelltext", "texts", `${lang}.json`), "utf8"));
}

async function person(browser: Browser, server: Server, lang: L, name: string, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ locale: LOCALE[lang], viewport });
  const page = await ctx.newPage();
  const r = await page.request.post(server.url + "/api/me", { data: { name } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return page;
}

/**
 * finish resigns the page's seat (a bot plays it to the end) away from the
 * table page, and waits until the game is over: the page then loads the
 * end once rather than drawing every bot move.
 */
async function finish(page: Page, server: Server, id: string): Promise<void> {
  await page.goto("about:blank");
  const r = await page.request.post(`${server.url}/api/tables/${id}/resign`);
  expect(r.ok(), await r.text()).toBeTruthy();
  await expect
    .poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 20_000 })
    .toBe("over");
}

for (const [lang, viewport, device] of [
  ["en", DESKTOP, "desktop"],
  ["fr", PHONE, "phone"],
] as const) {
  test(`the same deal at two tables, compared at the end (${lang}, ${device})`, async ({ browser, server }) => {
    const w = words(lang);
    const ann = await person(browser, server, lang, "Ann", viewport);
    const bob = await person(browser, server, lang, "Bob", viewport);
    const r = await ann.request.post(server.url + "/api/tables", { data: { game: "english-gardens", seats: ["me", "random"], clock: { mode: "none" } } });
    expect(r.status(), await r.text()).toBe(201);
    const a = (await r.json()).id as string;
    await ann.goto(`${server.url}/t/${a}?lang=${lang}`);
    // The player is offered to invite friends to the deal, not to play it again.
    await expect(ann.locator("button.dup-invite")).toHaveText(w["page.dup.invite"]);
    await expect(ann.locator("button.dup-play")).toHaveCount(0);

    // Bob watches, then plays the deal at his own table.
    await bob.goto(`${server.url}/t/${a}?watch=1&lang=${lang}`);
    const dir = process.env.JARDIN_DUP_SHOTS;
    if (dir) {
      // What the offer looks like beside a game in play, to a player and to a spectator.
      mkdirSync(dir, { recursive: true });
      await expect(bob.locator("button.dup-play")).toBeVisible();
      await ann.screenshot({ path: join(dir, `dup-live-player-${lang}-${device}.png`), fullPage: true });
      await bob.screenshot({ path: join(dir, `dup-live-spectator-${lang}-${device}.png`), fullPage: true });
    }
    await bob.locator("button.dup-play").click();
    await expect(bob).not.toHaveURL(new RegExp(`/t/${a}`));
    const b = new URL(bob.url()).pathname.split("/").pop()!;
    await expect(bob.locator(".seats")).toContainText("Bob");

    // Ann's game ends; Bob's does not: Ann's table is closed to him.
    await finish(ann, server, a);
    await ann.goto(`${server.url}/t/${a}?lang=${lang}`);
    await expect(ann.locator(".dup-playing")).toContainText(w["page.dup.table"].replace("{0}", "2"));
    expect((await bob.request.get(`${server.url}/api/tables/${a}/record`)).status()).toBe(403);
    const closed = await bob.request.get(`${server.url}/t/${a}?lang=${lang}`);
    expect(closed.status()).toBe(403);
    expect(await closed.text()).toContain(w["plain.dupHidden"].replace(/'/g, "&#39;").slice(0, 20));
    await expect(bob.locator(".dup-pad")).toHaveCount(0);

    // Bob's ends: the comparison, seat by seat, on both pages.
    await finish(bob, server, b);
    await bob.goto(`${server.url}/t/${b}?lang=${lang}`);
    const pads = bob.locator(".dup-pad");
    await expect(pads).toHaveCount(2); // one per seat
    await expect(pads.first().locator("caption")).toHaveText(w["page.seatN"].replace("{0}", "1"));
    await expect(pads.first().locator("thead th")).toHaveCount(3); // the categories' column, then two tables
    await expect(pads.first().locator("thead th.you")).toContainText(w["page.dup.yours"]);
    await expect(pads.first().locator("thead th").nth(1)).toContainText("Ann");
    await expect(pads.nth(1).locator("thead th").nth(1)).toContainText(w["page.lobby.bot.random"] ?? "");
    await expect(bob.locator(".dup-replays a")).toHaveAttribute("href", `/replay/${a}`);
    await ann.reload();
    await expect(ann.locator(".dup-pad")).toHaveCount(2);
    await expect(ann.locator(".dup-pad").first().locator("thead th").nth(2)).toContainText("Bob");
    // Now Bob may see Ann's table.
    expect((await bob.request.get(`${server.url}/api/tables/${a}/record`)).status()).toBe(200);

    if (dir && lang === "en") {
      mkdirSync(dir, { recursive: true });
      for (const l of ["en", "fr", "de"] as const) {
        for (const [size, name] of [
          [DESKTOP, "desktop"],
          [PHONE, "phone"],
        ] as const) {
          await bob.setViewportSize(size);
          await bob.goto(`${server.url}/t/${b}?lang=${l}`);
          await expect(bob.locator(".dup-pad")).toHaveCount(2);
          await bob.locator(".duplicate").scrollIntoViewIfNeeded();
          await bob.screenshot({ path: join(dir, `dup-compare-${l}-${name}.png`) });
          await bob.locator(".duplicate").screenshot({ path: join(dir, `dup-box-${l}-${name}.png`) });
        }
      }
      await ann.setViewportSize(DESKTOP);
      await ann.goto(`${server.url}/t/${a}?lang=en`);
      await ann.locator("button.dup-invite").click();
      await expect(ann.locator(".dup-url")).toBeVisible();
      await ann.locator(".duplicate").screenshot({ path: join(dir, "dup-invite-en-desktop.png") });
    }
    await ann.context().close();
    await bob.context().close();
  });
}
