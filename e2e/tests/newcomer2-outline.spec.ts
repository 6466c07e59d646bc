// A card the player may take is outlined at its edge, never in its words
// (a newcomer's review: the Hanging Gardens' market card names, drawn in
// an orange 4 px outline, could not be read on a phone). The highlight of
// a target whose shape is a group lands on the group's first rectangle.
import { expect, test } from "./fixtures";

test("a Hanging Gardens market card to take is outlined at its edge, its words are not", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${harness}/harness/?game=hanging-gardens&players=2&seed=3&ply=0&seat=1&lang=fr`);
  const cards = page.locator('.board-wrap svg.board .target[data-id^="market:"]');
  await expect(cards.first()).toBeVisible();
  const got = await cards.evaluateAll((els) =>
    els.map((e) => ({
      edge: getComputedStyle(e.querySelector(".hl > rect")!).stroke,
      words: [...e.querySelectorAll("text")].map((t) => getComputedStyle(t).stroke),
    })),
  );
  expect(got.length).toBeGreaterThan(0);
  for (const c of got) {
    expect(c.edge).toBe("rgb(224, 138, 0)"); // --target
    expect(c.words.filter((s) => s !== "none")).toEqual([]);
  }
});
