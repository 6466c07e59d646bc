// A newcomer playing English Gardens, Alice's Garden and Schlossgarten
// against bots, on a phone and a desktop, in English, French and German
// (stop 34): what the games showed that a newcomer could not read, each
// with the check that would have caught it.
import { expect, test } from "./fixtures";

// Two bots of one strength read as one player: "Quick bot wins with 22
// points; Quick bot 2nd with 18 points", two "Quick bot" chips above the
// table and two "Quick bot" columns in the score pad. Seats that would
// read alike are numbered among themselves, on the page (twins.ts) as in
// the events' texts (server/twins.go).
for (const [lang, bot] of [
  ["en", "Quick bot"],
  ["fr", "Robot rapide"],
  ["de", "Schneller Bot"],
] as const) {
  test(`two bots of one strength read apart at the table (${lang})`, async ({ browser, server }) => {
    test.setTimeout(90_000);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await ctx.addCookies([{ name: "lang", value: lang, url: server.url }]);
    const page = await ctx.newPage();
    await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    const r = await page.request.post(server.url + "/api/tables", { data: { game: "alices-garden", players: 3, seats: ["me", "greedy", "greedy"], clock: { mode: "none" } } });
    expect(r.status(), await r.text()).toBe(201);
    const { id } = await r.json();
    // Ann resigns at once: a bot finishes her seat, under her name
    expect((await page.request.post(`${server.url}/api/tables/${id}/resign`)).status()).toBe(200);
    await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 60_000 }).toBe("over");
    await page.goto(`${server.url}/t/${id}`);
    const seats = page.locator("ol.seats > li");
    await expect(seats).toHaveCount(3);
    await expect(seats.nth(1)).toContainText(`${bot} 1`);
    await expect(seats.nth(2)).toContainText(`${bot} 2`);
    // the winner's sentence and the score pad's columns name one of them
    await expect(page.locator(".banner")).toContainText(new RegExp(`${bot} [12]`));
    await expect(page.locator(".pad")).toContainText(`${bot} 1`);
    await expect(page.locator(".pad")).toContainText(`${bot} 2`);
    // and so does the log, written by the server
    await expect(page.locator(".log")).toContainText(`${bot} 2`);
    // and the lobby's list of finished tables
    await page.goto(server.url + "/");
    await page.locator("button.show-finished").click();
    await expect(page.locator("#archive")).toContainText(`Ann, ${bot} 1, ${bot} 2`);
    await ctx.close();
  });
}

// The score pad on a desktop, in German, at the end of a Schlossgarten:
// "Gesammelte Landschaftsplättchen" beside "Schneller Bot 1" made the pad
// 315 px wide in its 272 px side panel, and the last player's column was
// cut at the screen's edge. Whatever the language, the pad fits its panel
// (its columns numbered, the names listed above, when names do not fit).
test("the score pad fits its side panel in German on a desktop", async ({ browser, server }) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await ctx.addCookies([{ name: "lang", value: "de", url: server.url }]);
  const page = await ctx.newPage();
  await page.request.post(server.url + "/api/me", { data: { name: "Gerd" } });
  const r = await page.request.post(server.url + "/api/tables", { data: { game: "schlossgarten", players: 2, seats: ["greedy", "random"], clock: { mode: "none" } } });
  expect(r.status(), await r.text()).toBe(201);
  const { id } = await r.json();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 90_000 }).toBe("over");
  for (const path of [`/t/${id}`, `/replay/${id}#9999`]) {
    await page.goto(server.url + path);
    const pad = page.locator(".pad");
    await expect(pad.locator(".scorepad")).toBeVisible({ timeout: 30_000 });
    await expect(pad).toContainText("Gesammelte Landschaftsplättchen");
    const fit = await pad.evaluate((p) => {
      const t = p.querySelector(".scorepad")!.getBoundingClientRect();
      const box = p.getBoundingClientRect();
      return { table: Math.round(t.right), box: Math.round(box.right) };
    });
    expect(fit.table, `${path}: the pad's right edge against its panel's`).toBeLessThanOrEqual(fit.box);
    // every player is named on the pad, in its head or above it
    await expect(pad).toContainText("Schneller Bot");
    await expect(pad).toContainText("Anfänger-Bot");
  }
  await ctx.close();
});

