// The table page's header on a phone: the site's bar, the game's title, How
// to play, the seats with their clocks, the chat's link and Resign/Leave take
// a thin band, so that the prompt and the drawing are on the first screen
// (they took about 280 px of a 390x844 phone before). Every control stays a
// target of 40 px at least and reachable, and Resign still asks first.
// JARDIN_HEADER_SHOTS=dir keeps pictures of every game's table in en/fr/de.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, firstChoice, newTable, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const LANGS = ["en", "fr", "de"] as const;
const shotsDir = process.env.JARDIN_HEADER_SHOTS;

async function snap(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/** The header's controls (and Undo, Suggest) that a player uses: each must be a 40 px target and reachable. */
const controls = ["body h1 a", ".head-menu summary", "a.how-to", "a.settings-link", ".lang-switch", ".chat-jump", "button.resign", "button.leave", "button.undo", "button.suggest-ask", "button.notify", "button.handover"];

async function checkControls(page: Page, within = ""): Promise<void> {
  for (const sel of controls) {
    const all = page.locator(within + sel);
    // Locators, not handles: the page redraws its controls on every update, and a locator finds the new ones.
    for (let i = 0; i < (await all.count()); i++) {
      const el = all.nth(i);
      if (!(await el.isVisible())) continue;
      const b = await el.boundingBox();
      if (!b) continue; // redrawn meanwhile (the suggest box is, on every update): its successor is checked next time
      expect(b.height, `${sel} is ${b.height} px tall`).toBeGreaterThanOrEqual(40);
      expect(b.width, `${sel} is ${b.width} px wide`).toBeGreaterThanOrEqual(40);
      expect(b.x, `${sel} starts off the screen`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${sel} ends off the screen`).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
      // Reachable: nothing covers its middle.
      // Scrolled to and hit-tested in one step: the page may redraw the control between two of the test's steps.
      const hit = await el.evaluate((e) => {
        e.scrollIntoView({ block: "nearest" });
        const r = e.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!at && (e === at || e.contains(at));
      });
      expect(hit, `${sel} is covered`).toBeTruthy();
    }
  }
  if (!within) await page.evaluate(() => window.scrollTo(0, 0));
}

test("a four-seat table with clocks on a phone: the prompt within 120 px of the top in en/fr/de, 40 px controls, Resign asks first", async ({ browser, server }) => {
  test.setTimeout(180_000);
  const ann = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const bob = await browser.newContext({ viewport: DESKTOP });
  const a = await ann.newPage();
  const b = await bob.newPage();
  // Ann's long name, Bob who chats and then goes away, two bots; ten minutes each and five seconds a move.
  const t = await newTable(a, server, "alices-garden", ["me", "greedy", "greedy", "open"], { name: "Annemarie", options: { first: "1" }, clock: { mode: "realtime", minutes: 10, increment: 5 } });
  await b.goto(t.inviteUrl);
  await b.locator("input[name=name]").fill("Bartholomew");
  await b.getByRole("button", { name: /seat/i }).click();
  await expect(b.locator("svg.board")).toBeVisible();
  await b.close();
  for (const lang of LANGS) {
    await a.goto(`${t.url}?lang=${lang}`);
    await expect(a.locator("svg.board")).toBeVisible();
    // Bob comes back, says a line Ann has not read, and goes away again: his dot says so.
    const bp = await bob.newPage();
    await bp.goto(t.url);
    await bp.locator(".chatbox input").fill(`Hello from Bartholomew (${lang})`);
    await bp.locator(".chatbox input").press("Enter");
    await expect(a.locator("body")).toHaveAttribute("data-unread", "1");
    await bp.close();
    await expect(a.locator(".seats .dot.off")).toHaveCount(1);
    await expect(a.locator(".seats .clock")).toHaveCount(4);
    await expect(a.locator(".decide .status")).not.toBeEmpty();
    await expect(a.locator(".seats li.me.to-move")).toHaveCount(1); // Ann's turn: the prompt is hers
    await a.evaluate(() => window.scrollTo(0, 0));
    expect(await a.evaluate(() => window.scrollY)).toBe(0);
    const top = (await a.locator(".decide .status").boundingBox())!.y;
    await snap(a, `alices-garden-4-${lang}-phone`);
    const head = (await a.locator(".table-head").boundingBox())!;
    expect(head.y, "the header's bar starts at the top, not above it").toBeGreaterThanOrEqual(0);
    // The game's title is there to read, not cut to a letter beside a long chat link (French).
    expect((await a.locator(".head-names h1").boundingBox())!.width).toBeGreaterThanOrEqual(80);
    expect(top, `the prompt's top in ${lang}`).toBeLessThanOrEqual(120);
    // Nothing a player needs is gone: whose turn, the clocks, who is away, the unread chat, How to play, Resign.
    await expect(a.locator(".seats li[aria-current=true]")).toHaveCount(1);
    await expect(a.locator(".seats .dot.off")).toHaveCount(1);
    await expect(a.locator(".chat-jump .unread")).toBeVisible();
    await checkControls(a);
    // The menu holds How to play, the settings, the languages, Resign and Leave.
    await a.locator(".head-menu summary").click();
    await expect(a.locator("a.how-to")).toBeVisible();
    await expect(a.locator("a.settings-link")).toBeVisible();
    await expect(a.locator("button.leave")).toBeVisible();
    await expect(a.locator("button.resign")).toBeVisible();
    await snap(a, `alices-garden-4-${lang}-phone-menu`);
    await checkControls(a, ".head-menu-panel "); // the open menu covers what is under it, as it should
    if (!(await a.locator("button.resign").isVisible())) await a.locator(".head-menu summary").click();
    // No sideways scrolling.
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Resign asks before acting; no keeps Ann seated.
    await a.locator("button.resign").click();
    const d = a.locator("dialog[open]");
    await expect(d).toBeVisible();
    await snap(a, `alices-garden-4-${lang}-phone-resign`);
    await d.locator("button[value=no]").click();
    await expect(d).toBeHidden();
    await expect(a.locator(".seats li.me")).toHaveCount(1);
    await expect(a.locator(".seats li.me .seat-name")).toContainText("Annemarie");
    // "Annemarie (you)" is whole on a 390 px phone: only a name too long for its half is cut.
    const fit = await a.locator(".seats li.me .seat-name").evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(fit[0], `"Annemarie (you)" in ${lang}: ${fit[0]} px in ${fit[1]}`).toBeLessThanOrEqual(fit[1]);
  }
  // The chat's link still opens the chat and reads it.
  await a.locator(".chat-jump").click();
  await expect(a.locator(".chat-panel")).toBeInViewport();
  await expect(a.locator(".chat-jump .unread")).toBeHidden();
  // On a desktop the header still holds everything in sight.
  await a.setViewportSize(DESKTOP);
  await a.goto(`${t.url}?lang=de`);
  await expect(a.locator("svg.board")).toBeVisible();
  await snap(a, "alices-garden-4-de-desktop");
  await expect(a.locator("button.resign")).toBeInViewport();
  await expect(a.locator(".seats")).toBeInViewport();
  await ann.close();
});

test("every game's table on a phone, two seats: the prompt high, 40 px controls; Undo and Suggest in one row", async ({ browser, server }) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const p = await ctx.newPage();
  for (const [k, game] of ["alices-garden", "english-gardens", "hanging-gardens", "happy-garden", "schlossgarten"].entries()) {
    const lang = LANGS[k % 3];
    const r = await p.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    expect(r.ok()).toBeTruthy();
    const c = await p.request.post(server.url + "/api/tables", { data: { game, players: 2, seats: ["me", "greedy"], options: { first: "1" }, clock: { mode: "none" }, public: true, undo: true } });
    expect(c.status(), await c.text()).toBe(201);
    const url = new URL((await c.json()).url, server.url).href;
    await p.goto(`${url}?lang=${lang}`);
    await expect(p.locator("svg.board")).toBeVisible();
    await expect(p.locator("button.suggest-ask")).toBeVisible();
    await p.evaluate(() => window.scrollTo(0, 0));
    const top = (await p.locator(".decide .status").boundingBox())!.y;
    await snap(p, `${game}-2-${lang}-phone`);
    expect(top, `${game}: the prompt's top in ${lang}`).toBeLessThanOrEqual(120);
    await checkControls(p);
    // Alice's Garden, a tile taken, the same turn goes on with Undo offered (in the other games the bot's
    // move ends the undo): Undo and Suggest side by side, under the tile's turning tools, not a row each.
    if (game !== "alices-garden") continue;
    const undo = p.locator("button.undo");
    for (let i = 0; i < 40 && !(await undo.isVisible()); i++) {
      // a bot may be thinking, or the page redrawing: then no choice for a moment
      await (await firstChoice(p)).click({ timeout: 3000 }).catch(() => {});
      await p.waitForTimeout(400);
    }
    await expect(undo).toBeVisible();
    await expect(p.locator("button.suggest-ask")).toBeVisible();
    await p.evaluate(() => window.scrollTo(0, 0));
    await snap(p, `${game}-2-${lang}-phone-undo`);
    const u = (await undo.boundingBox())!;
    const g = (await p.locator("button.suggest-ask").boundingBox())!;
    expect(Math.abs(u.y - g.y), `${game}: Undo at ${u.y}, Suggest at ${g.y}`).toBeLessThan(u.height / 2);
    await checkControls(p);
  }
  await ctx.close();
});
