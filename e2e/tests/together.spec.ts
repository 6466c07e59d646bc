// Playing together (issue 23), with several people and a spectator, each in
// their own browser context, in English, French and German:
// - the waiting state ("Waiting for 1 player", nobody to move, the invite
//   link and its copy button) and a stranger taking the open seat from the
//   table page (a public table; a private one with its code in the address);
// - the invite page for a person already seated and on a full table;
// - the connection cut (the server stopped, then a new one on the same port
//   and database): presence grey, the status says lost, a move made says it
//   will be sent, a chat line stays in its input; then "Connected again" and
//   the move applied once;
// - the chat beside the log: times, the unread count on a phone, a line
//   refused for its rate kept in the input with the reason, how many watch.
// JARDIN_TOGETHER_SHOTS=dir saves a picture of each state at 1366×900 and
// 390×844 there (to look at; they are not committed).
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { axeScan, expect, firstChoice, inRun, type Server, test } from "./fixtures";

const LANGS = ["en", "fr", "de"] as const;
type L = (typeof LANGS)[number];
const LOCALE: Record<L, string> = { en: "en-GB", fr: "fr-FR", de: "de-DE" };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The catalogue's words, as the page shows those without arguments. */
function words(lang: L): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "shelltext", "texts", `${lang}.json`), "utf8"));
}

const shotDir = process.env.JARDIN_TOGETHER_SHOTS;

/** shots saves the page as it is on a desktop and on a phone (viewport, not the whole page: what is in sight). */
async function shots(page: Page, name: string, lang: L, sizes = [DESKTOP, PHONE]): Promise<void> {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  const was = page.viewportSize();
  for (const s of sizes) {
    await page.setViewportSize(s);
    // the page redraws for the width at the next frame
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(shotDir, `${name}-${lang}-${s === PHONE ? "phone" : "desktop"}.png`) });
  }
  if (was) await page.setViewportSize(was);
}