// On a phone every link and button a thumb aims at is at least 40 px tall
// (a newcomer's survey: the language buttons and Settings 36 px, the
// site's name 20 px, "How to play", "Download the record", the boards'
// game links and "Lobby" 19 px). A link inside a sentence is read, not
// aimed at, and is left out; so is a box or a radio inside its label,
// whose label is the target.
test("on a phone every link and button outside a sentence is at least 40 px tall", async ({ browser, server }) => {
  test.setTimeout(150_000);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await ctx.addCookies([{ name: "lang", value: "fr", url: server.url }]);
  const page = await ctx.newPage();
  const me = await (await page.request.post(server.url + "/api/me", { data: { name: "Françoise" } })).json();
  const r = await page.request.post(server.url + "/api/tables", { data: { game: "english-gardens", players: 2, seats: ["me", "greedy"], clock: { mode: "none" } } });
  expect(r.status(), await r.text()).toBe(201);
  const { id } = await r.json();
  await page.request.post(`${server.url}/api/tables/${id}/resign`);
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 90_000 }).toBe("over");
  const small: string[] = [];
  for (const path of ["/", `/t/${id}`, `/replay/${id}`, "/ratings/english-gardens", `/p/${me.id}`, "/daily", "/settings", "/learn/schlossgarten", "/rules/alices-garden"]) {
    await page.goto(server.url + path);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const found = await page.evaluate(() => {
      const out: string[] = [];
      for (const e of document.querySelectorAll<HTMLElement>("a[href], button, select, input:not([type=hidden]), summary, textarea")) {
        const b = e.getBoundingClientRect();
        if (!b.width || !b.height || getComputedStyle(e).visibility === "hidden") continue;
        if (e.closest(".board-wrap, svg")) continue; // the drawing's targets: their own tests
        if (e.matches("input[type=checkbox], input[type=radio]")) {
          const label = e.closest("label") ?? (e.id ? document.querySelector(`label[for="${e.id}"]`) : null);
          if (label && label.getBoundingClientRect().height >= 40) continue;
        }
        const block = e.closest("p, li, td, dd");
        const inSentence = e.tagName === "A" && block && (block.textContent ?? "").trim().length > (e.textContent ?? "").trim().length + 20;
        if (b.height < 40 && !inSentence) out.push(`${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(b.height)} px`);
      }
      return out;
    });
    for (const f of found) small.push(`${path}: ${f}`);
  }
  expect(small).toEqual([]);
  await ctx.close();
});

