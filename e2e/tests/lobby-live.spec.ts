// The live lobby (issue 23): a second browser sees a table created, filled
// and finished within a second, without reloading; My tables with date,
// whose turn, time left and the archive; continue on another device in
// the page; screenshots of the lobby and a player page.
import type { APIRequestContext, Page } from "@playwright/test";
import { axeScan, expect, firstChoice, type Server, test } from "./fixtures";

const OUT = process.env.JARDIN_E2E_OUT ?? "test-results";

async function named(page: Page, server: Server, name: string): Promise<string> {
  const r = await page.request.post(`${server.url}/api/me`, { data: { name } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()).id;
}

async function create(req: APIRequestContext, server: Server, seats: string[], extra: object = {}): Promise<string> {
  const r = await req.post(`${server.url}/api/tables`, { data: { game: "english-gardens", seats, public: true, ...extra } });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()).id;
}

async function status(req: APIRequestContext, server: Server, id: string): Promise<string> {
  return (await (await req.get(`${server.url}/api/tables/${id}`)).json()).status;
}

/** finish ends a live table: every person leaves, and the bots that take their seats play it out. */
async function finish(reqs: APIRequestContext[], server: Server, id: string): Promise<number> {
  for (const r of reqs) expect((await r.post(`${server.url}/api/tables/${id}/leave`)).ok()).toBeTruthy();
  for (;;) {
    if ((await status(reqs[0], server, id)) === "over") return Date.now();
    await new Promise((r) => setTimeout(r, 25));
  }
}

// "Within a second" is issue 23's figure, printed by each step below; the
// bound asserted is looser (5 s, JARDIN_LIVE_MS to change it), because a
// timed assertion on a machine shared with other runs fails on the load, not
// on the page: what it must catch is a lobby that does not update live
// (without the socket the row never comes without a reload).
const LIVE_MS = Number(process.env.JARDIN_LIVE_MS ?? 5000);

