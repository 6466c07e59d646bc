// Alice's Garden's table: the ghost preview covers the squares the engine
// would cover, the gardens are owner groups, and a newcomer can read and
// tap the drawing on a phone and a desktop in every language.
import { expect, test } from "./fixtures";
import { alicesGardenPreview } from "../../web/src/games/alicesgarden";
import type { Ctx } from "../../web/src/games/types";

interface Pos {
  view: { held?: { orientations: { id: string; rows: string[] }[] }; boards: { grid: string[] }[] };
  moves: { desc?: { kind: string; tile?: string; orientation?: string; cell?: string }; notation: string }[];
  promptKey?: string;
}

const ctx = { lang: "en", seat: 0, names: [], narrow: false, comp: () => undefined, t: (id: string) => id } as unknown as Ctx;

test("the preview of every placement covers the squares its notation names", async ({ request, harness }) => {
  let checked = 0;
  const wrong: string[] = [];
  // placement decisions of seat 0: in an empty garden and in fuller ones
  for (const [players, seed, ply] of [[2, 3, 4], [3, 8, 20], [4, 5, 44]]) {
    const r = await request.get(`${harness}/harness/api/view?game=alices-garden&players=${players}&seed=${seed}&ply=${ply}&seat=0`);
    const pos = (await r.json()) as Pos;
    expect(pos.promptKey, `${players} players, seed ${seed}, ply ${ply}`).toBe("place");
    const grid = pos.view.boards[0].grid;
    for (const m of pos.moves) {
      const d = m.desc!;
      // notation: place <orientation> <row>,<col> of the box's top-left corner
      const [, , corner] = m.notation.split(" ");
      const [r0, c0] = corner.split(",").map(Number);
      const rows = pos.view.held!.orientations.find((o) => o.id === d.orientation)!.rows;
      const want: string[] = [];
      rows.forEach((row, r) => [...row].forEach((ch, c) => ch !== "." && want.push(`r${r0 + r}c${c0 + c}`)));
      const got = alicesGardenPreview(pos.view as never, ctx, [d.tile!, d.orientation!], d.cell!);
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${m.notation}: preview ${got}, want ${want}`);
      if (!got?.includes(d.cell!)) wrong.push(`${m.notation}: the target ${d.cell} is not a square the tile covers`);
      for (const id of got ?? []) {
        const [, r, c] = /^r(\d)c(\d)$/.exec(id)!.map(Number);
        if (!".:".includes(grid[r - 1][c - 1])) wrong.push(`${m.notation} covers ${id}, which is taken`);
      }
      checked++;
    }
  }
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(200);
});

for (const phone of [false, true]) {
  for (const lang of ["en", "fr", "de"]) {
    test(`${phone ? "phone" : "desktop"} ${lang}: gardens are owner groups, text is big enough and inside its shape, no codes`, async ({ page, harness }) => {
      await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1366, height: 768 });
      // 4 players, seat 1, a placement in the middle of the game
      await page.goto(`${harness}/harness/?game=alices-garden&players=4&seed=5&ply=24&seat=1&lang=${lang}`);
      const svg = page.locator(".board-wrap svg.board");
      await expect(svg).toHaveCount(1);
      const owners = await page.locator("svg.board g[data-owner]").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-owner")));
      expect(owners.sort()).toEqual(["0", "1", "2", "3"]);
      // the seat's own squares (r1c1…) are in its group, the others' (2:r1c1) in theirs; the market is in none
      expect(await page.locator("svg.board g[data-owner='1'] [data-id='r1c1']").count()).toBe(1);
      expect(await page.locator("svg.board g[data-owner='2'] [data-id='2:r1c1']").count()).toBe(1);
      expect(await page.locator("svg.board g[data-owner] [data-id^='bag:']").count()).toBe(0);
      // the server's security policy blocks style attributes: sizes are presentation attributes
      expect(await page.locator("svg.board [style]").count()).toBe(0);
      const res = await page.evaluate(() => {
        const root = document.querySelector(".board-wrap svg.board") as SVGSVGElement;
        const box = root.getBoundingClientRect();
        const scale = box.width / root.viewBox.baseVal.width;
        const out = { small: [] as string[], outside: [] as string[], text: "" };
        for (const t of root.querySelectorAll("text")) {
          const px = parseFloat(getComputedStyle(t).fontSize) * scale;
          const s = t.textContent ?? "";
          out.text += ` ${s}`;
          if (px < (innerWidth < 500 ? 12 : 11) - 0.01) out.small.push(`${s} ${px.toFixed(1)}px`);
          const b = t.getBoundingClientRect();
          if (b.left < box.left - 1 || b.right > box.right + 1) out.outside.push(s);
          // a garden's header stays inside its garden
          const gd = t.closest("g[data-owner]")?.querySelector("rect")?.getBoundingClientRect();
          if (gd && (b.left < gd.left - 1 || b.right > gd.right + 1)) out.outside.push(s);
        }
        return out;
      });
      expect(res.small).toEqual([]);
      expect(res.outside).toEqual([]);
      expect(res.text).not.toMatch(/\b[A-Z]\d{2}\b|\w+:\w+|\br\dc\d\b/);
      if (phone) {
        const cell = await page.locator("svg.board [data-id='r1c1']").boundingBox();
        expect(cell!.width).toBeGreaterThanOrEqual(40);
        expect(cell!.height).toBeGreaterThanOrEqual(40);
        const sw = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(sw).toBeLessThanOrEqual(390);
      }
    });
  }
}
