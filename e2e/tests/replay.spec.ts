// The replay viewer (/replay/{id}): a game finished by bots, reached from
// "my tables" and from the score pad, stepped with the buttons, the keys and
// the slider, each position checked against the server's replay; the last
// step shows the final scores. An accessibility scan, the French page, and
// screenshots on demand (JARDIN_SCREENSHOTS=1) on a phone.
import type { APIRequestContext, Page } from "@playwright/test";
import { axeScan, boardMarkup, expect, newTable, type Server, shot, test } from "./fixtures";

interface Replay {
  names: string[];
  result: { players: { total: number }[] };
  steps: { player: number; move?: string; scores: number[]; events: { text: string }[] }[];
}

/** finishedTable: the page's person sits at a table, leaves it at once (a greedy bot takes the seat), and the bots finish it. */
async function finishedTable(page: Page, server: Server, game: string): Promise<{ id: string; url: string }> {
  const t = await newTable(page, server, game, ["me", "greedy"]);
  const left = await page.request.post(`${server.url}/api/tables/${t.id}/leave`, { data: {} });
  expect(left.ok(), await left.text()).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json()).status, { timeout: 60_000 }).toBe("over");
  return t;
}

async function replayOf(req: APIRequestContext, server: Server, id: string, lang: string): Promise<Replay> {
  const r = await req.get(`${server.url}/api/tables/${id}/replay?lang=${lang}`);
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

/** at checks the page shows step n of the replay: the counter, the move, its events and the scores. */
async function at(page: Page, rp: Replay, n: number, lang: "en" | "fr" = "en"): Promise<void> {
  const last = rp.steps.length - 1;
  await expect(page.locator("body")).toHaveAttribute("data-step", String(n));
  await expect(page.locator(".replay-at")).toHaveText(lang === "fr" ? `Coup ${n} sur ${last}` : `Move ${n} of ${last}`);
  await expect(page.locator(".replay-slider")).toHaveValue(String(n));
  const s = rp.steps[n];
  if (n > 0) {
    // who moved, in words; never the record's notation
    await expect(page.locator(".replay-move")).toContainText(rp.names[s.player]);
    await expect(page.locator(".replay-move")).not.toContainText(s.move!);
  }
  await expect(page.locator(".replay-events li")).toHaveText(s.events.map((e) => e.text));
  await expect(page.locator(".replay-score")).toHaveText(s.scores.map(String));
  await expect(page.locator("svg.board")).toBeVisible();
}

test("the replay of a finished game: from my tables, step, slide, keys, the final scores", async ({ page, server }) => {
  test.setTimeout(120_000);
  const t = await finishedTable(page, server, "english-gardens");
  const rp = await replayOf(page.request, server, t.id, "en");
  const last = rp.steps.length - 1;
  expect(last).toBeGreaterThan(10);

  // "My tables" in the lobby links the replay of a finished table, in
  // the archive it shows on demand.
  await page.goto(server.url + "/");
  await page.getByRole("button", { name: "Show finished tables" }).click();
  const link = page.locator(`.tables a.replay[href="/replay/${t.id}"]`);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/replay/${t.id}`));
  await at(page, rp, 0);
  await expect(page.locator(".replay-nav .first")).toBeDisabled();
  expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);

  // Forward and back with the buttons and the arrow keys.
  await page.locator(".replay-nav .next").click();
  await at(page, rp, 1);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await at(page, rp, 3);
  await page.keyboard.press("ArrowLeft");
  await at(page, rp, 2);
  await page.locator(".replay-nav .prev").click();
  await at(page, rp, 1);

  // The slider: a position reached by sliding is drawn as the one reached step by step.
  const mid = Math.floor(last / 2);
  await page.locator(".replay-slider").fill(String(mid));
  await at(page, rp, mid);
  const byslider = await boardMarkup(page);
  await page.locator(".replay-nav .first").click();
  await at(page, rp, 0);
  expect(await boardMarkup(page)).not.toBe(byslider);
  await page.goto(`${server.url}/replay/${t.id}#${mid - 1}`);
  await at(page, rp, mid - 1);
  await page.keyboard.press("ArrowRight");
  await at(page, rp, mid);
  expect(await boardMarkup(page)).toBe(byslider);
  await shot(page, "replay");
  // The log holds the events up to the step.
  const upTo = rp.steps.slice(1, mid + 1).flatMap((s) => s.events.map((e) => e.text));
  await expect(page.locator(".log li").last()).toHaveText(upTo[upTo.length - 1]);

  // The last step: game over and the score pad with the final totals.
  await page.keyboard.press("End");
  await at(page, rp, last);
  await expect(page.locator(".status")).toHaveText("Game over");
  await expect(page.locator(".scorepad .total td")).toHaveText(rp.result.players.map((p) => String(p.total)));
  await expect(page.locator(".replay-nav .next")).toBeDisabled();
  expect(await axeScan(page), "serious or critical accessibility violations at the end").toEqual([]);
  // The record downloads from the page.
  const download = page.waitForEvent("download");
  await page.locator("a.record").click();
  expect((await download).suggestedFilename()).toBe(`${t.id}.record.json`);

  // The table's score pad links the replay too.
  await page.goto(t.url);
  await expect(page.locator(".pad a.replay")).toHaveAttribute("href", `/replay/${t.id}`);
});

test("a live table's replay page says it is not over yet", async ({ page, server }) => {
  const t = await newTable(page, server, "happy-garden", ["me", "greedy"]);
  const r = await page.request.get(`${server.url}/api/tables/${t.id}/replay`);
  expect(r.status()).toBe(409);
  await page.goto(`${server.url}/replay/${t.id}`);
  await expect(page.locator("#replay .message")).toContainText("once the game is over");
  await expect(page.locator("svg.board")).toHaveCount(0);
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const lang of ["en", "fr"] as const) {
    test(`the replay on a phone, ${lang === "fr" ? "in French" : "in English"}`, async ({ browser, server }) => {
      test.setTimeout(120_000);
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: lang === "fr" ? "fr-FR" : "en-GB" });
      const page = await ctx.newPage();
      const t = await finishedTable(page, server, "alices-garden");
      const rp = await replayOf(page.request, server, t.id, lang);
      await page.goto(`${server.url}/replay/${t.id}#12`);
      await at(page, rp, 12, lang);
      if (lang === "fr") {
        await expect(page.locator("#replay h1")).toContainText("Revoir la partie");
        await expect(page.locator(".replay-nav .next")).toHaveAttribute("aria-label", "Coup suivant");
      }
      await page.locator(".replay-nav .next").tap();
      await at(page, rp, 13, lang);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "no horizontal scrolling").toBeLessThanOrEqual(390);
      await shot(page, `replay-phone-${lang}`);
      await page.locator(".replay-nav .last").tap();
      await at(page, rp, rp.steps.length - 1, lang);
      await expect(page.locator(".status")).toHaveText(lang === "fr" ? "Partie terminée" : "Game over");
      await shot(page, `replay-phone-${lang}-end`);
      await ctx.close();
    });
  }
});
