// Happy Garden's drawing: the 2×2 house in the mouse's colour, the
// starting cells on the board (never buttons) named as the drawing shows
// them, each garden its seat's, the first player and a repotted tile marked.
import { expect, test, waitReady } from "./fixtures";

const url = (h: string, q: string) => `${h}/harness/?game=happy-garden&${q}`;

test("the starting cells round the 2×2 house are targets on the board, named from the house", async ({ page, harness }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url(harness, "players=2&seed=1&ply=0&seat=0"));
  await waitReady(page, 0);
  const own = page.locator('g[data-owner="0"]');
  for (const id of ["2,0", "2,1", "0,2", "1,2"]) await expect(own.locator(`[data-id="${id}"][role=button]`)).toHaveCount(1);
  await expect(own.locator('[data-id="2,0"]')).toHaveAttribute("aria-label", /right of the house, top row/);
  // no coordinates in any name
  await expect(page.getByRole("button", { name: /-?\d+,-?\d+/ })).toHaveCount(0);
  await expect(page.locator('g[data-owner="1"]')).toHaveCount(1);
});

test("each house is drawn in its mouse's colour", async ({ page, harness }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url(harness, "players=5&seed=4&ply=20&seat=0"));
  await waitReady(page, 0);
  const fills: string[] = [];
  for (let p = 0; p < 5; p++) {
    const garden = page.locator(`g[data-owner="${p}"]`);
    // the mouse beside the seat's name, and the house's roof
    const mouse = await garden.locator(":scope > circle").first().getAttribute("fill");
    const roof = await garden.locator(".house > path").first().getAttribute("fill");
    expect(roof, `seat ${p + 1}'s house`).toBe(mouse);
    fills.push(roof!);
  }
  expect(new Set(fills).size).toBe(5);
});

test("the first player is marked in words, and the tile being repotted is marked", async ({ page, harness }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url(harness, "players=5&seed=4&ply=81&seat=3"));
  await waitReady(page, 0);
  const first = page.locator(".first-player");
  await expect(first).toHaveCount(1);
  await expect(first).toContainText("first player");
  await expect(first.locator("title")).toContainText("plays first");
  await expect(page.locator('g[data-owner="3"] .repotting')).toHaveCount(1);
  // the player's own garden and the shop are seen without scrolling
  const own = await page.locator('g[data-owner="3"]').boundingBox();
  expect(own!.y + own!.height).toBeLessThanOrEqual(768);
});

test("words on a phone render at 12 px or more", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url(harness, "players=5&seed=4&ply=80&seat=0&lang=de"));
  await waitReady(page, 0);
  const sizes = await page.locator("svg text").evaluateAll((ts) =>
    ts.filter((t) => t.textContent?.trim()).map((t) => parseFloat(getComputedStyle(t).fontSize) * Math.hypot((t as SVGTextElement).getScreenCTM()!.a, (t as SVGTextElement).getScreenCTM()!.b)),
  );
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("on a phone the player's own garden comes first, across the drawing, its cells large enough to tap", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // the first seat chooses where its repotted tile goes: empty cells of its garden are the targets
  await page.goto(url(harness, "players=2&seed=2&ply=29&seat=0&names=long"));
  await waitReady(page, 0);
  const gardens = page.locator("g.garden");
  await expect(gardens.first()).toHaveAttribute("data-owner", "0");
  const targets = page.locator('g[data-owner="0"] .target');
  expect(await targets.count()).toBeGreaterThan(0);
  for (const b of await targets.evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect)))
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(40);
  const own = (await gardens.first().boundingBox())!;
  expect(own.width).toBeGreaterThan(300);
});