interface Person {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

/** person opens a browser context of its own (its cookies, its language), named through the API when a name is given. */
async function person(browser: Browser, server: Server, lang: L, name?: string, viewport = DESKTOP): Promise<Person> {
  const ctx = await browser.newContext({ locale: LOCALE[lang], viewport, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  if (name) {
    const r = await page.request.post(server.url + "/api/me", { data: { name } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  return { ctx, page, errors };
}

/** newTable creates an english-gardens table for two, Ann (seat 0) first, through the API of p's identity. */
async function newTable(p: Person, server: Server, seats: string[], pub = true): Promise<{ id: string; invite: string; inviteUrl: string; url: string }> {
  const r = await p.page.request.post(server.url + "/api/tables", {
    data: { game: "english-gardens", players: seats.length, seats, options: { first: "1" }, public: pub },
  });
  expect(r.status(), await r.text()).toBe(201);
  const j = await r.json();
  return { id: j.id, invite: j.invite, inviteUrl: new URL(j.inviteUrl, server.url).href, url: `${server.url}/t/${j.id}` };
}

async function version(page: Page): Promise<number> {
  return Number(await page.locator("body").getAttribute("data-version"));
}

/** playOneMove clicks the first choice until the page sends (or queues) a move. */
async function playOneMove(page: Page): Promise<void> {
  const sent0 = await page.locator("body").getAttribute("data-sent-at");
  for (let i = 0; i < 10; i++) {
    await page.locator("svg.board .target, .steps button.choice").first().waitFor();
    await (await firstChoice(page)).click();
    if ((await page.locator("body").getAttribute("data-sent-at")) !== sent0) return;
  }
  throw new Error("ten choices and no move sent");
}

async function closeAll(...ps: Person[]): Promise<void> {
  for (const p of ps) await p.ctx.close();
}

function noErrors(ps: Record<string, Person>, allowSocketFailures = false): void {
  for (const [who, p] of Object.entries(ps)) {
    const errs = p.errors.filter((e) => !(allowSocketFailures && /WebSocket connection to .* failed/.test(e)));
    expect(errs, `errors in ${who}'s console`).toEqual([]);
  }
}

for (const lang of LANGS) {
  const W = words(lang);

  test(`${lang}: the table waits in words, with its invite link; a stranger takes the open seat from the table page`, async ({ browser, server }) => {
    test.skip(!inRun(lang, 0), "one language a flow; JARDIN_READABLE_ALL=1 runs all three");
    test.setTimeout(120_000);
    const ann = await person(browser, server, lang, "Ann");
    const bob = await person(browser, server, lang); // no name yet: a stranger with the link
    const t = await newTable(ann, server, ["me", "open"]);
    await ann.page.goto(t.url);
    const status = ann.page.locator(".status");
    await expect(status).toHaveText({ en: "Waiting for 1 player", fr: "En attente d'un joueur", de: "Warten auf einen weiteren Spieler" }[lang]);
    // Nobody is to move before the start ("Ann to play" showed before anyone joined).
    await expect(ann.page.locator(".seats li")).toHaveCount(2);
    await expect(ann.page.locator(".seats li.to-move")).toHaveCount(0);
    await expect(ann.page).not.toHaveTitle(/^●/);
    // The invite link at hand, and the copy button puts it on the clipboard.
    const link = ann.page.locator(".wait-box .invite-url");
    await expect(link).toHaveValue(t.inviteUrl);
    await ann.page.locator(".wait-box button.copy").click();
    await expect(ann.page.locator(".wait-box .copy-note")).toHaveText(W["page.copied"]);
    expect(await ann.page.evaluate(() => navigator.clipboard.readText())).toBe(t.inviteUrl);
    await shots(ann.page, "waiting-seated", lang);
    if (lang === "en") expect(await axeScan(ann.page)).toEqual([]);

    // The invite page, to Bob: who sits, how many are awaited, the seat to take (he leaves it for now).
    await bob.page.goto(t.inviteUrl);
    await expect(bob.page.locator(".join-state")).toHaveText(W["plain.joinWaiting"].replace(/\{n, plural, one \{([^}]*)\} other \{[^}]*\}\}/, "$1").replace("#", "1"));
    await expect(bob.page.getByRole("button", { name: W["plain.takeSeat"] })).toBeVisible();
    await shots(bob.page, "invite-open", lang);
    // Bob opens the table's own address: the open seat to take, with a name first.
    await bob.page.goto(t.url);
    const take = bob.page.locator(".wait-box .take-seat");
    await expect(take.getByRole("button", { name: W["page.together.takeSeat"] })).toBeVisible();
    await expect(bob.page.locator(".wait-box")).toContainText(W["page.together.takeSeatHelp"]);
    await shots(bob.page, "waiting-stranger", lang);
    if (lang === "en") expect(await axeScan(bob.page)).toEqual([]);
    // A name, then the seat: the page opens again as Bob's seat.
    await take.locator("input[name=name]").fill("Bob");
    await take.getByRole("button").click();
    await expect(bob.page.locator(".seats li.me")).toContainText("Bob");
    await expect(bob.page.locator(".wait-box")).toBeHidden();
    expect(new URL(bob.page.url()).pathname).toBe(`/t/${t.id}`);
    // Ann sees Bob arrive and the game start: her turn.
    await expect(ann.page.locator(".seats")).toContainText("Bob");
    await expect(ann.page.locator(".wait-box")).toBeHidden();
    await expect(ann.page.locator(".status.mine")).toBeVisible();
    await expect(ann.page.locator(".seats li.to-move")).toContainText("Ann");

    // The invite page knows Ann is seated: it says so and links the table, no seat offered.
    await ann.page.goto(t.inviteUrl);
    await expect(ann.page.locator(".join-state")).toHaveText(W["plain.joinSeated"].replace("{name}", "Ann"));
    await expect(ann.page.locator("form")).toHaveCount(0);
    await expect(ann.page.locator(`a[href="/t/${t.id}"]`)).toHaveText(W["plain.joinToTable"]);
    await shots(ann.page, "invite-seated", lang);
    // …and to Cid the table is full: a link to watch, no seat.
    const cid = await person(browser, server, lang, "Cid");
    await cid.page.goto(t.inviteUrl);
    await expect(cid.page.locator(".join-state")).toHaveText(W["plain.joinStarted"]);
    await expect(cid.page.locator("form")).toHaveCount(0);
    await shots(cid.page, "invite-full", lang);
    if (lang === "en") expect(await axeScan(cid.page)).toEqual([]);
    await cid.page.locator(`a[href="/t/${t.id}?watch=1"]`).click();
    await expect(cid.page.locator("svg.board")).toBeVisible();
    await expect(cid.page.locator("svg.board .target")).toHaveCount(0);

    // A private table: a stranger without the code is told how one joins;
    // with the code in the address, takes the seat from the table page.
    const dan = await person(browser, server, lang, "Dan");
    const p = await newTable(ann, server, ["me", "open"], false);
    await dan.page.goto(p.url);
    await expect(dan.page.locator(".wait-box")).toHaveText(W["page.together.privateHelp"]);
    await expect(dan.page.locator(".wait-box button")).toHaveCount(0);
    await dan.page.goto(`${p.url}?invite=${p.invite}`);
    await dan.page.locator(".wait-box .take-seat button").click();
    await expect(dan.page.locator(".seats li.me")).toContainText("Dan");
    noErrors({ ann, bob, cid, dan });
    await closeAll(ann, bob, cid, dan);
  });

  test(`${lang}: the connection cut: presence grey, the status says lost, a move waits and is sent once it is back`, async ({ browser, server }) => {
    test.skip(!inRun(lang, 1), "one language a flow; JARDIN_READABLE_ALL=1 runs all three");
    test.setTimeout(150_000);
    test.info().annotations.push({ type: "server-goes-down", description: "the pages' reconnections fail until it is back" });
    const ann = await person(browser, server, lang, "Ann");
    const bob = await person(browser, server, lang, "Bob");
    const t = await newTable(ann, server, ["me", "open"]);
    const j = await bob.page.request.post(`${server.url}/api/tables/${t.id}/join`, { data: { invite: t.invite } });
    expect(j.ok(), await j.text()).toBeTruthy();
    await ann.page.goto(t.url);
    await bob.page.goto(t.url);
    await expect(ann.page.locator(".status.mine")).toBeVisible();
    await expect(ann.page.locator(".seats .dot.on")).toHaveCount(2);
    await ann.page.locator("svg.board .target, .steps button.choice").first().waitFor();
    const v = await version(ann.page);

    // The server stops (SIGTERM: its sockets are closed and told to come back).
    await server.stop();
    for (const p of [ann.page, bob.page]) {
      await expect(p.locator(".conn.lost")).toHaveText(W["page.together.lost"]);
      await expect(p.locator(".status")).toHaveText(W["page.together.statusLost"]);
      await expect(p.locator(".seats .dot.on")).toHaveCount(0);
      await expect(p.locator(".seats .dot.unknown")).toHaveCount(2);
    }
    await expect(ann.page.locator(".status.mine")).toHaveCount(0);
    await expect(ann.page).not.toHaveTitle(/^●/);
    // A move made now says it waits for the connection.
    await playOneMove(ann.page);
    await expect(ann.page.locator(".message.note")).toHaveText(W["page.together.queued"]);
    // A chat line now stays in the input, with the reason.
    const input = ann.page.locator(".chatbox input");
    await input.fill("are you there?");
    await input.press("Enter");
    await expect(ann.page.locator(".chat-error")).toHaveText(W["page.together.chatNotSent"].replace("{0}", W["page.together.chatLost"]));
    await expect(input).toHaveValue("are you there?");
    await shots(ann.page, "connection-lost", lang);
    if (lang === "en") expect(await axeScan(ann.page)).toEqual([]);

    // A new server on the same port and database.
    await server.run();
    await expect(ann.page.locator(".conn.back")).toBeVisible({ timeout: 20_000 });
    // The waiting move got through, once: one version more on both pages.
    await expect.poll(() => version(ann.page), { timeout: 15_000 }).toBe(v + 1);
    await expect.poll(() => version(bob.page), { timeout: 15_000 }).toBe(v + 1);
    await expect(ann.page.locator(".conn.back")).toHaveText(W["page.together.backSent"]);
    await expect(ann.page.locator(".message.note")).toHaveCount(0);
    await expect(ann.page.locator(".status")).not.toHaveText(W["page.together.statusLost"]);
    await expect(ann.page.locator(".seats .dot.unknown")).toHaveCount(0);
    await expect(ann.page.locator(".seats .dot.on")).toHaveCount(2);
    await expect(bob.page.locator(".status")).not.toHaveText(W["page.together.statusLost"]);
    await shots(ann.page, "connection-back", lang);
    // The line kept in the input can be sent now, and the page says so.
    await expect(ann.page.locator(".chat-error")).toHaveText(W["page.together.chatResend"]);
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(bob.page.locator(".chat li")).toContainText(["are you there?"]);
    // "Connected again" goes after a few seconds.
    await expect(ann.page.locator(".conn")).toBeHidden({ timeout: 10_000 });
    noErrors({ ann, bob }, true);
    await closeAll(ann, bob);
  });

  test(`${lang}: the chat beside the log: times, unread on a phone, a refused line kept, watchers counted`, async ({ browser, server }) => {
    test.skip(!inRun(lang, 2), "one language a flow; JARDIN_READABLE_ALL=1 runs all three");
    test.setTimeout(120_000);
    const ann = await person(browser, server, lang, "Ann");
    const bob = await person(browser, server, lang, "Bob", PHONE);
    const cid = await person(browser, server, lang, "Cid");
    const t = await newTable(ann, server, ["me", "open"]);
    const j = await bob.page.request.post(`${server.url}/api/tables/${t.id}/join`, { data: { invite: t.invite } });
    expect(j.ok(), await j.text()).toBeTruthy();
    await ann.page.goto(t.url);
    await bob.page.goto(t.url);
    await expect(ann.page.locator(".chat-empty")).toHaveText(W["page.together.chatEmpty"]);
    // Cid watches: the players see it in words.
    await cid.page.goto(`${t.url}?watch=1`);
    await expect(ann.page.locator(".table-bar .watching")).toContainText("1");
    await expect(bob.page.locator(".table-bar .watching")).toContainText("1");
    if (lang === "en") await expect(ann.page.locator(".table-bar .watching")).toHaveText("1 watching");
    // The spectator reads, and is told only the players chat.
    await expect(cid.page.locator(".chat-note")).toHaveText(W["page.together.chatPlayers"]);
    await expect(cid.page.locator(".chatbox")).toBeHidden();

    // Ann writes; on Bob's phone the chat is below the board: the link to it counts the line.
    const before = Date.now();
    const input = ann.page.locator(".chatbox input");
    await input.fill("Hello Bob");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    const jump = bob.page.locator(".chat-jump");
    await expect(jump).toBeVisible();
    await expect(jump.locator(".unread")).toHaveText(lang === "en" ? "1 new" : /1/);
    await expect(bob.page.locator(".chat-jump")).toBeInViewport();
    // Every line has its time, the server's.
    const line = bob.page.locator(".chat li").first();
    await expect(line).toContainText("Hello Bob");
    const at = Date.parse((await line.locator("time").getAttribute("datetime"))!);
    expect(at).toBeGreaterThan(before - 2000);
    expect(at).toBeLessThan(Date.now() + 2000);
    expect(await line.locator("time").textContent()).toMatch(/\d{1,2}\D\d{2}/);
    await shots(bob.page, "chat-unread", lang, [PHONE]);
    // Ann's own line is not news to her; on her desktop the chat is in sight.
    await expect(ann.page.locator(".chat-panel .unread")).toBeHidden();
    await expect(ann.page.locator(".chat-panel")).toBeInViewport({ ratio: 0.5 });
    // Bob opens the chat: read.
    await jump.click();
    await expect(bob.page.locator(".chat-panel")).toBeInViewport();
    await expect(jump.locator(".unread")).toBeHidden();
    await shots(bob.page, "chat-open", lang, [PHONE]);

    // Bob answers; Ann has scrolled down the board: beside it, the chat stays in sight, so the line is read.
    await ann.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(ann.page.locator(".chat-panel")).toBeInViewport({ ratio: 0.5 });
    await bob.page.locator(".chatbox input").fill("Hi Ann");
    await bob.page.locator(".chatbox input").press("Enter");
    await expect(ann.page.locator(".chat li").last()).toContainText("Hi Ann");
    await expect(ann.page.locator(".chat-panel .unread")).toBeHidden();
    await shots(ann.page, "chat-scrolled", lang, [DESKTOP]);
    await ann.page.evaluate(() => window.scrollTo(0, 0));

    // Five lines in ten seconds at most (the server's default): the sixth is
    // refused and stays in Ann's input with the reason.
    for (let i = 2; i <= 5; i++) {
      await input.fill(`line ${i}`);
      await input.press("Enter");
      await expect(input).toHaveValue("");
    }
    await input.fill("line 6");
    await input.press("Enter");
    await expect(ann.page.locator(".chat-error")).toContainText(W["page.together.chatNotSent"].replace("{0}", ""));
    await expect(ann.page.locator(".chat-error")).toContainText("5");
    await expect(input).toHaveValue("line 6");
    await expect(ann.page.locator(".chat li")).toHaveCount(6);
    await expect(bob.page.locator(".chat li")).toHaveCount(6);
    await shots(ann.page, "chat-refused", lang);
    if (lang === "en") expect(await axeScan(ann.page)).toEqual([]);
    await shots(cid.page, "chat-spectator", lang);
    noErrors({ ann, bob, cid });
    await closeAll(ann, bob, cid);
  });
}
