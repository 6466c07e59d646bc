// Renderers against real engine views (the harness), no server involved.
import { expect, firstChoice, test } from "./fixtures";

const games = ["english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten"];

for (const game of games) {
  test(`${game}: the table is drawn from a real view at the start and mid-game`, async ({ page, harness }) => {
    for (const ply of [0, 12]) {
      await page.goto(`${harness}/harness/?game=${game}&players=2&seed=7&ply=${ply}&seat=0`);
      await expect(page.locator(".board-wrap svg.board, .board-wrap pre")).toHaveCount(1);
    }
  });
}

test("schlossgarten: 49 squares, each named for screen readers", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=0&seat=0`);
  const squares = page.locator("svg.board [data-id*=',']");
  await expect(squares).toHaveCount(49);
  await expect(page.locator("svg.board [data-id='3,6']")).toHaveAttribute("data-name", /column 4, row 7/); // from 1, as people count
});

test("keyboard: arrows move between targets, Enter chooses, Escape goes back", async ({ page, harness }) => {
  // alices-garden at ply 0, seat 0 to move: the bags are the targets; later a held tile's cells
  await page.goto(`${harness}/harness/?game=alices-garden&players=2&seed=3&ply=0&seat=0&auto=1`);
  const first = page.locator("svg.board .target").first();
  await first.focus();
  const id0 = await page.evaluate(() => document.activeElement?.getAttribute("data-id"));
  await page.keyboard.press("ArrowRight");
  const id1 = await page.evaluate(() => document.activeElement?.getAttribute("data-id"));
  expect(id1).toBeTruthy();
  expect(id1).not.toBe(id0);
  await page.keyboard.press("ArrowLeft");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id"))).toBe(id0);
  // A move in several steps (schlossgarten: a pawn, then where): choose
  // until a step is pending, then Escape takes it back.
  await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=0&seat=0&auto=1`);
  for (let i = 0; i < 6 && !(await page.locator(".steps .back").count()); i++) {
    await (await firstChoice(page)).focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(100);
  }
  await expect(page.locator(".steps .back")).toBeVisible();
  await (await firstChoice(page)).focus();
  await page.keyboard.press("Escape");
  await expect(page.locator(".steps .chosen-list")).toHaveCount(0);
});
