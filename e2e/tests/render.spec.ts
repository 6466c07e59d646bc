// Renderers against real engine views (the harness), no server involved.
import { expect, test } from "./fixtures";

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
  await expect(page.locator("svg.board [data-id='3,6']")).toHaveAttribute("data-name", /3,6/);
});
