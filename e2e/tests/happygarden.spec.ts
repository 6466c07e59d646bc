// Happy Garden's drawing: the 2×2 house in the mouse's colour, the
// starting cells on the board (never buttons), each garden its seat's.
import { expect, test, waitReady } from "./fixtures";

const url = (h: string, q: string) => `${h}/harness/?game=happy-garden&${q}`;

test("the starting cells round the 2×2 house are targets on the board, not buttons", async ({ page, harness }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url(harness, "players=2&seed=1&ply=0&seat=0"));
  await waitReady(page, 0);
  const own = page.locator('g[data-owner="0"]');
  for (const id of ["2,0", "2,1", "0,2", "1,2"]) await expect(own.locator(`[data-id="${id}"][role=button]`)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^-?\d+,-?\d+$/ })).toHaveCount(0);
  await expect(page.locator('g[data-owner="1"]')).toHaveCount(1);
  // seat 2's mouse is orange (the default colours): its house is too
  const fills = await page.locator('g[data-owner] [data-name] path').evaluateAll((ps) => ps.map((p) => p.getAttribute("fill")));
  expect(new Set(fills).size).toBeGreaterThan(1);
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
