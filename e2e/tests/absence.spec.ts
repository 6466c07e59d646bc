// A table that never stalls (issue 23): a friend closes the tab on an
// untimed table, another player hands the seat to a bot once the grace
// (--grace 2s here) has passed, and everyone reads why in a banner; Resign
// and Leave ask first in a dialog; a rematch is offered and declined, then
// offered and accepted, and everyone moves to the new table. Three people
// in separate browser contexts, each reading their own language.
import { type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { autoplay, expect, newTable, Server, test, headControl } from "./fixtures";

const grace = 2; // seconds
const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const langs = ["en", "fr", "de"] as const;
/**
 * views: the languages and sizes each state is drawn again in. Every
 * language at both sizes with JARDIN_READABLE_ALL=1; else English on a
 * desktop and German on a phone (French is the phone person's own page
 * throughout), so that the suite stays short.
 */
const views: (readonly [(typeof langs)[number], "desktop" | "phone", typeof desktop])[] =
  process.env.JARDIN_READABLE_ALL === "1"
    ? langs.flatMap((l) => [[l, "desktop", desktop] as const, [l, "phone", phone] as const])
    : [["en", "desktop", desktop], ["de", "phone", phone]];

// Ids, notations and internal codes a player must never read.
const rawId = /(^|\s)#\w|\b[a-z]+(-[a-z]+)*:[\w:-]+|server\.zombie|\baway:\d/;

let server: Server;
test.beforeAll(async () => {
  server = await Server.start(["--grace", `${grace}s`]);
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "absence") : "";

/** snap saves a screenshot to look at (not committed), under JARDIN_E2E_OUT. */
async function snap(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

interface Person {
  name: string;
  lang: string;
  page: Page;
}

async function person(browser: Browser, name: string, lang: string, size: { width: number; height: number }): Promise<Person> {
  const ctx = await browser.newContext({ viewport: size, locale: lang });
  return { name, lang, page: await ctx.newPage() };
}

/** seat seats p at the table through the API (the invite page has its own test). */
async function seat(p: Person, id: string, invite: string): Promise<void> {
  expect((await p.page.request.post(`${server.url}/api/me`, { data: { name: p.name } })).ok()).toBeTruthy();
  const r = await p.page.request.post(`${server.url}/api/tables/${id}/join`, { data: { invite } });
  expect(r.ok(), await r.text()).toBeTruthy();
}

async function texts(page: Page): Promise<string> {
  return (await page.locator("main").innerText()) + (await page.locator("dialog[open]").allInnerTexts()).join("\n");
}

test("a friend leaves an untimed table: after the grace another hands the seat to a bot, everyone reads why; rematch declined, then accepted", async ({ browser }) => {
  test.setTimeout(330_000);
  const ann = await person(browser, "Ann", "en", desktop);
  const bob = await person(browser, "Bob", "fr", phone);
  const cid = await person(browser, "Cid", "de", desktop);
  const t = await newTable(ann.page, server, "english-gardens", ["me", "open", "open"], { name: "Ann" });
  const invite = new URL(t.inviteUrl).searchParams.get("invite")!;
  await seat(bob, t.id, invite);
  await seat(cid, t.id, invite);
  const people = [ann, bob, cid];
  for (const p of people) {
    await p.page.goto(`${t.url}?lang=${p.lang}`);
    await expect(p.page.locator("svg.board")).toBeVisible();
  }
  // Whoever is to move closes the tab.
  const state = await (await ann.page.request.get(`${server.url}/api/tables/${t.id}`)).json();
  const gone = people[state.toMove as number];
  const stay = people.filter((p) => p !== gone);
  const closedAt = Date.now();
  await gone.page.context().close();
  // The others see that the player is away, and when they may act.
  for (const p of stay) {
    await expect(p.page.locator(".absence .away")).toContainText(gone.name);
    await expect(p.page.locator(".absence .away")).toContainText({ en: "is away", fr: "est absent·e", de: "ist weg" }[p.lang]!);
  }
  // Before the grace the server refuses, saying why (the page never offers it then).
  const early = await stay[0].page.request.post(`${server.url}/api/tables/${t.id}/handover?lang=en`, { data: { seat: state.toMove } });
  if (Date.now() - closedAt < grace * 1000 - 300) {
    expect(early.status()).toBe(409);
    expect((await early.json()).error).toMatch(/away/);
  }
  await expect(stay[0].page.locator("button.handover")).toHaveCount(0);
  // After the grace: the button, a dialog in the person's words, then the bot.
  const hander = stay[0];
  const btn = hander.page.locator("button.handover");
  await expect(btn).toBeVisible({ timeout: (grace + 5) * 1000 });
  await snap(hander.page, `away-${hander.lang}-${hander === bob ? "phone" : "desktop"}`);
  // The notice and the hand-over's question in every language, desktop and phone.
  for (const [lang, size, vp] of views) {
    {
      await hander.page.setViewportSize(vp);
      await hander.page.goto(`${t.url}?lang=${lang}`);
      await expect(btn).toBeVisible();
      expect(await texts(hander.page)).not.toMatch(rawId);
      expect(await hander.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
      await snap(hander.page, `away-${lang}-${size}-reload`);
      await btn.click();
      await expect(hander.page.locator("dialog[open]")).toBeVisible();
      await snap(hander.page, `handover-dialog-${lang}-${size}-reload`);
      await hander.page.keyboard.press("Escape");
      await expect(hander.page.locator("dialog[open]")).toHaveCount(0);
    }
  }
  await hander.page.setViewportSize(hander === bob ? phone : desktop);
  await hander.page.goto(`${t.url}?lang=${hander.lang}`);
  await btn.click();
  const dialog = hander.page.locator("dialog[open]");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(gone.name);
  await snap(hander.page, `handover-dialog-${hander.lang}-${hander === bob ? "phone" : "desktop"}`);
  // Cancel first: nothing happens.
  await dialog.locator("button[value=no]").click();
  await expect(dialog).toBeHidden();
  await expect(btn).toBeVisible();
  await btn.click();
  await dialog.locator("button[value=yes]").click();
  // Everyone still there reads why, in a banner that stays.
  const botPlays = { en: "a bot plays", fr: "un robot joue", de: "ein Bot spielt" };
  const why = { en: `${gone.name} was away`, fr: `${gone.name} était absent·e depuis`, de: `${gone.name} war` };
  for (const p of stay) {
    const banner = p.page.locator(".handed");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(why[p.lang as "en"]);
    await expect(p.page.locator(".seats .botmark")).toHaveText(` ${botPlays[p.lang as "en"]}`);
    expect(await texts(p.page)).not.toMatch(rawId);
    await snap(p.page, `banner-${p.lang}-${p === bob ? "phone" : "desktop"}`);
  }
  await stay[0].page.waitForTimeout(1500); // not ann.page: Ann may be the one who closed her tab
  for (const p of stay) await expect(p.page.locator(".handed")).toBeVisible(); // not scrolled away: it stays
  // The banner and the Resign confirmation in every language, desktop and phone.
  const looker = stay[0];
  for (const [lang, size, vp] of views) {
    {
      await looker.page.setViewportSize(vp);
      await looker.page.goto(`${t.url}?lang=${lang}`);
      await expect(looker.page.locator("svg.board")).toBeVisible();
      const banner = looker.page.locator(".handed");
      if (await banner.isVisible()) {
        await snap(looker.page, `banner-${lang}-${size}-reload`);
        const box = (await banner.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
      }
      await (await headControl(looker.page, "button.resign")).click();
      const d = looker.page.locator("dialog[open]");
      await expect(d).toBeVisible();
      expect(await d.innerText()).toContain({ en: "Resign?", fr: "Abandonner\u202f?", de: "Aufgeben?" }[lang]);
      await snap(looker.page, `resign-dialog-${lang}-${size}`);
      const db = (await d.boundingBox())!;
      expect(db.x).toBeGreaterThanOrEqual(0);
      expect(db.x + db.width).toBeLessThanOrEqual(vp.width);
      await looker.page.keyboard.press("Escape"); // no: nothing changes
      await expect(d).toBeHidden();
    }
  }
  // Dismissed, the banner is gone.
  const other = stay[1];
  await other.page.locator(".handed .dismiss").click();
  await expect(other.page.locator(".handed")).toBeHidden();
  // The two left play to the end (a bot plays the third seat).
  await looker.page.setViewportSize(looker === bob ? phone : desktop);
  await looker.page.goto(`${t.url}?lang=${looker.lang}`);
  await Promise.all(stay.map((p) => autoplay(p.page, t.id)));
  for (const p of stay) await expect(p.page.locator(".scorepad")).toBeVisible();
  // The end ranks the seat whose person left after those who stayed, and says why.
  for (const p of stay)
    await expect(p.page.locator("p.banner")).toContainText({ en: "left the game", fr: "a quitté la partie", de: "hat die Partie verlassen" }[p.lang as "en"]);
  // The record says why the seat changed hands.
  const rec = await (await stay[0].page.request.get(`${server.url}/api/tables/${t.id}/record`)).json();
  expect(rec.players[state.toMove].replaced.why).toBe("away");
  // Rematch: offered by one, declined by the other.
  const [first, second] = stay;
  await first.page.locator("button.rematch-offer").click();
  await expect(second.page.locator(".offer")).toContainText(first.name);
  await expect(second.page.locator("button.rematch-accept")).toBeVisible();
  await expect(first.page.locator(".offer")).toContainText({ en: "You offered a rematch.", fr: "Vous avez proposé une revanche.", de: "Du hast eine Revanche angeboten." }[first.lang]!);
  await snap(second.page, `offer-${second.lang}-${second === bob ? "phone" : "desktop"}`);
  await second.page.locator("button.rematch-decline").click();
  await expect(first.page.locator(".offer")).toContainText(second.name);
  await expect(first.page.locator(".offer")).toContainText({ en: "declined", fr: "refusé", de: "abgelehnt" }[first.lang]!);
  await snap(first.page, `declined-${first.lang}-${first === bob ? "phone" : "desktop"}`);
  expect(first.page.url()).toContain(t.id);
  // Offered again, by the other: the offer in every language and size, then accepted.
  await second.page.locator("button.rematch-offer").click();
  await expect(first.page.locator("button.rematch-accept")).toBeVisible();
  for (const [lang, size, vp] of views) {
    {
      await first.page.setViewportSize(vp);
      await first.page.goto(`${t.url}?lang=${lang}`);
      await expect(first.page.locator("button.rematch-accept")).toBeVisible();
      expect(await texts(first.page)).not.toMatch(rawId);
      await first.page.locator(".offer").scrollIntoViewIfNeeded();
      await snap(first.page, `offer-${lang}-${size}-reload`);
      expect(await first.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
    }
  }
  await first.page.goto(`${t.url}?lang=${first.lang}`);
  await first.page.locator("button.rematch-accept").click();
  // Everyone moves to the new table; the one who left gets a bot's seat there.
  for (const p of stay) await expect(p.page).not.toHaveURL(new RegExp(`/t/${t.id}(\\?|$)`), { timeout: 10_000 });
  await expect(first.page.locator("svg.board")).toBeVisible();
  const next = new URL(first.page.url()).pathname.split("/").pop()!;
  const nt = await (await stay[0].page.request.get(`${server.url}/api/tables/${next}`)).json();
  expect(nt.status).toBe("live");
  expect(nt.seats[state.toMove].kind).toBe("bot");
  // Leave asks first, then a bot plays, and the other reads "… left".
  await (await headControl(first.page, "button.leave")).click();
  await expect(first.page.locator("dialog[open]")).toBeVisible();
  await snap(first.page, `leave-dialog-${first.lang}-${first === bob ? "phone" : "desktop"}`);
  await first.page.locator("dialog[open] button[value=yes]").click();
  await expect(second.page.locator(".handed")).toContainText({ en: `${first.name} left`, fr: `${first.name} a quitté la table`, de: `${first.name} hat den Tisch verlassen` }[second.lang]!);
  await snap(second.page, `left-${second.lang}-${second === bob ? "phone" : "desktop"}`);
});
