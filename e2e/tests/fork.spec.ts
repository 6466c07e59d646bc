// "Play from here" (issue 25): a game finished by bots is replayed; at a
// middle step the person opens the form (which creates nothing), chooses a
// seat and the bots' strength, starts the new table, finds the position of
// that step drawn with a line saying where it comes from, and makes a move.
// English on a desktop, and French on a phone for a visitor without a name
// yet (the form asks for one). At the last step the button is off and the
// page says why. JARDIN_FORK_ALL=1 runs every language on both screens;
// with JARDIN_E2E_OUT, screenshots go to its fork/ directory.
import type { Browser, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, firstChoice, type Server, test } from "./fixtures";

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

const shots = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "fork") : "";
async function snap(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** The words the flow clicks and reads, per language (the catalogue's). */
const words = {
  en: { open: "Play from here", start: "Start the new table", quick: "Quick bot", note: "You play on from move", end: "The game is over at this move" },
  fr: { open: "Jouer à partir d'ici", start: "Commencer la nouvelle table", quick: "Robot rapide", note: "Vous reprenez au coup", end: "La partie est finie à ce coup" },
  de: { open: "Ab hier spielen", start: "Neuen Tisch starten", quick: "Schneller Bot", note: "Du spielst eine beendete Partie ab Zug", end: "Bei diesem Zug ist die Partie zu Ende" },
};
type Lang = keyof typeof words;

/** finished creates a game between two bots through the API and waits for its end. */
async function finished(page: Page, server: Server): Promise<{ id: string; names: string[]; moves: number }> {
  const me = await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
  expect(me.ok(), await me.text()).toBeTruthy();
  const r = await page.request.post(server.url + "/api/tables", {
    data: { game: "english-gardens", players: 2, seats: ["random", "greedy"], options: {}, clock: { mode: "none" } },
  });
  expect(r.status(), await r.text()).toBe(201);
  const { id } = await r.json();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 30_000 }).toBe("over");
  const rp = await (await page.request.get(`${server.url}/api/tables/${id}/replay`)).json();
  return { id, names: rp.names, moves: rp.steps.length - 1 };
}

async function tableCount(page: Page, server: Server): Promise<number> {
  const r = await page.request.get(`${server.url}/api/tables?mine=1`);
  return r.ok() ? ((await r.json()) as unknown[]).length : -1;
}

/** playFrom forks table id at step as the second seat, against quick bots, and makes a move at the new table. */
async function playFrom(page: Page, server: Server, id: string, moves: number, lang: Lang, screen: string, named: boolean): Promise<void> {
  const w = words[lang];
  const step = Math.floor(moves / 2);
  await page.goto(`${server.url}/replay/${id}?lang=${lang}#${step}`);
  await expect(page.locator("body")).toHaveAttribute("data-step", String(step));
  const open = page.getByRole("button", { name: w.open });
  await expect(open).toBeEnabled();
  await snap(page, `replay-${lang}-${screen}`);
  // Opening the form creates nothing.
  const before = named ? await tableCount(page, server) : 0;
  await open.click();
  const form = page.locator("form.fork-form");
  await expect(form).toBeVisible();
  await expect(form.locator("h2")).toContainText(String(step));
  if (named) expect(await tableCount(page, server)).toBe(before);
  else await form.locator("input[name=name]").fill("Zoé");
  await form.locator("select[name=seat]").selectOption("1");
  await form.locator("select[name=bot]").selectOption({ label: w.quick });
  await expect(form.locator("select[name=bot] option:checked")).toHaveText(w.quick);
  await snap(page, `replay-form-${lang}-${screen}`);
  await form.getByRole("button", { name: w.start }).click();

  // The new table: its own address, the line saying where it comes from
  // (linking the original at that step), the position drawn, and a move.
  await expect(page).toHaveURL(/\/t\/[a-z0-9]+$/);
  await expect(page).not.toHaveURL(new RegExp(id));
  const note = page.locator(".fork-note");
  await expect(note).toContainText(`${w.note} ${step}`);
  await expect(note.locator("a")).toHaveAttribute("href", `/replay/${id}#${step}`);
  await expect(page.locator("svg.board")).toBeVisible();
  const target = await firstChoice(page);
  await expect(target).toBeVisible({ timeout: 20_000 }); // the seat's turn (after the bot's, if it moved first)
  await expect(page.locator(".status")).toBeVisible();
  await snap(page, `table-${lang}-${screen}`);
  // A move may take two choices (a card, then where it goes): the first
  // offered each time, until the server has the move.
  const v = Number(await page.locator("body").getAttribute("data-version"));
  const version = async () => Number(await page.locator("body").getAttribute("data-version"));
  for (let i = 0; i < 4 && (await version()) === v; i++) {
    await (await firstChoice(page)).click({ timeout: 5000 }).catch(() => undefined);
    await expect.poll(version, { timeout: 2000 }).toBeGreaterThan(v).catch(() => undefined);
  }
  expect(await version()).toBeGreaterThan(v);
}

async function context(browser: Browser, lang: Lang, screen: "desktop" | "phone") {
  return browser.newContext({ viewport: screen === "phone" ? phone : desktop, locale: lang, isMobile: screen === "phone", hasTouch: screen === "phone" });
}

const runs: [Lang, "desktop" | "phone"][] =
  process.env.JARDIN_FORK_ALL === "1"
    ? [
        ["en", "desktop"],
        ["en", "phone"],
        ["fr", "desktop"],
        ["fr", "phone"],
        ["de", "desktop"],
        ["de", "phone"],
      ]
    : [
        ["en", "desktop"],
        ["fr", "phone"],
      ];

for (const [lang, screen] of runs) {
  test(`play from a replay's step (${lang}, ${screen})`, async ({ browser, server }) => {
    test.setTimeout(30_000);
    const ctx = await context(browser, lang, screen);
    const page = await ctx.newPage();
    const g = await finished(page, server);
    // The desktop flow is a named person's; the phone's, a visitor without a name.
    const named = screen === "desktop";
    if (!named) await ctx.clearCookies();
    // At the last step the button is off, and the page says why.
    await page.goto(`${server.url}/replay/${g.id}?lang=${lang}#${g.moves}`);
    await expect(page.locator("body")).toHaveAttribute("data-step", String(g.moves));
    await expect(page.getByRole("button", { name: words[lang].open })).toBeDisabled();
    await expect(page.locator(".fork-end")).toContainText(words[lang].end);
    await playFrom(page, server, g.id, g.moves, lang, screen, named);
    await ctx.close();
  });
}
