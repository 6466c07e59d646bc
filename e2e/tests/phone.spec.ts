// Hanging Gardens and Happy Garden read at a glance on a phone (and on a
// desktop): lines of words wrap where the room ends, measured as the
// browser draws them (not at half the width), and the garden a step asks
// about is on the first screen, under the prompt, with the card or tile
// to put in it.
import type { Page } from "@playwright/test";
import { expect, newTable, test, waitReady } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
const langs = ["en", "fr", "de"];

/** at opens the harness's table of a game at a seeded position and waits for its drawing. */
async function at(page: Page, harness: string, game: string, players: number, seed: number, ply: number, seat: number, lang: string): Promise<void> {
  await page.goto(`${harness}/harness/?game=${game}&players=${players}&seed=${seed}&ply=${ply}&seat=${seat}&lang=${lang}`);
  await waitReady(page, 0);
}

/**
 * earlyBreaks measures every wrapped sentence of the drawing (a g.lines
 * with the room it was wrapped to, in the drawing's units): a line wider
 * than its room spills; a line that the next line's first word would have
 * fitted after broke early.
 */
async function earlyBreaks(page: Page): Promise<{ spills: string[]; early: string[]; lines: number }> {
  return page.evaluate(() => {
    const out = { spills: [] as string[], early: [] as string[], lines: 0 };
    for (const grp of document.querySelectorAll("svg.board g.lines")) {
      const room = Number(grp.getAttribute("data-width"));
      const ts = [...grp.querySelectorAll("text")] as SVGTextElement[];
      ts.forEach((t, i) => {
        out.lines++;
        const s = t.textContent ?? "";
        const w = t.getComputedTextLength();
        if (w > room + 0.5) out.spills.push(`"${s}" is ${w.toFixed(0)} wide in ${room}`);
        if (i + 1 < ts.length) {
          const next = (ts[i + 1].textContent ?? "").split(" ")[0];
          t.textContent = `${s} ${next}`;
          const joined = t.getComputedTextLength();
          t.textContent = s;
          // wrapLines keeps a unit to spare: a break is needed past room - 1
          if (joined <= room - 2) out.early.push(`"${s}" broke before "${next}": ${joined.toFixed(0)} would fit in ${room}`);
        }
      });
    }
    return out;
  });
}

// [game, players, seed, ply, seat]: the positions whose sentences wrap (the state's lines, the automa's)
const wrapped: [string, number, number, number, number][] = [
  ["happy-garden", 2, 1, 4, 0],
  ["happy-garden", 2, 1, 38, 0],
  ["happy-garden", 3, 2, 45, 0],
  ["happy-garden", 5, 1, 144, 0],
  ["hanging-gardens", 1, 1, 5, 0],
  ["hanging-gardens", 2, 1, 7, 0],
];

for (const size of [phone, desktop]) {
  test(`${size.width} px: a wrapped line breaks only where the next word would not fit, in every language`, async ({ page, harness }) => {
    await page.setViewportSize(size);
    let lines = 0;
    for (const lang of langs)
      for (const [game, players, seed, ply, seat] of wrapped) {
        await at(page, harness, game, players, seed, ply, seat, lang);
        const got = await earlyBreaks(page);
        const where = `${game} ${players} players seed ${seed} ply ${ply} ${lang}`;
        expect(got.spills, where).toEqual([]);
        expect(got.early, where).toEqual([]);
        lines += got.lines;
      }
    // the positions do wrap sentences: the test measured lines
    expect(lines).toBeGreaterThan(50);
  });
}

/** box is an element's box on the screen (the first one matching). */
async function box(page: Page, sel: string): Promise<{ top: number; bottom: number }> {
  const b = await page.locator(sel).first().boundingBox();
  expect(b, sel).not.toBeNull();
  return { top: b!.y, bottom: b!.y + b!.height };
}

// [players, seed, ply, seat, kind]: Hanging Gardens' steps that act on a garden
const gardenSteps: [number, number, number, number, string][] = [
  [2, 1, 1, 0, "place-first"],
  [2, 1, 3, 0, "put"],
  [2, 1, 7, 0, "place"],
  [2, 1, 12, 1, "objective"],
  [1, 1, 5, 0, "solo-place"],
];

