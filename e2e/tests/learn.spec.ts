// Learning a game (issue 25): each game's rules page (/rules/{game}) and
// tutorial (/learn/{game}), reached from the lobby. Each game runs in one
// language (en, fr, de in turn; all three with JARDIN_READABLE_ALL=1): the
// rules page's sections, drawing and example score pad; the tutorial's
// guided steps played by clicks on the game's own drawing, the wrong move
// refused with the rule's sentence, the right one accepted by the server;
// the rulebook example's score pad; then a casual table against an easy bot,
// whose page links the rules. JARDIN_LEARN_SHOTS=dir saves each page at
// 1366×900 and 390×844 in English, French and German.
import type { Page } from "@playwright/test";
import { axeScan, expect, inRun, type Server, test } from "./fixtures";

const GAMES = ["happy-garden", "alices-garden", "english-gardens", "hanging-gardens", "schlossgarten"];
const SHOTS = process.env.JARDIN_LEARN_SHOTS;
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** A move's description as the server sends it: its kind, then each part's id by the part's name, in order. */
type Desc = Record<string, string>;
interface Step {
  kind: string;
  text: string;
  prompt?: string;
  moves: Desc[];
  score?: { lines: { name: string; points: number }[]; total: number };
}

async function setLang(page: Page, server: Server, lang: string): Promise<void> {
  await page.context().addCookies([{ name: "lang", value: lang, url: server.url }]);
}

/** choose makes a move on the drawing: each id of its path that is offered, in order; a choice off the drawing by its button. */
async function choose(page: Page, d: Desc): Promise<void> {
  const ids = Object.entries(d)
    .filter(([k]) => k !== "kind")
    .map(([, v]) => v);
  let clicked = false;
  for (const id of ids) {
    const el = page.locator(`svg.board .target[data-id="${id}"]`);
    if (await el.count()) {
      await el.first().click();
      clicked = true;
    }
  }
  // a move with nothing on the drawing ("pass"): its button in the step bar
  if (!clicked) await page.locator(".steps button.choice").first().click();
}

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const [size, vp] of Object.entries(SIZES)) {
    await page.setViewportSize(vp);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
    // a long page also in screens, to read it at its size
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height && i <= 6; y += vp.height, i++) {
      await page.screenshot({ path: `${SHOTS}/${name}-${size}-${i}.png`, fullPage: true, clip: { x: 0, y, width: vp.width, height: Math.min(vp.height, height - y) } });
    }
  }
  await page.setViewportSize(SIZES.desktop);
}

GAMES.forEach((game, k) => {
  for (const lang of ["en", "fr", "de"]) {
    if (!inRun(lang, k)) continue;
    test(`${game} in ${lang}: the rules page and the tutorial, a wrong move refused by its rule`, async ({ page, server }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(SIZES.desktop);
      await setLang(page, server, lang);
      // the lobby links both, beside each game (seen once: the lobby draws every game's picture)
      if (k === 0) {
        await page.goto(server.url + "/");
        for (const g of GAMES) {
          const card = page.locator(`.game-card[data-game="${g}"]`);
          await expect(card.locator("a.rules-link")).toHaveAttribute("href", `/rules/${g}`);
          await expect(card.locator("a.tutorial-link")).toHaveAttribute("href", `/learn/${g}`);
        }
        await page.locator(`.game-card[data-game="${game}"] a.rules-link`).click();
      } else await page.goto(`${server.url}/rules/${game}`);

      // the rules page: what the game is, its drawing with its things explained, the rules, the scoring
      const rules = await (await page.request.get(`${server.url}/api/rules/${game}?lang=${lang}`)).json();
      await expect(page.locator("main#rules h1")).toContainText(rules.title);
      await expect(page.locator(".rules-setup svg")).toBeVisible();
      expect(await page.locator("dl.components dt").count()).toBeGreaterThan(0);
      await expect(page.locator("main#rules > .rules-section > h2")).toHaveCount(rules.sections.length + 2);
      await expect(page.locator(".rules-scoring tbody tr")).toHaveCount(rules.lines.length);
      await expect(page.locator(".rules-end .scorepad")).toBeVisible();
      if (k === 0) expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
      await shots(page, `${game}-rules-${lang}`);

      // the tutorial, from the rules page
      const lj = (await (await page.request.get(`${server.url}/api/learn/${game}?lang=${lang}`)).json()) as { steps: Step[] };
      await page.locator("a.tutorial-link").click();
      await expect(page.locator("body")).toHaveAttribute("data-step", "0");
      await expect(page.locator(".learn-text")).toHaveText(lj.steps[0].text);
      await expect(page.locator("svg.board")).toBeVisible();
      let shotWrong = false;
      for (let i = 0; i < lj.steps.length; i++) {
        const st = lj.steps[i];
        await expect(page.locator("body")).toHaveAttribute("data-step", String(i));
        await expect(page.locator(".learn-text")).toHaveText(st.text);
        if (st.kind === "move") {
          // the game's prompt, or the step the drawing asks first when the rest is forced
          await expect(page.locator(".decide .status")).not.toBeEmpty();
          if (st.moves.length > 1) {
            // the wrong move: refused, with the rule's sentence, and the choices stay
            await choose(page, st.moves[1]);
            await expect(page.locator(".decide .message")).not.toBeEmpty();
            await expect(page.locator(".learn-feedback.right")).toHaveCount(0);
            if (!shotWrong) {
              shotWrong = true;
              if (k === 2) expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
              await shots(page, `${game}-refused-${lang}`);
            }
          }
          await choose(page, st.moves[0]);
          await expect(page.locator(".learn-feedback.right")).toBeVisible();
          await expect(page.locator("svg.board .target")).toHaveCount(0);
        }
        if (st.kind === "score") {
          // the rulebook's example drawn by the game's renderer, its pad beside it
          await expect(page.locator("svg.board")).toBeVisible();
          await expect(page.locator("svg.board .target")).toHaveCount(0);
          await expect(page.locator(".learn-pad tbody tr")).toHaveCount(st.score!.lines.length);
          await expect(page.locator(".learn-pad tfoot td")).toHaveText(String(st.score!.total));
          if (k === 1) expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
          await shots(page, `${game}-score-${lang}`);
        }
        // every step, as a newcomer reads it (the move steps once the move is made)
        if (st.kind !== "score") await shots(page, `${game}-step${i}-${lang}`);
        if (st.kind === "play") break;
        await page.locator(".learn-next").click();
      }
      await expect(page.locator("body")).toHaveAttribute("data-kind", "play");
      // without a name the lobby is asked first; with one, a casual table against an easy bot
      await page.locator(".learn-play-button").click();
      await expect(page.locator(".learn-play .message a[href='/']")).toBeVisible();
      if (k === 0) {
        const me = await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
        expect(me.ok()).toBeTruthy();
        await page.locator(".learn-play-button").click();
        await page.waitForURL(/\/t\//);
        await expect(page.locator("svg.board")).toBeVisible();
        // the table links its rules, in a new tab: the table is not left
        await expect(page.locator("a.how-to")).toHaveAttribute("href", `/rules/${game}`);
        await expect(page.locator("a.how-to")).toHaveAttribute("target", "_blank");
        await shots(page, `${game}-table-${lang}`);
      }
    });
  }
});
