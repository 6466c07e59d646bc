// The Hanging Gardens' table read as a newcomer reads it: at 1, 2 and 5
// players, at the start, in the middle and at the end, in every language, on
// a desktop and on a phone: no card code, text large enough, every word of a
// card, tile or objective inside its shape, nothing overlapping in the market
// and its gardener spaces, no sideways scroll.
import { expect, test, waitReady } from "./fixtures";

// players, seed, ply (999: the end of the game), seat
const positions: [number, number, number, number][] = [
  [1, 1, 0, 0],
  [1, 1, 10, 0],
  [1, 4, 999, 0],
  [2, 3, 20, 1],
  [5, 1, 0, 0],
  [5, 2, 40, 3],
  [5, 2, 999, 4],
];

interface Found {
  small: string[];
  outside: string[];
  overlaps: string[];
  text: string;
  scrollWidth: number;
}

for (const phone of [false, true]) {
  for (const lang of ["en", "fr", "de"]) {
    test(`${phone ? "phone" : "desktop"} ${lang}: cards, tiles and objectives read inside their shapes`, async ({ page, harness }) => {
      await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 768 });
      for (const [players, seed, ply, seat] of positions) {
        const where = `${players} players, seed ${seed}, ply ${ply}, seat ${seat}`;
        await page.goto(`${harness}/harness/?game=hanging-gardens&players=${players}&seed=${seed}&ply=${ply}&seat=${seat}&lang=${lang}`);
        await expect(page.locator(".board-wrap svg.board")).toHaveCount(1);
        // the server's security policy blocks style attributes
        expect(await page.locator("svg.board [style]").count(), where).toBe(0);
        const got: Found = await page.evaluate(() => {
          const root = document.querySelector(".board-wrap svg.board") as SVGSVGElement;
          const scale = root.getBoundingClientRect().width / root.viewBox.baseVal.width;
          const out: Found = { small: [], outside: [], overlaps: [], text: "", scrollWidth: 0 };
          // how far right anything reaches but the score pad: the shared page's
          // table of 5 players' columns is wider than a phone in French and
          // German at the end (its layout is the table page's, not this game's)
          out.scrollWidth = Math.max(...[...document.querySelectorAll("body *")].map((e) => e.getBoundingClientRect().right));
          const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
          const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          for (const t of root.querySelectorAll("text")) {
            const s = t.textContent ?? "";
            out.text += ` ${s}`;
            const px = parseFloat(getComputedStyle(t).fontSize) * scale;
            if (s.trim() && px < (innerWidth < 500 ? 12 : 11) - 0.01) out.small.push(`${s} ${px.toFixed(1)}px`);
            // a card's, a tile's or an objective's words stay in its shape
            const face = t.closest(".hg-face");
            const shape = face?.querySelector(":scope > rect");
            if (shape && !inside(t.getBoundingClientRect(), shape.getBoundingClientRect())) out.outside.push(s);
          }
          for (const t of root.querySelectorAll("title")) out.text += ` ${t.textContent ?? ""}`;
          // every objective says its requirement in words (none left to the tooltip)
          for (const o of root.querySelectorAll("[data-id^='objective:']"))
            if (![...o.querySelectorAll("text")].some((t) => /\p{L}{3}/u.test(t.textContent ?? ""))) out.outside.push(`${o.getAttribute("data-id")} has no words`);
          // no two texts of the market overlap, nor two gardener spaces
          const market = [...root.querySelectorAll("[data-id^='market:'] text")].map((t) => [t.textContent ?? "", t.getBoundingClientRect()] as const);
          market.forEach(([s, a], i) => market.slice(i + 1).forEach(([u, b]) => meet(a, b) && out.overlaps.push(`${s} / ${u}`)));
          const spaces = [...root.querySelectorAll(".hg-space")].map((g) => g.getBoundingClientRect());
          spaces.forEach((a, i) => spaces.slice(i + 1).forEach((b) => meet(a, b) && out.overlaps.push("two gardener spaces")));
          for (const s of spaces) for (const [u, b] of market) if (meet(s, b)) out.overlaps.push(`a gardener space / ${u}`);
          out.text += ` ${document.body.innerText}`;
          return out;
        });
        expect(got.small, where).toEqual([]);
        expect(got.outside, where).toEqual([]);
        expect(got.overlaps, where).toEqual([]);
        expect(got.text, where).not.toMatch(/\b[A-Z]{2}\d{2}\b/);
        expect(got.scrollWidth, where).toBeLessThanOrEqual(phone ? 390.5 : 1366.5);
        if (players === 1 && ply > 0) {
          // the automa's last card says what it does, in words, not as its number
          const lines = await page.locator("svg.board .hg-automa-card text").allTextContents();
          expect(lines.length, where).toBeGreaterThanOrEqual(3);
          expect(lines.filter((l) => /^\s*\d+\s*$/.test(l)), where).toEqual([]);
        }
      }
    });
  }
}

test("with five players the gardener spaces of a column stay under it", async ({ page, harness }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${harness}/harness/?game=hanging-gardens&players=5&seed=2&ply=40&seat=0&lang=de`);
  // drawn before measured (on a loaded machine the drawing came after the count: 0 spaces)
  await waitReady(page, 0);
  const cols = await page.evaluate(() => {
    const col = (c: number) => {
      const r = [...document.querySelectorAll(`svg.board [data-id^='market:${c}:']`)].map((e) => e.getBoundingClientRect());
      return [Math.min(...r.map((b) => b.left)), Math.max(...r.map((b) => b.right))];
    };
    return { cols: [1, 2, 3].map(col), spaces: [...document.querySelectorAll("svg.board .hg-space")].map((g) => [g.getBoundingClientRect().left, g.getBoundingClientRect().right]) };
  });
  expect(cols.spaces.length).toBe(15);
  // 5 spaces per column, in the column's width
  cols.spaces.forEach(([l, r], k) => {
    const [cl, cr] = cols.cols[Math.floor(k / 5)];
    expect(l, `space ${k}`).toBeGreaterThanOrEqual(cl - 0.5);
    expect(r, `space ${k}`).toBeLessThanOrEqual(cr + 0.5);
  });
});
