// Bot identities on the page (docs/bot-api.md): the create form offers the
// bot identities for a seat, with a sentence saying what inviting one does;
// the table page says the seat is kept for the bot until it accepts, then
// marks its name as a bot's; the player page marks it too. In English,
// French and German, on a desktop and a phone.
import { type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, Server, test } from "./fixtures";

const sizes = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
const words = {
  en: { help: "A program someone wrote to play here", invited: "Robin (bot) is invited", mark: "bot", option: "Robin (bot)" },
  fr: { help: "Un programme écrit pour jouer ici", invited: "Robin (robot) est invité", mark: "robot", option: "Robin (robot)" },
  de: { help: "Ein Programm, das jemand zum Spielen hier geschrieben hat", invited: "Robin (Bot) ist eingeladen", mark: "Bot", option: "Robin (Bot)" },
};

let server: Server;
let bot = { id: "", token: "" };
test.beforeAll(async ({ playwright }) => {
  server = await Server.start(["--bot-tables", "20"]);
  const rq = await playwright.request.newContext();
  const me = await (await rq.post(server.url + "/api/me", { data: { name: "Robin" } })).json();
  bot = { id: me.id, token: me.token };
  const up = await rq.post(server.url + "/api/bot/account/upgrade", {
    headers: { Authorization: `Bearer ${bot.token}` },
    data: { confirm: "I understand that this cannot be undone" },
  });
  expect(up.status(), await up.text()).toBe(200);
  await rq.dispose();
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "botapi") : "";
async function snap(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/** both takes a screenshot at each size (the page reflows between them), ending at the desktop's. */
async function both(page: Page, name: string, scroll?: string): Promise<void> {
  for (const [size, viewport] of Object.entries(sizes).reverse()) {
    await page.setViewportSize(viewport);
    if (scroll) await page.locator(scroll).scrollIntoViewIfNeeded();
    await snap(page, `${name}-${size}`);
  }
}

for (const lang of ["en", "fr", "de"] as const) {
  test(`a person invites a bot identity to a seat (${lang})`, async ({ browser, playwright }) => {
    const ctx = await browser.newContext({ viewport: sizes.desktop });
    const page = await ctx.newPage();
    await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    await page.goto(`${server.url}/?lang=${lang}`);
    await page.locator("select#game").selectOption("english-gardens");
    await page.locator("select#players").selectOption("2");
    await page.locator("select#seat-1").selectOption(`bot:${bot.id}`);
    await expect(page.locator("#seat-1-help")).toContainText(words[lang].help);
    // No identifier reaches the person: the option reads the bot's name.
    await expect(page.locator("select#seat-1 option:checked")).toHaveText(words[lang].option);
    await both(page, `form-${lang}`, "select#seat-1");

    await page.locator("#new-table button[type=submit]").click();
    await page.waitForURL(/\/t\//);
    const seats = page.locator("ol.seats");
    await expect(seats).toContainText(words[lang].invited);
    await both(page, `invited-${lang}`);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    // The bot (a program, with its own token and no cookie) accepts.
    const rq = await playwright.request.newContext();
    const acc = await rq.post(`${server.url}/api/tables/${id}/accept`, { headers: { Authorization: `Bearer ${bot.token}` }, data: {} });
    expect(acc.status(), await acc.text()).toBe(200);
    await rq.dispose();
    await expect(seats.locator(".botmark.program")).toHaveText(words[lang].mark);
    await expect(seats).not.toContainText(words[lang].invited);
    await expect(page.locator("body")).not.toContainText(bot.id);
    await both(page, `accepted-${lang}`);

    await page.goto(`${server.url}/p/${bot.id}?lang=${lang}`);
    await expect(page.locator(".player-page h2 .botmark")).toHaveText(words[lang].mark);
    await both(page, `player-${lang}`);
    await ctx.close();
  });
}
