// The fixes of a newcomer's review (stop 34), each seen through the page:
// a player who resigned still chats at her table; a rated table where a
// person never moved says at its end that no rating changed and why, and
// its rating box takes its place without moving the score pad; a page
// opened by an IP address says in plain words how to use passkeys; the
// lobby shows the leaderboards where a player looks, the board marks
// "you"; the coach's costliest decisions read in short lines on a phone;
// the rules page labels its seats "Player 1". Screenshots of each page in
// English, French and German, desktop and phone, under
// $JARDIN_E2E_OUT/newcomer-fixes (to open and look at; not committed).
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { autoplay, expect, newTable, type Server, test } from "./fixtures";

type L = "en" | "fr" | "de";
const LANGS: L[] = ["en", "fr", "de"];
const LOCALE: Record<L, string> = { en: "en-GB", fr: "fr-FR", de: "de-DE" };
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

function words(lang: L): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "shelltext", "texts", `${lang}.json`), "utf8"));
}

/** plain makes no-break spaces ordinary ones, for comparing texts. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

/** before is a catalogue message up to its first argument. */
const before = (m: string) => plain(m.split("{")[0]);

const out = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "newcomer-fixes") : "";

/** shots saves url in every language and size, with what(page) run first (a scroll, a wait). */
async function shots(browser: Browser, base: string, name: string, url: string, what?: (p: Page, lang: L) => Promise<void>, cookie?: string): Promise<void> {
  if (!out) return;
  mkdirSync(out, { recursive: true });
  for (const lang of LANGS) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const ctx = await browser.newContext({ viewport, locale: LOCALE[lang], ...(size === "phone" ? { hasTouch: true, isMobile: true } : {}) });
      if (cookie) await ctx.addCookies([{ name: "jardin", value: cookie, url: base }]);
      const p = await ctx.newPage();
      await p.goto(`${base}${url}${url.includes("?") ? "&" : "?"}lang=${lang}`);
      if (what) await what(p, lang);
      const wide = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(wide, `${name} ${lang} ${size}: nothing wider than the screen`).toBeLessThanOrEqual(0);
      await p.screenshot({ path: join(out, `${name}-${size}-${lang}.png`) });
      await ctx.close();
    }
  }
}