test("a second browser sees a table created, filled and finished within a second, without reloading", async ({ browser, server }) => {
  test.setTimeout(120_000);
  const wendy = await browser.newContext();
  const w = await wendy.newPage();
  await named(w, server, "Wendy");
  let navigations = 0;
  w.on("framenavigated", (f) => {
    if (f === w.mainFrame()) navigations++;
  });
  await w.goto(`${server.url}/?lang=en`);
  await expect(w.locator(".live-lobby")).toBeVisible();
  const before = navigations;
  // A mark in the page's memory: a reload would lose it.
  await w.evaluate(() => ((window as unknown as { mark: number }).mark = 42));

  const ann = await browser.newContext();
  const a = await ann.newPage();
  await named(a, server, "Ann");
  let t0 = Date.now();
  const id = await create(a.request, server, ["me", "open"]);
  const open = w.locator(`.open-tables li[data-id="${id}"]`);
  await expect(open).toBeVisible({ timeout: LIVE_MS });
  console.log(`created → seen in ${Date.now() - t0} ms`);
  await expect(open).toContainText("Ann");
  await expect(open).toContainText("waiting for");
  await expect(open.getByRole("button", { name: "Join" })).toBeVisible();

  const bob = await browser.newContext();
  const b = await bob.newPage();
  await named(b, server, "Bob");
  t0 = Date.now();
  expect((await b.request.post(`${server.url}/api/tables/${id}/join`, { data: {} })).ok()).toBeTruthy();
  const playing = w.locator(`.live-tables li[data-id="${id}"]`);
  await expect(playing).toBeVisible({ timeout: LIVE_MS });
  await expect(open).toHaveCount(0);
  console.log(`filled → seen in ${Date.now() - t0} ms`);
  await expect(playing).toContainText("Bob");
  await expect(playing.getByRole("link", { name: "Watch" })).toHaveAttribute("href", `/t/${id}?watch=1`);

  const over = await finish([a.request, b.request], server, id);
  await expect(playing).toHaveCount(0, { timeout: LIVE_MS });
  console.log(`finished → gone in ${Date.now() - over} ms`);

  expect(navigations, "the lobby did not reload").toBe(before);
  expect(await w.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(42);
  await Promise.all([wendy.close(), ann.close(), bob.close()]);
});

test("filters: only the tables of the chosen game, players and speed", async ({ browser, server }) => {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await named(p, server, "Fiona");
  await p.goto(`${server.url}/?lang=en`);
  const async = await create(p.request, server, ["me", "open"], { clock: { mode: "async", hours: 24 } });
  const none = await create(p.request, server, ["me", "open", "open"]);
  await expect(p.locator(`.open-tables li[data-id="${async}"]`)).toBeVisible();
  await expect(p.locator(`.open-tables li[data-id="${none}"]`)).toBeVisible();
  await p.selectOption("#filter-speed", "async");
  await expect(p.locator(`.open-tables li[data-id="${none}"]`)).toHaveCount(0);
  await expect(p.locator(`.open-tables li[data-id="${async}"]`)).toBeVisible();
  await p.selectOption("#filter-speed", "");
  await p.selectOption("#filter-players", "3");
  await expect(p.locator(`.open-tables li[data-id="${async}"]`)).toHaveCount(0);
  await expect(p.locator(`.open-tables li[data-id="${none}"]`)).toBeVisible();
  await p.selectOption("#filter-players", "");
  await p.selectOption("#filter-game", "happy-garden");
  await expect(p.locator(`.open-tables li[data-id]`)).toHaveCount(0);
  // tidy: these tables would fill other tests' screenshots
  for (const id of [async, none]) await p.request.post(`${server.url}/api/tables/${id}/leave`);
  await ctx.close();
});

test("My tables: date, whose turn, time left, the finished ones archived; continue on another device", async ({ browser, server }) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await named(p, server, "Ann");
  const async = await create(p.request, server, ["me", "random"], { clock: { mode: "async", hours: 24 } });
  const done = await create(p.request, server, ["me", "random"]);
  await finish([p.request], server, done);
  await p.goto(`${server.url}/?lang=en`);
  const row = p.locator(`.mine li[data-id="${async}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator(".your-turn")).toHaveText("Your turn");
  await expect(row).toHaveClass(/my-turn/);
  await expect(row.locator(".date")).toContainText(String(new Date().getFullYear()));
  await expect(row.locator(".left")).toHaveText(/^2[34] h( \d+ min)? left$/);
  // the finished table is archived: not in the list, shown on demand
  await expect(p.locator(`.mine li[data-id="${done}"]`)).toHaveCount(0);
  await expect(p.locator(".archive")).toBeHidden();
  await p.getByRole("button", { name: "Show finished tables" }).click();
  const old = p.locator(`.archive li[data-id="${done}"]`);
  await expect(old).toBeVisible();
  await expect(old).toContainText("ended");
  // Ann left (finish): not a win, whatever the bot that finished her game scored.
  await expect(old.locator(".result")).toHaveText("you left: a bot finished your game");
  await expect(old.getByRole("link", { name: "Replay" })).toHaveAttribute("href", `/replay/${done}`);
  await p.getByRole("button", { name: "Hide finished tables" }).click();
  await expect(p.locator(".archive")).toBeHidden();

  // continue on another device, in the page
  await p.getByRole("button", { name: "Make a link" }).click();
  const link = p.locator(".device-link a.link");
  await expect(link).toHaveAttribute("href", /\/continue\//);
  await expect(p.locator(".device-link")).toContainText("within 15 minutes");
  const url = (await link.getAttribute("href"))!;
  const other = await browser.newContext();
  const q = await other.newPage();
  await q.goto(url);
  await q.locator("form button").click();
  await expect(q.locator(".lobby")).toContainText("You play as Ann");
  await expect(q.locator(`.mine li[data-id="${async}"]`)).toBeVisible();
  await Promise.all([ctx.close(), other.close()]);
});

test("My tables follows the turn of a private table as the players move, without reloading", async ({ browser, server }) => {
  test.setTimeout(120_000);
  const ann = await browser.newContext();
  const lobby = await ann.newPage();
  await named(lobby, server, "Ann");
  const r = await lobby.request.post(`${server.url}/api/tables`, { data: { game: "english-gardens", seats: ["me", "open"], public: false } });
  expect(r.status()).toBe(201);
  const { id, invite } = await r.json();
  let navigations = 0;
  lobby.on("framenavigated", (f) => {
    if (f === lobby.mainFrame()) navigations++;
  });
  await lobby.goto(`${server.url}/?lang=en`);
  const before = navigations;
  const row = lobby.locator(`.mine li[data-id="${id}"]`);
  await expect(row.locator(".turn")).toHaveText("Waiting for players");
  const bob = await browser.newContext();
  const b = await bob.newPage();
  await named(b, server, "Bob");
  expect((await b.request.post(`${server.url}/api/tables/${id}/join`, { data: { invite } })).ok()).toBeTruthy();
  // the start, then each move: the row says whose turn within a second
  await expect(row.locator(".turn")).toHaveText(/^(Your turn|Bob to play)$/, { timeout: LIVE_MS });
  const tables = { "Your turn": await ann.newPage(), "Bob to play": b };
  for (let turn = 0; turn < 3; turn++) {
    const who = (await row.locator(".turn").innerText()) as keyof typeof tables;
    const p = tables[who];
    if (!p.url().includes(`/t/${id}`)) await p.goto(`${server.url}/t/${id}?lang=en`);
    // one person's decisions until the turn passes
    for (let i = 0; i < 20 && (await row.locator(".turn").innerText()) === who; i++) {
      const target = await firstChoice(p);
      await target.waitFor({ state: "visible", timeout: 5000 }).catch(() => undefined);
      await target.click({ timeout: 5000 }).catch(() => undefined);
      await lobby.waitForTimeout(300);
    }
    const t0 = Date.now();
    await expect(row.locator(".turn")).not.toHaveText(who, { timeout: LIVE_MS });
    console.log(`turn ${turn}: ${who} → ${await row.locator(".turn").innerText()} (${Date.now() - t0} ms after the check)`);
  }
  expect(navigations, "the lobby did not reload").toBe(before);
  await Promise.all([ann.close(), bob.close()]);
});

for (const lang of ["en", "fr", "de"]) {
  for (const [w, hgt] of [
    [1366, 900],
    [390, 844],
  ]) {
    test(`screenshots of the lobby and a player page in ${lang} at ${w}×${hgt}`, async ({ browser, server }) => {
      // English on a desktop and German on a phone; every one with JARDIN_READABLE_ALL=1
      test.skip(process.env.JARDIN_READABLE_ALL !== "1" && !(lang === "en" && w > 900) && !(lang === "de" && w < 900), "one language a size");
      test.setTimeout(120_000);
      const other = await browser.newContext();
      const o = await other.newPage();
      await named(o, server, "Olivier");
      const waiting = await create(o.request, server, ["me", "open", "open"], { clock: { mode: "realtime", minutes: 10, increment: 5 } });
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt }, locale: lang });
      const p = await ctx.newPage();
      const me = await named(p, server, "Annabelle");
      const mine = await create(p.request, server, ["me", "greedy"], { clock: { mode: "async", hours: 48 } });
      const done = await create(p.request, server, ["me", "greedy"]);
      await finish([p.request], server, done);
      await p.goto(`${server.url}/?lang=${lang}`);
      await expect(p.locator(`.open-tables li[data-id="${waiting}"]`)).toBeVisible();
      await expect(p.locator(`.mine li[data-id="${mine}"]`)).toBeVisible();
      await p.locator(".show-finished").click();
      await expect(p.locator(`.archive li[data-id="${done}"]`)).toBeVisible();
      const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, "no sideways scroll").toBeLessThanOrEqual(w);
      await p.locator(".my-tables").scrollIntoViewIfNeeded();
      await p.screenshot({ path: `${OUT}/lobby-live-${lang}-${w}.png`, fullPage: false, clip: undefined });
      await p.locator(".live-lobby").screenshot({ path: `${OUT}/lobby-live-open-${lang}-${w}.png` });
      expect(await axeScan(p), "serious or critical accessibility violations in the lobby").toEqual([]);
      await p.goto(`${server.url}/p/${me}?lang=${lang}`);
      await expect(p.locator(".player-page h2")).toHaveText("Annabelle");
      await expect(p.locator(`.player-page a[href="/replay/${done}"]`)).toBeVisible();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      await p.screenshot({ path: `${OUT}/player-${lang}-${w}.png`, fullPage: true });
      expect(await axeScan(p), "serious or critical accessibility violations on the player page").toEqual([]);
      for (const id of [waiting]) await o.request.post(`${server.url}/api/tables/${id}/leave`);
      await p.request.post(`${server.url}/api/tables/${mine}/leave`);
      await Promise.all([ctx.close(), other.close()]);
    });
  }
}
