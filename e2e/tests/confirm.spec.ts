// Nothing irreversible on a selecting click (web/src/picker.ts, Picker.last):
// a piece that has one legal place is selected by its click, and its place
// waits for a tap, as a step with two answers does. Before the fix,
// Schlossgarten's element that fits one place was built on the click that
// selected it, and an English Gardens card that fits one square was placed.
import { expect, test } from "./fixtures";

const cases = [
  // a 2-player Schlossgarten, seed 8, ply 31: red's column fits one place
  { game: "schlossgarten", seed: 8, ply: 31, piece: "column" },
  // a 2-player English Gardens, seed 1, ply 35: the first card in hand fits one square
  { game: "english-gardens", seed: 1, ply: 35, piece: "hand:1" },
];

for (const c of cases) {
  test(`${c.game}: a piece with one place asks for a tap on it`, async ({ page, harness }) => {
    await page.goto(`${harness}/harness/?game=${c.game}&players=2&seed=${c.seed}&ply=${c.ply}&seat=0&lang=en`);
    await expect(page.locator("body[data-ready='0']")).toHaveCount(1);
    await page.locator(`svg.board [data-id='${c.piece}']`).first().click();
    // selected, not played: the one place is the target, the bar offers Cancel
    await page.waitForTimeout(200);
    await expect(page.locator("body")).toHaveAttribute("data-ready", "0");
    const targets = page.locator("svg.board .target");
    await expect(targets).toHaveCount(1);
    await expect(page.locator(".steps .back")).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/${c.game}-confirm.png` });
    // the tap on the place plays the move
    await targets.first().click();
    await expect(page.locator("body")).toHaveAttribute("data-ready", "1");
  });
}
