// The newcomer's walk (stop 33): a person who never saw the site goes
// through this stop's pages — the lobby, the daily garden, the
// leaderboard, a player page, a replay with the coach's review, the
// settings with the passkey, a tutorial, a rules page — in English, French
// and German, on a desktop and a phone. On each page: no catalogue id or
// table id in the text, nothing wider than the screen. Then what the walk
// found and fixed: the settings page is named "Settings" with a heading
// per part; the coach words a best move's value as a lead or a deficit
// against the best other player, not "worth 34 points" under a score of
// 24; the German page says "du" under the Rated box.
// Only with JARDIN_NEWCOMER=1 (it is long: eighteen page loads per
// language and screen); screenshots under $JARDIN_E2E_OUT/newcomer, to
// open and look at.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, type Server, test } from "./fixtures";

test.skip(process.env.JARDIN_NEWCOMER !== "1", "the newcomer's walk runs with JARDIN_NEWCOMER=1");

type L = "en" | "fr" | "de";
const LOCALE: Record<L, string> = { en: "en-GB", fr: "fr-FR", de: "de-DE" };
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
const game = "english-gardens";

function words(lang: L): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "shelltext", "texts", `${lang}.json`), "utf8"));
}

/** plain makes no-break spaces (the French page puts them before ":") ordinary ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

/** before returns the part of catalogue message m before its first argument. */
const before = (m: string) => plain(m.slice(0, m.indexOf("{")));

const shots = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "newcomer") : "";

/** look checks what any page must not show, and keeps a screenshot. */
async function look(page: Page, name: string, ids: string[]): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text, `${name}: a catalogue id`).not.toMatch(/\b(page|plain|err|event|refuse|notify)\.[a-z][A-Za-z.]+\b/);
  for (const id of ids) expect(text, `${name}: a table or player id`).not.toContain(id);
  // against the screen's width: a phone's layout viewport (innerWidth) widens with its content
  const wide = (await page.evaluate(() => document.documentElement.scrollWidth)) - (page.viewportSize()?.width ?? 0);
  expect(wide, `${name}: wider than the screen`).toBeLessThanOrEqual(1);
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  }
}

/** finished: a game between two bots, over. */
async function finished(page: Page, server: Server): Promise<string> {
  const r = await page.request.post(server.url + "/api/tables", { data: { game, players: 2, seats: ["random", "greedy"], clock: { mode: "none" } } });
  expect(r.status(), await r.text()).toBe(201);
  const { id } = await r.json();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 30_000 }).toBe("over");
  return id;
}

for (const lang of ["en", "fr", "de"] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`a newcomer's walk (${lang}, ${size})`, async ({ browser, server }) => {
      test.setTimeout(120_000);
      const w = words(lang);
      const ctx = await browser.newContext({ locale: LOCALE[lang], viewport, isMobile: size === "phone", hasTouch: size === "phone" });
      await ctx.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await ctx.newPage();
      const me = await (await page.request.post(server.url + "/api/me", { data: { name: "Ann" } })).json();
      const table = await finished(page, server);
      const ids = [me.id as string, table];
      const tag = `${lang}-${size}`;

      await page.goto(server.url + "/");
      await expect(page.locator("#new-table")).toBeVisible();
      await look(page, `lobby-${tag}`, ids);
      // The Rated box's help speaks to the person as the rest of the page does.
      await expect(page.locator("#rated")).toBeVisible();
      await expect(page.getByText(w["page.lobby.ratedHelp"])).toBeVisible();
      if (lang === "de") expect(w["page.lobby.ratedHelp"]).toMatch(/^Deine /);

      for (const [name, path] of [
        ["daily", "/daily"],
        ["ratings", `/ratings/${game}`],
        ["player", `/p/${me.id}`],
        ["learn", `/learn/${game}`],
        ["rules", `/rules/${game}`],
      ]) {
        await page.goto(server.url + path);
        await page.waitForLoadState("networkidle");
        await look(page, `${name}-${tag}`, ids);
      }

      // Settings: named for all it holds, a heading per part.
      await page.goto(server.url + "/");
      await page.locator(".top-bar a.settings-link").click();
      await expect(page.locator("main.settings h1")).toHaveText(w["page.settings"]);
      await expect(page.locator("main.settings > h2")).toHaveText(w["page.settingsNotifyTitle"]);
      await expect(page.locator("main.settings .passkeys h2")).toHaveText(w["page.passkey.title"]);
      await look(page, `settings-${tag}`, ids);

      // The replay: at a step the coach found best, the value is a lead or a
      // deficit against the best other player (two players here).
      await page.goto(`${server.url}/replay/${table}#1`);
      await expect(page.locator(".coach-costly").first()).toBeVisible({ timeout: 60_000 });
      const ahead = before(w["page.coachBestAhead"]);
      const behind = before(w["page.coachBestBehind"]);
      let said = "";
      for (let i = 0; i < 40 && !said.startsWith(ahead); i++) {
        said = plain((await page.locator(".replay-coach").textContent()) ?? "");
        if (said.startsWith(ahead)) break;
        await page.keyboard.press("ArrowRight");
      }
      expect(said.startsWith(ahead) || said.startsWith(behind), `the coach's best move: ${said}`).toBeTruthy();
      expect(said).toMatch(lang === "en" ? /points (ahead of|behind) the best other player$/ : /\d/);
      await look(page, `replay-${tag}`, ids);
      await ctx.close();
    });
  }
}
