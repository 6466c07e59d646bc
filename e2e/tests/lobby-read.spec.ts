// The lobby as a newcomer reads it, in every language, on a desktop and a
// phone: a first visit without an error or a failed request (favicon,
// /api/me), no sideways scroll, each game with its picture (and its
// paragraph when its catalogue has one), the new-table form's options and
// bots in words with no id, text and targets large enough on a phone.
import { expect, test } from "./fixtures";

/** What a person must never read: bot kinds, option and message ids, rule ids. */
const RAW = /ismcts|\bgreedy\b|\b(mouse|color)\d\b|\boption\.|\blobby\.|\bbotHelp\b|\b[A-Z]{2}-[A-Z]*\d|\bundefined\b/;

for (const lang of ["en", "fr", "de"]) {
  for (const [w, hgt] of [
    [1366, 768],
    [390, 844],
  ]) {
    const phone = w < 600;
    test(`the lobby reads in ${lang} at ${w}×${hgt}`, async ({ browser, server }) => {
      test.setTimeout(120_000);
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt }, locale: lang });
      const page = await ctx.newPage();
      const failed: string[] = [];
      page.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      page.on("console", (m) => {
        if (m.type() === "error") failed.push(m.text());
      });
      await page.goto(`${server.url}/?lang=${lang}`);
      await expect(page.locator(".first-step h2")).toBeVisible();
      // every game has its picture, and its paragraph when the game has one
      const games: { id: string; about?: string }[] = await (await page.request.get(`${server.url}/api/games?lang=${lang}`)).json();
      for (const g of games) {
        const card = page.locator(`.game-card[data-game="${g.id}"]`);
        await expect(card.locator(".picture svg[role=img]")).toBeVisible({ timeout: 60_000 });
        if (g.about) await expect(card.locator(".about")).toHaveText(g.about);
      }
      expect(failed, "failed requests or console errors on a first visit").toEqual([]);
      await checkPage(page, phone);

      // named: the new-table form, with every game's options and bots in words
      await page.fill("#name", "Annabelle-Marguerite von Gartenfreund XL");
      await page.locator(".name-form button").click();
      await expect(page.locator("form.create")).toBeVisible();
      for (const g of games) {
        await page.selectOption("#game", g.id);
        const counts = await page.locator("#players option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        await page.selectOption("#players", counts[counts.length - 1]);
        const text = await page.locator("form.create").evaluate((f) => {
          const opts = [...f.querySelectorAll("option")].map((o) => o.textContent ?? "");
          return [(f as HTMLElement).innerText, ...opts].join("\n");
        });
        expect(text, `${g.id}: the form shows no id`).not.toMatch(RAW);
        await checkPage(page, phone);
      }
      // happy-garden's mouse colours are swatches, each with its word
      await page.selectOption("#game", "happy-garden");
      const sw = page.locator("fieldset.swatches").first();
      await expect(sw.locator(".chip")).not.toHaveCount(0);
      for (const label of await sw.locator("label.swatch").allInnerTexts()) expect(label.trim()).not.toEqual("");
      // a bot's level says how it plays
      await page.selectOption("#seat-1", "ismcts:expert");
      await expect(page.locator("#seat-1-help")).not.toBeEmpty();
      expect(failed).toEqual([]);
      await ctx.close();
    });
  }
}

/** checkPage: no sideways scroll; on a phone, text ≥ 12 px and targets ≥ 40 px tall. */
async function checkPage(page: import("@playwright/test").Page, phone: boolean): Promise<void> {
  const r = await page.evaluate((phone) => {
    const bad: string[] = [];
    const small: string[] = [];
    const lobby = document.querySelector(".lobby")!;
    for (const e of lobby.querySelectorAll<HTMLElement>("*")) {
      if (e.closest("svg") || !e.offsetParent) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
      if (own && parseFloat(getComputedStyle(e).fontSize) < (phone ? 12 : 11)) small.push(`${e.tagName} ${e.textContent!.slice(0, 30)}`);
      if (phone && e.matches("button, select, a.button, input:not([type=radio]):not([type=checkbox]), label.swatch, .check")) {
        if (e.getBoundingClientRect().height < 40) bad.push(`${e.tagName}.${e.className} ${e.getBoundingClientRect().height}`);
      }
    }
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, small, bad };
  }, phone);
  expect(r.scroll, "no sideways scroll").toBeLessThanOrEqual(r.width);
  expect(r.small, "text too small").toEqual([]);
  expect(r.bad, "tap targets under 40 px").toEqual([]);
}
