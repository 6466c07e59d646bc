// Hints (issue 25) and the newcomer review's fixes on the table page and
// the create form: the seat to move asks "Suggest a move", sees the Medium
// bot's move marked on the drawing, in words and in points, and nothing is
// played; no notation box; a spectator reads a free seat in words; the
// create form shows the automa's difficulty for a solo game only; a player
// who resigned may still offer a rematch; the score pad breaks no word.
import { type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, newTable, Server, test, headControl } from "./fixtures";

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
// Ids, notations and internal codes a player must never read.
const rawId = /(^|\s)#\w|\b[a-z]+(-[a-z]+)*:[\w:-]+|\bland:\d|\bhand:\d/;

let server: Server;
test.beforeAll(async () => {
  server = await Server.start(["--hint-burst", "20"]);
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = process.env.JARDIN_E2E_OUT ? join(process.env.JARDIN_E2E_OUT, "hints") : "";
async function snap(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** brokenWords lists the words of el's text that the layout split over two lines. */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => {
    const out: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (const m of text.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index!);
          r.setEnd(n, m.index! + m[0].length);
          const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
}

/** wordsAndPoints lists a drawing's words followed by their points on a line ("petunia" "+1"), and those squeezed against them. */
async function wordsAndPoints(page: Page): Promise<{ pairs: number; squeezed: string[] }> {
  return page.locator("svg.board").evaluate((svg) => {
    let pairs = 0;
    const squeezed: string[] = [];
    for (const t of svg.querySelectorAll("text")) {
      const next = t.nextElementSibling;
      // a word and the points after it; a count table's "0:" and its points are a pair by design
      if (!next || next.tagName !== "text" || !/^[+−]?\d+$/.test(next.textContent ?? "") || !/\p{L}{3}/u.test(t.textContent ?? "")) continue;
      const a = (t as SVGTextElement).getBBox(), b = (next as SVGTextElement).getBBox();
      if (Math.abs(a.y - b.y) >= 4 || b.x <= a.x) continue;
      pairs++;
      if (b.x - (a.x + a.width) < 4) squeezed.push(`${t.textContent}${next.textContent}`);
    }
    return { pairs, squeezed };
  });
}

test("English Gardens' trophy lists keep a gap between a word and its points, in letters large enough", async ({ page, harness }) => {
  for (const [size, vp] of [["desktop", desktop], ["phone", phone]] as const) {
    await page.setViewportSize(vp);
    await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=6&seat=0&lang=fr`);
    await expect(page.locator("svg.board")).toBeVisible();
    const got = await wordsAndPoints(page);
    expect(got.pairs).toBeGreaterThan(0);
    expect(got.squeezed).toEqual([]);
    // englishgardens.spec's minimum: 12 px on a phone, 11 on a desktop, as drawn.
    const small = await page.locator("svg.board").evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return [...svg.querySelectorAll("text")].filter((t) => t.textContent!.trim() && parseFloat(getComputedStyle(t).fontSize) * scale < (innerWidth < 500 ? 12 : 11)).map((t) => t.textContent);
    });
    expect(small, size).toEqual([]);
    await snap(page, `trophy-lists-fr-${size}`);
  }
});

test("Schlossgarten's log says a constellation card in words", async ({ page, harness }) => {
  await page.setViewportSize(desktop);
  await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=3&seat=0&lang=en`);
  await expect(page.locator(".log")).toContainText("constellation card (");
  await expect(page.locator(".log")).not.toContainText("·");
  await snap(page, "schlossgarten-log-en-desktop");
});

test("the seat to move asks for a hint: the Medium bot's move marked, in words and points, nothing played", async ({ page }) => {
  test.setTimeout(90_000);
  const t = await newTable(page, server, "english-gardens", ["me", "greedy"], { name: "Ann" });
  await page.setViewportSize(desktop);
  await page.goto(`${t.url}?lang=en`);
  const ask = page.locator("button.suggest-ask");
  await expect(ask).toBeVisible({ timeout: 15_000 }); // after the bot's move if it starts
  await expect(page.locator("input[name=move], .movebox")).toHaveCount(0); // no notation box
  const before = await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json();
  await ask.click();
  await expect(page.locator(".suggest-says")).toContainText("bot suggests:", { timeout: 20_000 });
  await expect(page.locator(".suggest-points")).toContainText("with this move");
  expect(await page.locator("svg.board .hinted").count()).toBeGreaterThan(0);
  expect(await page.locator(".suggest").innerText()).not.toMatch(rawId);
  // Nothing was played: same version, still Ann's turn, her targets still offered.
  const after = await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json();
  expect(after.version).toBe(before.version);
  expect(after.toMove).toBe(before.toMove);
  await expect(page.locator("svg.board .target").first()).toBeVisible();
  expect((await wordsAndPoints(page)).squeezed).toEqual([]);
  // Hidden, it is gone; the button stays.
  await page.locator("button.suggest-hide").click();
  await expect(page.locator(".suggest-says")).toHaveCount(0);
  await expect(page.locator("svg.board .hinted")).toHaveCount(0);
  // Looked at: English on a desktop and German on a phone; every language at both sizes with JARDIN_READABLE_ALL=1.
  const all = process.env.JARDIN_READABLE_ALL === "1";
  for (const lang of all ? ["en", "fr", "de"] : ["en", "de"]) {
    for (const [size, vp] of [["desktop", desktop], ["phone", phone]] as const) {
      if (!all && (lang === "en") !== (size === "desktop")) continue;
      await page.setViewportSize(vp);
      await page.goto(`${t.url}?lang=${lang}`);
      await page.locator("button.suggest-ask").click();
      await expect(page.locator(".suggest-says")).toBeVisible({ timeout: 20_000 });
      expect(await page.locator(".suggest").innerText()).not.toMatch(rawId);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
      await page.locator(".suggest").scrollIntoViewIfNeeded();
      await snap(page, `hint-${lang}-${size}`);
    }
  }
});

test("a table without hints, a spectator's free seat, the automa's difficulty for a solo game only", async ({ page, browser }) => {
  const off = await page.request.post(`${server.url}/api/me`, { data: { name: "Ann" } });
  expect(off.ok()).toBeTruthy();
  const r = await page.request.post(`${server.url}/api/tables`, {
    data: { game: "english-gardens", players: 2, seats: ["me", "open"], clock: { mode: "none" }, public: true, hints: false },
  });
  expect(r.status()).toBe(201);
  const t = await r.json();
  const refused = await page.request.post(`${server.url}/api/tables/${t.id}/hint?lang=en`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toContain("hints are off");
  // A spectator reads the open seat in words.
  const ctx = await browser.newContext({ viewport: desktop });
  const w = await ctx.newPage();
  await w.goto(`${new URL(t.spectate, server.url).href}&lang=en`.replace("?&", "?"));
  await expect(w.locator(".seats")).toContainText("Free seat — waiting for a player");
  await expect(w.locator(".seats")).not.toContainText("Open (a person)");
  await snap(w, "free-seat-en-desktop");
  await ctx.close();
  // The create form: Hanging Gardens' automa difficulty only for 1 player.
  await page.goto(`${server.url}/?lang=en`);
  await page.locator("select#game").selectOption("hanging-gardens");
  await page.locator("select#players").selectOption("2");
  await expect(page.locator("#opt-difficulty")).toHaveCount(0);
  await expect(page.locator("#hints")).toBeChecked();
  await page.locator("#hints").scrollIntoViewIfNeeded();
  await snap(page, "create-2-players-en-desktop");
  await page.setViewportSize(phone);
  await page.goto(`${server.url}/?lang=de`);
  await page.locator("select#game").selectOption("hanging-gardens");
  await page.locator("#hints").scrollIntoViewIfNeeded();
  await snap(page, "create-de-phone");
  await page.setViewportSize(desktop);
  await page.goto(`${server.url}/?lang=en`);
  await page.locator("select#game").selectOption("hanging-gardens");
  await page.locator("select#players").selectOption("1");
  await expect(page.locator("#opt-difficulty")).toBeVisible();
});

test("a player who resigned offers the rematch; the German score pad breaks no word", async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await (await browser.newContext({ viewport: phone, locale: "de" })).newPage();
  const t = await newTable(ann, server, "happy-garden", ["me", "greedy"], { name: "Ann" });
  await ann.goto(`${t.url}?lang=de`);
  await expect(ann.locator("svg.board")).toBeVisible();
  await (await headControl(ann, "button.resign")).click();
  await ann.locator("dialog[open] button[value=yes]").click();
  // The bots play the game to its end.
  await expect(ann.locator(".scorepad")).toBeVisible({ timeout: 90_000 });
  expect(await brokenWords(ann, ".scorepad th, .scorepad td")).toEqual([]);
  await ann.locator(".scorepad").scrollIntoViewIfNeeded();
  await snap(ann, "scorepad-de-phone");
  // In the side panel on a desktop too, and in the other languages.
  for (const [lang, vp] of [["de", desktop], ["fr", desktop], ["en", phone]] as const) {
    await ann.setViewportSize(vp);
    await ann.goto(`${t.url}?lang=${lang}`);
    await expect(ann.locator(".scorepad")).toBeVisible();
    expect(await brokenWords(ann, ".scorepad th, .scorepad td"), `${lang} ${vp.width}`).toEqual([]);
  }
  await snap(ann, "scorepad-en-phone");
  await ann.setViewportSize(phone);
  await ann.goto(`${t.url}?lang=de`);
  const offer = ann.locator("button.rematch-offer");
  await expect(offer).toBeVisible();
  await expect(ann.locator(".seats li.me")).toContainText("Ann (du)"); // still her seat, played by a bot
  await snap(ann, "rematch-resigned-de-phone");
  await offer.click();
  // Alone with a bot: the rematch starts at once.
  await expect(ann).not.toHaveURL(new RegExp(`/t/${t.id}(\\?|$)`), { timeout: 10_000 });
  await expect(ann.locator("svg.board")).toBeVisible();
});
