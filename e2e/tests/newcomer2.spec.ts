// A card the player may take is outlined at its edge, never in its words
// (a newcomer's review: the Hanging Gardens' market card names, drawn in
// an orange 4 px outline, could not be read on a phone). The highlight of
// a target whose shape is a group lands on the group's first rectangle.
import { autoplay, expect, test } from "./fixtures";

test("a Hanging Gardens market card to take is outlined at its edge, its words and pictograms are not", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${harness}/harness/?game=hanging-gardens&players=2&seed=3&ply=0&seat=1&lang=fr`);
  const cards = page.locator('.board-wrap svg.board .target[data-id^="market:"]');
  await expect(cards.first()).toBeVisible();
  const got = await cards.evaluateAll((els) =>
    els.map((e) => ({
      edge: getComputedStyle(e.querySelector(".hl > rect")!).stroke,
      words: [...e.querySelectorAll("text")].map((t) => getComputedStyle(t).stroke),
      // the pictograms and icons keep their own strokes, none of them the outline's colour and width
      marks: [...e.querySelectorAll(".hl *:not(text)")].filter((s) => s !== e.querySelector(".hl > rect") && getComputedStyle(s).stroke === "rgb(224, 138, 0)").map((s) => s.outerHTML.slice(0, 60)),
    })),
  );
  expect(got.length).toBeGreaterThan(0);
  for (const c of got) {
    expect(c.edge).toBe("rgb(224, 138, 0)"); // --target
    expect(c.words.filter((s) => s !== "none")).toEqual([]);
    expect(c.marks).toEqual([]);
  }
});

// Happy Garden's shop on a phone (a newcomer's review: a box mostly empty
// beside small tiles, above dense lines): its tiles fill the drawing's
// width, and before the first round no empty shelf's height sits under
// the shop's name.
test("on a phone Happy Garden's shop fills the width and keeps no empty shelf", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const ply of [10, 0]) {
    await page.goto(`${harness}/harness/?game=happy-garden&players=2&seed=3&ply=${ply}&seat=0&lang=fr`);
    const board = page.locator(".board-wrap svg.board");
    await expect(board).toHaveCount(1);
    const got = await board.evaluate((root) => {
      const box = root.getBoundingClientRect();
      const shop = [...root.querySelectorAll('[data-id^="shop:"]')].map((e) => e.getBoundingClientRect());
      const caption = [...root.querySelectorAll("text")].find((t) => t.textContent === "Jardinerie")!.getBoundingClientRect();
      // the first thing drawn under the shop's name
      const under = [...root.querySelectorAll("text, .thing")].map((e) => e.getBoundingClientRect()).filter((r) => r.top > caption.bottom + 1);
      return {
        right: shop.length ? (Math.max(...shop.map((r) => r.right)) - box.left) / box.width : 1,
        gap: Math.min(...under.map((r) => r.top)) - caption.bottom,
      };
    });
    expect(got.right, `ply ${ply}: the shop's right edge, as a share of the width`).toBeGreaterThan(0.85);
    expect(got.gap, `ply ${ply}: the space under the shop's name`).toBeLessThan(30);
  }
});

// The score pad at the end of a table a person left, in German on a phone
// (a newcomer's review: "ausgestiegen" in the Rank row widened its
// column past the screen): the pad keeps within the phone's width.
test("a German score pad with a seat that left keeps within a phone", async ({ browser, server }) => {
  test.setTimeout(300_000);
  const ann = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-DE", hasTouch: true, isMobile: true })).newPage();
  const bob = await (await browser.newContext({ locale: "en-GB" })).newPage();
  for (const [p, name] of [[ann, "Annegret"], [bob, "Bob"]] as const) {
    const r = await p.request.post(server.url + "/api/me", { data: { name } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  const made = await ann.request.post(server.url + "/api/tables", { data: { game: "english-gardens", seats: ["me", "open", "greedy", "greedy"], clock: { mode: "none" } } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const tb = await made.json();
  const joined = await bob.request.post(`${server.url}/api/tables/${tb.id}/join`, { data: { invite: tb.invite } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const resigned = await bob.request.post(`${server.url}/api/tables/${tb.id}/resign`);
  expect(resigned.ok(), await resigned.text()).toBeTruthy();
  await ann.goto(`${server.url}/t/${tb.id}?lang=de`);
  await expect(ann.locator("svg.board")).toBeVisible();
  await autoplay(ann, tb.id);
  const rank = ann.locator(".scorepad tr.rank td");
  await expect(rank).toHaveCount(4, { timeout: 60_000 });
  await expect(rank.nth(1)).toHaveText(/\p{L}{4}/u); // the word the catalogue says
  await ann.locator(".scorepad").scrollIntoViewIfNeeded();
  await ann.screenshot({ path: `${process.env.JARDIN_E2E_OUT ?? "/tmp"}/newcomer2-pad-de.png` });
  const right = await ann.locator(".scorepad").evaluate((e) => e.getBoundingClientRect().right);
  expect(right, "the pad's right edge").toBeLessThanOrEqual(390);
  // the word does not widen its column at the expense of the lines' names: each reads on one line
  const heads = await ann.locator('.scorepad th[scope="row"]').evaluateAll((ths) => ths.map((th) => [th.textContent ?? "", th.getBoundingClientRect().height] as const));
  const one = Math.min(...heads.map(([, h]) => h));
  expect(heads.filter(([, h]) => h > one * 1.5).map(([s]) => s), "line names broken over two lines").toEqual([]);
  const wide = await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, "nothing wider than the screen").toBeLessThanOrEqual(0);
});