// English Gardens: "Take a landscape card or a trophy card, or first use
// your village card" — a newcomer tapped the village card (not a target),
// and the band under each display, "⟳ landscape display", did not say it
// was the village card's special action 1. While the viewer's village card
// is face up, each band is named by that action, its help the action's.
for (const [lang, words] of [
  ["en", "special action 1"],
  ["fr", "action spéciale 1"],
  ["de", "Sonderaktion 1"],
] as const) {
  test(`English Gardens' display bands say they are special action 1 (${lang})`, async ({ page, harness }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=5&ply=0&seat=0&lang=${lang}`);
    for (const id of ["land-display", "trophy-display"]) {
      const band = page.locator(`.board-wrap svg.board [data-id="${id}"]`);
      await expect(band).toHaveCount(1);
      await expect(band.locator("text")).toHaveText(`⟳ ${words}`);
      await expect(band.locator("title")).toContainText(words === "Sonderaktion 1" ? "Dorfkarte" : lang === "fr" ? "carte Village" : "village card");
    }
  });
}

// Nothing is wider than a phone's screen on the rules and tutorial pages,
// measured against the screen's 390 px: a phone's layout viewport widens
// to its content, so innerWidth grew with the page and hid that the
// German Schlossgarten rules page was 417 px wide (its scoring table:
// "Gesammelte Landschaftsplättchen" beside "Die Punkte auf den
// Landschaftsplättchen").
test("the rules and tutorial pages fit a phone's screen in every language", async ({ browser, server }) => {
  test.setTimeout(180_000);
  const wide: string[] = [];
  for (const lang of ["en", "fr", "de"]) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await ctx.addCookies([{ name: "lang", value: lang, url: server.url }]);
    const page = await ctx.newPage();
    for (const game of ["english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten"]) {
      for (const kind of ["rules", "learn"]) {
        await page.goto(`${server.url}/${kind}/${game}`);
        await expect(page.locator(kind === "rules" ? "main h1" : ".learn-nav")).toBeVisible();
        await page.waitForLoadState("networkidle");
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        if (w > 390) wide.push(`${lang} /${kind}/${game}: ${w} px`);
      }
    }
    await ctx.close();
  }
  expect(wide).toEqual([]);
});

// Schlossgarten on a 1366×900 desktop: "Play one of your two constellation
// cards" above a board whose cards row lay under it, below the screen's
// bottom: a newcomer saw no card to play. The cards go at the top of the
// side column, beside the board, over the seats' panels, for any number
// of players.
for (const players of [2, 4]) {
  test(`Schlossgarten's cards to play are on a desktop's first screen (${players} players)`, async ({ browser, server }) => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await ctx.addCookies([{ name: "lang", value: "de", url: server.url }]);
    const page = await ctx.newPage();
    await page.request.post(server.url + "/api/me", { data: { name: "Gerd" } });
    const seats = ["me", ...Array(players - 1).fill("greedy")];
    const r = await page.request.post(server.url + "/api/tables", { data: { game: "schlossgarten", players, seats, options: { first: "1" }, clock: { mode: "none" } } });
    expect(r.status(), await r.text()).toBe(201);
    await page.goto((await r.json()).url);
    const cards = page.locator(".board-wrap svg.board [role=button][data-id^='C']");
    await expect(cards).toHaveCount(2);
    for (const c of await cards.all()) {
      const b = (await c.boundingBox())!;
      expect(b.y + b.height, "a card's bottom, against the screen's").toBeLessThanOrEqual(900);
    }
    // and nothing overlaps: the cards, the seats' panels and the board keep apart
    const boxes = await page.locator(".board-wrap svg.board").evaluate((svg) => {
      const r = (e: Element | null) => (e ? e.getBoundingClientRect() : null);
      const hand = [...svg.querySelectorAll("[data-id^='C']")].map((e) => e.getBoundingClientRect());
      const square = r(svg.querySelector("[data-id='6,0']"))!;
      const panel = r(svg.querySelector("[data-id='hedge1'], [data-id^='hedge1:']"))!;
      return { handTop: Math.min(...hand.map((b) => b.top)), handBottom: Math.max(...hand.map((b) => b.bottom)), handLeft: Math.min(...hand.map((b) => b.left)), boardRight: square.right, panelTop: panel.top };
    });
    expect(boxes.handLeft).toBeGreaterThanOrEqual(boxes.boardRight);
    expect(boxes.handBottom).toBeLessThanOrEqual(boxes.panelTop);
    await ctx.close();
  });
}

// English Gardens on a 1366×900 desktop: a click on a display card at the
// top, and the next decision, "Place a card from your hand in your
// village", had its hand under the village, below the screen: the page
// now brings the nearest of the decision's targets into sight after the
// player's own click, when none is.
test("after taking a card on a desktop, the hand to place from comes into sight", async ({ browser, server }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: "reduce" });
  const page = await ctx.newPage();
  await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
  const r = await page.request.post(server.url + "/api/tables", { data: { game: "english-gardens", players: 2, seats: ["me", "greedy"], options: { first: "1" }, clock: { mode: "none" } } });
  expect(r.status(), await r.text()).toBe(201);
  await page.goto((await r.json()).url);
  const take = page.locator(".board-wrap svg.board [role=button][data-id='land-display:1']");
  await expect(take).toBeInViewport();
  await take.click();
  const hand = page.locator(".board-wrap svg.board [role=button][data-id^='hand:']");
  await expect(hand.first()).toBeVisible();
  await expect(hand.last()).toBeInViewport();
  await ctx.close();
});

// Alice's Garden on a phone: a tile taken from under the garden, and the
// orientation step's bar (sticky at the top) covered the garden's upper
// rows, where the tile could go: after the player's own click, the
// decision's targets, when they fit, are all brought into sight below it.
test("on a phone, after taking a tile, the squares it may go to are all in sight below the Rotate bar", async ({ browser, server }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
  const page = await ctx.newPage();
  await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
  const r = await page.request.post(server.url + "/api/tables", { data: { game: "alices-garden", players: 2, seats: ["me", "greedy"], options: { first: "1" }, clock: { mode: "none" } } });
  expect(r.status(), await r.text()).toBe(201);
  await page.goto((await r.json()).url);
  await page.locator(".board-wrap svg.board [role=button][data-id^='bag:']").first().click();
  const tile = page.locator(".board-wrap svg.board [role=button][data-id^='tile:']").first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page.locator(".decide .orient")).toBeVisible();
  await page.waitForTimeout(300);
  const got = await page.evaluate(() => {
    const bar = document.querySelector(".decide")!.getBoundingClientRect();
    const cells = [...document.querySelectorAll(".board-wrap svg.board .target")].map((e) => e.getBoundingClientRect()).filter((b) => b.height > 0);
    return { barBottom: bar.bottom, top: Math.min(...cells.map((b) => b.top)), bottom: Math.max(...cells.map((b) => b.bottom)), n: cells.length };
  });
  expect(got.n).toBeGreaterThan(0);
  expect(got.top, "the highest square against the bar's bottom").toBeGreaterThanOrEqual(got.barBottom - 1);
  expect(got.bottom, "the lowest square against the screen's bottom").toBeLessThanOrEqual(844);
  await ctx.close();
});
