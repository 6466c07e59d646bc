// Whole games through the page against a real `jardin serve`: one human
// seat clicking its way against bots, to the score pad.
import { expect, newTable, playByClicks, test } from "./fixtures";

const games: { game: string; seats: string[] }[] = [
  { game: "schlossgarten", seats: ["me", "greedy"] },
];

for (const { game, seats } of games) {
  test(`${game}: a whole game by clicks against ${seats.slice(1).join(", ")}`, async ({ page, server }) => {
    test.setTimeout(180_000);
    const t = await newTable(page, server, game, seats);
    await page.goto(server.url + t.url);
    await expect(page.locator("svg.board")).toBeVisible();
    const clicks = await playByClicks(page);
    expect(clicks).toBeGreaterThan(3);
    await expect(page.locator(".status")).toHaveText(/Game over|Partie terminée/);
    await expect(page.locator(".scorepad tbody tr")).not.toHaveCount(0);
  });
}
