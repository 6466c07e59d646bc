// Whole games through the page against a real `jardin serve`: one human
// seat against greedy bots, to the score pad; each in a different way of
// playing (mouse, keyboard only, touch on a phone, in French), and a solo
// game of each solo game. Screenshots of each table (start, middle, end)
// are taken on demand (JARDIN_SCREENSHOTS=1).
import { axeScan, expect, newTable, playByClicks, shot, test } from "./fixtures";

interface Case {
  game: string;
  seats: string[];
  how?: "click" | "tap" | "keyboard";
  lang?: "fr";
  phone?: boolean;
  shots?: boolean;
}

const cases: Case[] = [
  { game: "english-gardens", seats: ["me", "greedy"], how: "keyboard", shots: true },
  { game: "alices-garden", seats: ["me", "greedy"], how: "tap", phone: true, shots: true },
  { game: "hanging-gardens", seats: ["me", "greedy"], lang: "fr", shots: true },
  { game: "happy-garden", seats: ["me", "greedy"], shots: true },
  { game: "schlossgarten", seats: ["me", "greedy"], shots: true },
  { game: "english-gardens", seats: ["me"] },
  { game: "alices-garden", seats: ["me"] },
  { game: "hanging-gardens", seats: ["me"] },
];

for (const c of cases) {
  const how = c.how ?? "click";
  const title = `${c.game}: ${c.seats.length === 1 ? "a solo game" : "a whole game against greedy"} by ${how}${c.phone ? " on a phone" : ""}${c.lang ? " in French" : ""}`;
  test.describe(() => {
    if (c.phone) test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    if (c.lang) test.use({ locale: "fr-FR" });
    test(title, async ({ page, server }) => {
      test.setTimeout(240_000);
      const t = await newTable(page, server, c.game, c.seats);
      await page.goto(t.url);
      await expect(page.locator("svg.board")).toBeVisible();
      if (c.lang) {
        await expect(page.locator("html")).toHaveAttribute("lang", "fr");
        await expect(page.locator(".side h2").first()).toHaveText("Journal de la partie");
      }
      if (c.shots) await shot(page, `${c.game}-start`);
      // The table passes an accessibility scan with the legal targets shown.
      await page.locator("svg.board .target, .steps button.choice").first().waitFor();
      expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
      const clicks = await playByClicks(page, {
        how,
        after: async (n) => {
          if (c.shots && n === 25) await shot(page, `${c.game}-middle`);
          if (c.phone && n % 10 === 0) {
            // no horizontal scrolling on a phone
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          }
        },
      });
      expect(clicks).toBeGreaterThan(3);
      await expect(page.locator(".status")).toHaveText(c.lang ? "Partie terminée" : "Game over");
      await expect(page.locator(".scorepad tbody tr")).not.toHaveCount(0);
      if (c.lang) await expect(page.locator(".scorepad")).toContainText("Total");
      if (c.shots) await shot(page, `${c.game}-end`);
    });
  });
}