for (const lang of langs)
  test(`phone ${lang}: Hanging Gardens' garden a step asks about is on the first screen, under the prompt`, async ({ page, harness }) => {
    await page.setViewportSize(phone);
    for (const [players, seed, ply, seat, kind] of gardenSteps) {
      await at(page, harness, "hanging-gardens", players, seed, ply, seat, lang);
      const where = `${kind}: ${players} players seed ${seed} ply ${ply} seat ${seat}`;
      const prompt = await box(page, ".status");
      const garden = await box(page, `svg.board g.pyramid[data-owner="${seat}"]`);
      expect(garden.top, `${where}: the garden starts under the prompt`).toBeGreaterThanOrEqual(prompt.bottom);
      expect(garden.bottom, `${where}: the garden ends on the first screen`).toBeLessThanOrEqual(phone.height);
      // the garden's places are targets a finger can hit
      for (const b of await page.locator(`svg.board g.pyramid[data-owner="${seat}"] .target`).evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect)))
        expect(Math.min(b.width, b.height), where).toBeGreaterThanOrEqual(40);
      if (kind === "objective") {
        // the objectives are the targets: on the first screen too
        const obj = await box(page, "svg.board [data-id^='objective']");
        expect(obj.top, where).toBeGreaterThanOrEqual(prompt.bottom);
        expect(obj.bottom, where).toBeLessThanOrEqual(phone.height);
      } else {
        // the card (or tile) to place: the only thing drawn under its code
        const ids = await page.locator("svg.board [data-id]").evaluateAll((es) => es.map((e) => e.getAttribute("data-id") ?? ""));
        const card = ids.find((id) => /^[A-Z]{2}\d{2}$/.test(id));
        expect(card, `${where}: a card to place`).toBeTruthy();
        const c = await box(page, `svg.board [data-id="${card}"]`);
        expect(c.top, where).toBeGreaterThanOrEqual(prompt.bottom);
        expect(c.bottom, where).toBeLessThanOrEqual(phone.height);
      }
    }
  });

// [players, seed, ply, seat, kind, the garden's owner]: Happy Garden's steps that act on a garden
const tileSteps: [number, number, number, number, string, number][] = [
  [2, 1, 0, 0, "setup", 0],
  [2, 1, 5, 0, "place", 0],
  [2, 1, 38, 0, "worm", 0],
  [2, 1, 56, 0, "receive", 0],
  [2, 2, 27, 0, "after", 0],
  [2, 2, 29, 0, "repot_dest", 0],
  [2, 3, 41, 1, "steal", 0],
];

for (const lang of langs)
  test(`phone ${lang}: Happy Garden's garden a step asks about is on the first screen, under the prompt`, async ({ page, harness }) => {
    await page.setViewportSize(phone);
    for (const [players, seed, ply, seat, kind, owner] of tileSteps) {
      await at(page, harness, "happy-garden", players, seed, ply, seat, lang);
      const where = `${kind}: ${players} players seed ${seed} ply ${ply} seat ${seat}`;
      const prompt = await box(page, ".status");
      const garden = await box(page, `svg.board g.garden[data-owner="${owner}"]`);
      expect(garden.top, `${where}: the garden starts under the prompt`).toBeGreaterThanOrEqual(prompt.bottom);
      expect(garden.bottom, `${where}: the garden ends on the first screen`).toBeLessThanOrEqual(phone.height);
      // what the step names in it is on that screen and large enough to tap
      const targets = await page.locator(`svg.board g.garden[data-owner="${owner}"] .target`).evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
      // (ending a turn names no tile: its choices are buttons)
      if (kind !== "after") expect(targets.length, where).toBeGreaterThan(0);
      for (const b of targets) {
        expect(Math.min(b.width, b.height), where).toBeGreaterThanOrEqual(40);
        expect(b.bottom, where).toBeLessThanOrEqual(phone.height);
      }
    }
  });

/**
 * A newcomer's game against a bot, by a click on the first thing each step
 * offers, to the score pad, never scrolling (the clicks are dispatched: a
 * real click scrolls to its target): at every step of theirs the prompt
 * is on the screen, and so is something the step asks them to tap, under
 * it (a thing on the drawing when the step names some); on a phone every target on the drawing is 40 px or more.
 * JARDIN_PHONE_SHOTS=dir keeps a picture of each new prompt (and the score
 * pad) there, in every language at both sizes (else one language a game,
 * on a phone only).
 */
