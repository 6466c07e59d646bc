// What a score line counts (issue 25): on each game's tutorial score step
// (the rulebook's scoring example), selecting a line of the pad — by a
// click, by keyboard focus, by a tap on a phone — outlines on the drawing
// exactly the things the server's score parts name (data-id or data-part),
// with a points badge per part, and dims the rest; Escape shows the whole
// drawing again. The rules page's copy of the example does the same.
// JARDIN_PARTS_SHOTS=dir saves the step with a line selected at 1366×900
// and 390×844 in English, French and German.
import type { Page } from "@playwright/test";
import { expect, type Server, test } from "./fixtures";

const GAMES = ["alices-garden", "english-gardens", "hanging-gardens", "happy-garden", "schlossgarten"];
const SHOTS = process.env.JARDIN_PARTS_SHOTS;
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

interface Line {
  name: string;
  points: number;
  parts?: { ids: string[]; points: number }[];
}
interface Step {
  kind: string;
  score?: { lines: Line[]; total: number };
}

async function setLang(page: Page, server: Server, lang: string): Promise<void> {
  await page.context().addCookies([{ name: "lang", value: lang, url: server.url }]);
}

/** The ids of the things outlined on the drawing in root. */
async function outlined(page: Page, root: string): Promise<string[]> {
  return page.locator(`${root} svg .part-on`).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute("data-id") ?? e.getAttribute("data-part") ?? ""))].sort());
}

function want(l: Line): string[] {
  return [...new Set((l.parts ?? []).flatMap((p) => p.ids))].sort();
}

/** checkLine checks that line i's selection outlines exactly its parts, a badge for each. */
async function checkLine(page: Page, root: string, l: Line): Promise<void> {
  const parts = l.parts ?? []; // a line that counts nothing here has none
  expect(parts.reduce((s, p) => s + p.points, 0), `${l.name}: the parts sum to the line`).toBe(l.points);
  await expect.poll(() => outlined(page, root), { message: l.name }).toEqual(want(l));
  await expect(page.locator(`${root} svg`).first()).toHaveClass(/parts-dim/);
  const keys = new Set(parts.map((p) => p.ids.join(" ")));
  await expect(page.locator(`${root} svg .parts-layer .part-points`)).toHaveCount(keys.size);
  await expect(page.locator(".parts-said")).not.toBeEmpty();
}

async function scoreStep(page: Page, server: Server, game: string, lang: string): Promise<{ k: number; st: Step }> {
  const lj = (await (await page.request.get(`${server.url}/api/learn/${game}?lang=${lang}`)).json()) as { steps: Step[] };
  const k = lj.steps.findIndex((s) => s.kind === "score");
  expect(k, `${game} has a score step`).toBeGreaterThanOrEqual(0);
  await page.goto(`${server.url}/learn/${game}#${k}`);
  await expect(page.locator(".parts-pad .pad-line")).toHaveCount(lj.steps[k].score!.lines.length);
  return { k, st: lj.steps[k] };
}

for (const game of GAMES) {
  test(`${game}: each score line of the tutorial's example outlines exactly what it counts`, async ({ page, server }) => {
    await setLang(page, server, "en");
    const { st } = await scoreStep(page, server, game, "en");
    const lines = st.score!.lines;
    expect(lines.some((l) => (l.parts ?? []).length > 0), "the example's lines carry their parts").toBe(true);
    const root = ".learn-table";
    for (let i = 0; i < lines.length; i++) {
      const b = page.locator(`.parts-pad .pad-line[data-line="${i}"]`);
      // every other line by keyboard focus alone, the others by a click
      if (i % 2) await b.focus();
      else await b.click();
      await expect(b).toHaveAttribute("aria-pressed", "true");
      await checkLine(page, root, lines[i]);
    }
    // Escape: the whole drawing again, nothing outlined
    await page.keyboard.press("Escape");
    await expect(page.locator(`${root} svg .part-on`)).toHaveCount(0);
    await expect(page.locator(`${root} svg.parts-dim`)).toHaveCount(0);
    // the rules page's copy of the example: a line selected outlines the same
    await page.goto(`${server.url}/rules/${game}`);
    const sel = lines.findIndex((l) => (l.parts ?? []).length > 0);
    await page.locator(`.rules-book-example .pad-line[data-line="${sel}"]`).click();
    await checkLine(page, ".rules-book-example", lines[sel]);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: SIZES.phone, hasTouch: true, isMobile: true });
  test("a tap on a score line outlines what it counts", async ({ page, server }) => {
    await setLang(page, server, "en");
    const { st } = await scoreStep(page, server, "alices-garden", "en");
    const lines = st.score!.lines;
    const i = lines.findIndex((l) => (l.parts ?? []).length > 1);
    await page.locator(`.parts-pad .pad-line[data-line="${i}"]`).tap();
    await checkLine(page, ".learn-table", lines[i]);
  });
});

if (SHOTS) {
  for (const game of GAMES) {
    for (const lang of ["en", "fr", "de"]) {
      test(`${game} in ${lang}: screenshots of the score step, a line selected`, async ({ page, server }) => {
        await setLang(page, server, lang);
        const { st } = await scoreStep(page, server, game, lang);
        // the line with the most parts: the busiest drawing to read
        const lines = st.score!.lines;
        let i = 0;
        lines.forEach((l, k) => {
          if ((l.parts ?? []).length > (lines[i].parts ?? []).length) i = k;
        });
        for (const [size, vp] of Object.entries(SIZES)) {
          await page.setViewportSize(vp);
          await page.locator(`.parts-pad .pad-line[data-line="${i}"]`).click();
          await checkLine(page, ".learn-table", lines[i]);
          await page.screenshot({ path: `${SHOTS}/${game}-${lang}-${size}.png`, fullPage: true });
          // what the screen shows once the line is chosen (the click brings the parts into sight)
          await page.screenshot({ path: `${SHOTS}/${game}-${lang}-${size}-screen.png` });
        }
        // the rules page's copy of the example, the same line chosen (the
        // page drawn at each size: it lays the drawing out once)
        for (const [size, vp] of Object.entries(SIZES)) {
          await page.setViewportSize(vp);
          await page.goto(`${server.url}/rules/${game}`);
          await page.locator(`.rules-book-example .pad-line[data-line="${i}"]`).click();
          await checkLine(page, ".rules-book-example", lines[i]);
          await page.screenshot({ path: `${SHOTS}/${game}-${lang}-${size}-rules-screen.png` });
        }
      });
    }
  }
}