test("a rated table where Bob resigned before moving: he still chats, and the end says no rating changed because he never moved", async ({ browser, server }) => {
  test.setTimeout(300_000);
  const ctxA = await browser.newContext({ viewport: SIZES.phone, locale: "fr-FR", hasTouch: true, isMobile: true });
  const ctxB = await browser.newContext({ viewport: SIZES.desktop, locale: "en-GB" });
  const ann = await ctxA.newPage();
  const bob = await ctxB.newPage();
  for (const [p, name] of [[ann, "Ann"], [bob, "Bob"]] as const) {
    const r = await p.request.post(server.url + "/api/me", { data: { name } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  const made = await ann.request.post(server.url + "/api/tables", {
    data: { game: "english-gardens", seats: ["me", "open"], rated: true, public: true, clock: { mode: "realtime", minutes: 30, increment: 5 } },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const tb = await made.json();
  const joined = await bob.request.post(`${server.url}/api/tables/${tb.id}/join`, { data: { invite: tb.invite } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  await bob.goto(`${server.url}/t/${tb.id}`);
  await ann.goto(`${server.url}/t/${tb.id}`);
  await expect(bob.locator("svg.board")).toBeVisible();
  // Bob resigns before his first move: his seat goes to a bot, he watches. The server closes his
  // seat's sockets and his page connects again as a former player's: record the connection's states.
  await bob.evaluate(() => {
    const w = window as unknown as { conns: string[] };
    w.conns = [];
    new MutationObserver(() => w.conns.push(document.body.dataset.conn ?? "")).observe(document.body, { attributes: true, attributeFilter: ["data-conn"] });
  });
  const resigned = await bob.request.post(`${server.url}/api/tables/${tb.id}/resign`);
  expect(resigned.ok(), await resigned.text()).toBeTruthy();
  // He played this table: he still chats at it (he was told "Only the players chat").
  const en = words("en");
  await expect.poll(() => bob.evaluate(() => (window as unknown as { conns: string[] }).conns.join(" ")), { timeout: 30_000 }).toMatch(/down.* open$/);
  await expect(bob.locator(".chatbox input[name=chat]")).toBeVisible();
  await expect(bob.locator(".chat-note")).toBeHidden();
  await bob.locator(".chatbox input[name=chat]").fill("sorry, I have to go");
  await bob.locator(".chatbox button").click();
  await expect(bob.locator("ol.chat li.mine")).toContainText("sorry, I have to go");
  await expect(ann.locator("ol.chat li")).toContainText("Bob");
  await expect(bob.locator(".chat-error")).toHaveText("");
  // A stranger watching still reads only.
  const eve = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await eve.request.post(server.url + "/api/me", { data: { name: "Eve" } });
  await eve.goto(`${server.url}/t/${tb.id}?watch=1`);
  await expect(eve.locator(".chat-note")).toHaveText(en["page.together.chatPlayers"]);
  await expect(eve.locator(".chatbox")).toBeHidden();

  // The score pad's place, at every change of the page once it is drawn: the rating box must not move it.
  await ann.evaluate(() => {
    const w = window as unknown as { padTops: number[]; boxHeights: number[]; belowTops: number[] };
    w.padTops = [];
    w.boxHeights = [];
    w.belowTops = [];
    new MutationObserver(() => {
      const pad = document.querySelector(".scorepad");
      if (pad) w.padTops.push(Math.round(pad.getBoundingClientRect().top + window.scrollY));
      const box = document.querySelector<HTMLElement>("section.rating-change");
      if (!box) return;
      w.boxHeights.push(box.offsetHeight);
      // What follows the score pad's section (the log on a desktop, the log or the chat on a phone).
      const below = document.querySelector("section.pad")?.nextElementSibling;
      if (below) w.belowTops.push(Math.round(below.getBoundingClientRect().top + window.scrollY));
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await autoplay(ann, tb.id);
  const fr = words("fr");
  const box = ann.locator("section.pad section.rating-change");
  await expect(box).toContainText(before(fr["page.ratingChange.unmoved"]), { timeout: 60_000 });
  await expect(box).toContainText("Bob");
  await expect(box).not.toContainText(plain(fr["page.ratingChange.pending"]));
  // The pad's Rank row places the seats as the banner does: Ann first, Bob's seat "left" (it said Bob 1st, as his bot scored more).
  await expect(ann.locator(".scorepad tr.rank td")).toHaveText(["1", plain(fr["page.table.padLeft"])]);
  // The note "the result changes the players' ratings" is gone at the end: the box says what happened.
  await expect(ann.locator(".rated-note")).toBeHidden();
  const seen = await ann.evaluate(() => {
    const w = window as unknown as { padTops: number[]; boxHeights: number[]; belowTops: number[] };
    return { padTops: w.padTops, boxHeights: w.boxHeights, belowTops: w.belowTops };
  });
  // Once the box is there, what is under it stays put (the box had the answer's shape while it waited).
  expect(new Set(seen.belowTops).size, `what follows the pad moved: ${seen.belowTops}`).toBeLessThanOrEqual(1);
  expect(seen.boxHeights.length, "the rating box was seen").toBeGreaterThan(0);
  expect(new Set(seen.padTops).size, `the score pad moved: ${seen.padTops}`).toBeLessThanOrEqual(1);
  for (let i = 1; i < seen.boxHeights.length; i++) expect(seen.boxHeights[i], `the rating box shrank: ${seen.boxHeights}`).toBeGreaterThanOrEqual(seen.boxHeights[i - 1]);
  // Bob's page says it in English.
  await expect(bob.locator("section.rating-change")).toContainText(before(en["page.ratingChange.unmoved"]));

  await shots(browser, server.url, "rated-unmoved", `/t/${tb.id}`, async (p) => {
    await p.locator("section.rating-change .rating-none").waitFor();
    await p.locator("section.rating-change").scrollIntoViewIfNeeded();
  });
  await shots(browser, server.url, "former-chat", `/t/${tb.id}`, async (p) => {
    await p.locator("ol.chat li").first().waitFor();
    await p.locator("#chat").scrollIntoViewIfNeeded();
  }, (await ctxB.cookies()).find((c) => c.name === "jardin")?.value);
});

test("a page opened by an IP address says in plain words how to use passkeys", async ({ browser, server }) => {
  for (const lang of LANGS) {
    const w = words(lang);
    const ctx = await browser.newContext({ locale: LOCALE[lang] });
    const p = await ctx.newPage();
    await p.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    await p.goto(`${server.url}/settings?lang=${lang}`); // http://127.0.0.1:PORT
    const note = p.locator(".passkeys .passkey-byname");
    await expect(note).toContainText(before(w["page.passkey.byName"]));
    await expect(note).toContainText("127.0.0.1");
    await expect(p.locator("button.passkey-protect")).toHaveCount(0); // no button that can only fail
    const there = note.locator("a");
    await expect(there).toHaveAttribute("href", new RegExp(`^http://localhost:${new URL(server.url).port}/settings`));
    await ctx.close();
  }
  await shots(browser, server.url, "passkey-ip", "/settings", async (p) => {
    await p.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    await p.reload();
    await p.locator(".passkeys").scrollIntoViewIfNeeded();
  });
});

test("the lobby shows the leaderboards near the top; the coach's costly decisions read in short lines on a phone; the rules label seats", async ({ browser, page, server }) => {
  test.setTimeout(300_000);
  // The lobby: the leaderboards' button is in the first screen of a phone.
  const ctx = await browser.newContext({ viewport: SIZES.phone, locale: "fr-FR", hasTouch: true, isMobile: true });
  const p = await ctx.newPage();
  await p.goto(`${server.url}/?lang=fr`);
  const boards = p.locator(".lobby .boards-link a.button");
  await expect(boards).toHaveText(words("fr")["page.lobby.boards"]);
  await expect(boards).toBeInViewport();
  await shots(browser, server.url, "lobby", "/");
  // The rules page labels its seats as labels.
  await p.goto(`${server.url}/rules/english-gardens?lang=fr`);
  await expect(p.locator("body")).toContainText("Joueur 1");
  await expect(p.locator("body")).not.toContainText("joueur 1");
  await shots(browser, server.url, "rules", "/rules/english-gardens", async (q) => {
    await q.locator(".scorepad").first().scrollIntoViewIfNeeded();
  });
  // The coach on a phone: each costly decision's move and points first, the moves on lines of their own.
  const t = await newTable(page, server, "english-gardens", ["me", "random"]);
  const left = await page.request.post(`${server.url}/api/tables/${t.id}/leave`, { data: {} });
  expect(left.ok(), await left.text()).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json()).status, { timeout: 60_000 }).toBe("over");
  await p.goto(`${server.url}/replay/${t.id}?lang=fr`);
  const first = p.locator(".coach-costly a").first();
  await expect(first).toBeVisible({ timeout: 120_000 });
  await expect(first.locator(".coach-costly-head")).toHaveText(/^Coup \d+\s:\s\d+,\d points perdus$/);
  await expect(first.locator(".coach-costly-line")).toHaveCount(2);
  await expect(first.locator(".coach-costly-line").first()).toContainText("Joué");
  await shots(browser, server.url, "coach", `/replay/${t.id}`, async (q) => {
    await q.locator(".coach-costly a").first().waitFor({ timeout: 120_000 });
    await q.locator(".coach-costly").first().scrollIntoViewIfNeeded();
  });
  // The leaderboard, seen by a person not on it yet: the line that says how to get there.
  const cookie = (await page.context().cookies()).find((c) => c.name === "jardin")?.value;
  await shots(browser, server.url, "board", "/ratings/english-gardens", async (q) => {
    await expect(q.locator(".board-not-listed")).toBeVisible();
  }, cookie);
});