const shots = process.env.JARDIN_PHONE_SHOTS;
for (const [k, game] of ["hanging-gardens", "happy-garden"].entries())
  for (const lang of langs)
    for (const size of [phone, desktop]) {
      const run = shots ? true : size === phone && lang === langs[(k + 1) % 3];
      test(`${game} ${lang} at ${size.width} px: played to the score pad, every step's prompt and a target of it on the screen`, async ({ page, server }) => {
        test.skip(!run, "one language a game on a phone (JARDIN_PHONE_SHOTS=dir: all)");
        test.setTimeout(300_000);
        await page.setViewportSize(size);
        const t = await newTable(page, server, game, ["me", "random"], { name: "Ann" });
        await page.goto(`${t.url}${t.url.includes("?") ? "&" : "?"}lang=${lang}`);
        const seen = new Set<string>();
        let steps = 0;
        const look = () =>
          page.evaluate(() => {
            const st = document.querySelector(".status")!.getBoundingClientRect();
            const H = innerHeight;
            const offered = [...document.querySelectorAll("svg.board .target, .steps button.choice")].map((e) => e.getBoundingClientRect());
            const board = [...document.querySelectorAll("svg.board .target")].map((e) => e.getBoundingClientRect());
            return {
              prompt: (document.querySelector(".status")!.textContent ?? "").trim(),
              // a step that names things on the drawing: one of them (not only a button above it)
              on: st.top >= 0 && st.bottom <= H && (board.length ? board : offered).some((b) => b.top >= st.bottom - 1 && b.bottom <= H),
              small: innerWidth < 500 ? board.filter((b) => Math.min(b.width, b.height) < 39.5).length : 0,
            };
          });
        for (let clicks = 0; clicks < 600; ) {
          if (await page.locator(".scorepad").count()) break;
          const choice = page.locator("svg.board .target, .steps button.choice").first();
          if (!(await choice.isVisible().catch(() => false))) {
            await page.waitForTimeout(150);
            continue;
          }
          // the page brings a new step into view after drawing it
          let state = await look();
          for (let i = 0; i < 20 && !state.on; i++) {
            await page.waitForTimeout(100);
            state = await look();
          }
          const where = `${game} ${lang}: "${state.prompt}"`;
          expect(state.on, `${where}: the prompt and something to tap under it are on the screen`).toBe(true);
          expect(state.small, `${where}: targets under 40 px`).toBe(0);
          const key = state.prompt.replace(/\d+/g, "#");
          if (shots && !seen.has(key)) {
            seen.add(key);
            await page.screenshot({ path: `${shots}/${game}-${lang}-${size.width}-${String(++steps).padStart(2, "0")}.png` });
          }
          await choice.dispatchEvent("click").catch(() => undefined);
          clicks++;
          // the page answers the move before the next look (a bot may reply)
          await page.waitForTimeout(80);
        }
        await expect(page.locator(".scorepad")).toBeVisible();
        if (shots) {
          await page.locator(".scorepad").scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${shots}/${game}-${lang}-${size.width}-pad.png` });
        }
      });
    }

test("desktop: Hanging Gardens' own garden is beside the market, on the first screen, with the card to place", async ({ page, harness }) => {
  await page.setViewportSize(desktop);
  for (const lang of langs)
    for (const [players, seed, ply, seat, kind] of gardenSteps) {
      await at(page, harness, "hanging-gardens", players, seed, ply, seat, lang);
      const where = `${lang} ${kind}: ${players} players seed ${seed} ply ${ply} seat ${seat}`;
      const prompt = await box(page, ".status");
      const garden = await box(page, `svg.board g.pyramid[data-owner="${seat}"]`);
      const market = await box(page, "svg.board [data-id='market:1:4']");
      expect(garden.top, where).toBeGreaterThanOrEqual(prompt.bottom);
      expect(garden.bottom, `${where}: the garden ends on the first screen`).toBeLessThanOrEqual(desktop.height);
      // level with the market, not under it
      expect(garden.top, where).toBeLessThan(market.bottom);
      if (kind !== "objective") {
        const ids = await page.locator("svg.board [data-id]").evaluateAll((es) => es.map((e) => e.getAttribute("data-id") ?? ""));
        const card = ids.find((id) => /^[A-Z]{2}\d{2}$/.test(id));
        const c = await box(page, `svg.board [data-id="${card}"]`);
        expect(c.bottom, `${where}: the card to place is on the first screen`).toBeLessThanOrEqual(desktop.height);
      }
    }
});

test("desktop: a small drawing grows by a fifth at most (a two-player Happy Garden grew 1.6 times, past the screen)", async ({ page, server }) => {
  await page.setViewportSize(desktop);
  for (const game of ["happy-garden", "hanging-gardens"]) {
    const t = await newTable(page, server, game, ["me", "random"], { name: "Ann" });
    await page.goto(t.url);
    await expect(page.locator("svg.board")).toHaveCount(1);
    const scale = await page.locator("svg.board").evaluate((s) => s.getBoundingClientRect().width / (s as SVGSVGElement).viewBox.baseVal.width);
    expect(scale, game).toBeLessThanOrEqual(1.2 + 1e-3);
    // and still shrinks to a phone's column
    await page.setViewportSize(phone);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), game).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize(desktop);
  }
});
