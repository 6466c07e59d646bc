// English Gardens on the harness (real engine positions): nothing
// irreversible on a selecting click, and a table read without hovering.
import { expect, test, waitReady } from "./fixtures";

// Seed 8, 21 random plies: seat 1 (index 0) is to place or discard, and its
// first hand card (a yellow lily) fits no cell of its village — the review's
// "discarded on click" position.
const placeOrDiscard = "game=english-gardens&players=2&seed=8&ply=21&seat=0";

test("a hand card with no legal cell is not discarded by a click; the discard pile asks which card", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?${placeOrDiscard}`);
  await waitReady(page, 0);
  const lily = page.locator("svg.board [data-id='hand:1']");
  await expect(lily).toHaveCount(1);
  // Not a target: a click on it selects nothing and plays nothing.
  await expect(lily).not.toHaveClass(/target/);
  await lily.click({ force: true });
  await page.waitForTimeout(300);
  await waitReady(page, 0);
  await expect(page.locator("svg.board [data-owner='0'] [data-id^='hand:']")).toHaveCount(4);
  // The discard pile is the discard's own first choice; then every hand
  // card is a target, and still nothing is played until one is clicked.
  const pile = page.locator("svg.board [data-id='discard-pile']");
  await expect(pile).toHaveClass(/target/);
  await pile.click();
  await page.waitForTimeout(300);
  await waitReady(page, 0);
  await expect(page.locator("svg.board [data-owner='0'] [data-id^='hand:'].target")).toHaveCount(4);
  await lily.click();
  await waitReady(page, 1);
  await expect(page.locator("svg.board [data-owner='0'] [data-id='discard-pile']")).toHaveAttribute("data-name", /1/);
});

test("each village is its owner's group; the shared displays are nobody's", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?game=english-gardens&players=3&seed=5&ply=12&seat=1`);
  await waitReady(page, 0);
  for (const seat of [0, 1, 2]) await expect(page.locator(`svg.board g[data-owner='${seat}']`)).toHaveCount(1);
  await expect(page.locator("svg.board [data-owner] [data-id^='land-display'], svg.board [data-owner] [data-id^='trophy-d']")).toHaveCount(0);
  // The viewer's own places carry bare ids, the others' their seat.
  await expect(page.locator("svg.board g[data-owner='1'] [data-id='r2c2']")).toHaveCount(1);
  await expect(page.locator("svg.board g[data-owner='0'] [data-id='0:r2c2']")).toHaveCount(1);
});

for (const lang of ["en", "fr", "de"]) {
  for (const [w, h] of [
    [1366, 768],
    [390, 844],
  ]) {
    test(`${lang} ${w}px: trophies and cards read without hovering, no raw id, text fits and is large enough`, async ({ page, harness }) => {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${harness}/harness/?game=english-gardens&players=4&seed=11&ply=40&seat=0&lang=${lang}`);
      await waitReady(page, 0);
      const report = await page.evaluate(() => {
        const svg = document.querySelector("svg.board") as SVGSVGElement;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent!.trim());
        const small = texts.filter((t) => parseFloat(getComputedStyle(t).fontSize) * scale < (innerWidth < 500 ? 12 : 11)).map((t) => t.textContent);
        // A squeezed line is drawn in its textLength; every other line's
        // measured length stays inside its card.
        const over = texts
          .filter((t) => !t.hasAttribute("textLength") && t.closest("[data-id^='trophy-display:'], [data-id^='trophy:'], [data-id^='land-display:'], [data-id^='hand:']"))
          .filter((t) => t.getComputedTextLength() > 80)
          .map((t) => t.textContent);
        const raw = texts.map((t) => t.textContent!).filter((s) => /\b(C\d+|r\dc\d|hand:\d|trophy:\d+|land:\d+|#\w+|special2)\b/.test(s));
        return { small, over, raw, docW: document.documentElement.scrollWidth };
      });
      expect(report.small, "text under the minimum size").toEqual([]);
      expect(report.over, "text wider than its card").toEqual([]);
      expect(report.raw, "raw ids in the drawing").toEqual([]);
      expect(report.docW).toBeLessThanOrEqual(w);
      // Trophies show what they reward: points drawn on each trophy card.
      const trophies = page.locator("svg.board [data-id^='trophy-display:']");
      for (let i = 0; i < (await trophies.count()); i++) {
        const t = (await trophies.nth(i).locator("text").allTextContents()).join(" ");
        if (t.trim()) expect(t).toMatch(/[+−]\d|\b0\b/);
      }
      // Trees are drawn, never letters.
      await expect(page.locator("svg.board text").filter({ hasText: /^[OBW]$/ })).toHaveCount(0);
    });
  }
}
