// Every component a renderer draws has a name in the game's texts: the
// harness lists in <body data-missing-comps> each id a renderer looked up
// and did not find (web/src/harness.ts). Real engine views at four plies
// (the last one past the end), from two seats, in both languages.
import { expect, test } from "./fixtures";

const games: [string, number][] = [
  ["english-gardens", 4],
  ["alices-garden", 4],
  ["hanging-gardens", 4],
  ["happy-garden", 5],
  ["schlossgarten", 4],
];

for (const [game, players] of games) {
  test(`${game}: every component the renderer draws is named by the texts`, async ({ page, harness }) => {
    const missing = new Set<string>();
    // seat 0 in English, the last seat in French, seat 1 in German (kept short: each
    // position is a page load)
    for (const [lang, seed, seat] of [["en", 3, 0], ["fr", 8, players - 1], ["de", 5, 1]] as const) {
      for (const ply of [0, 9, 31, 400]) {
        await page.goto(`${harness}/harness/?game=${game}&players=${players}&seed=${seed}&ply=${ply}&seat=${seat}&lang=${lang}`);
        await expect(page.locator(".board-wrap svg.board")).toHaveCount(1);
        const m = await page.evaluate(() => document.body.dataset.missingComps ?? "");
        for (const id of m.split(" ").filter(Boolean)) missing.add(`${id} (${lang}, ply ${ply}, seat ${seat})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
}
