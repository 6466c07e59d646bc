// Happy Garden: the two-shelf shop, the turn-token pile and the revealed
// tokens, the supply of wheelbarrows, worms and moles, butterflies and
// watering cans, the held tile, and each player's garden of tiles around
// the house (empty squares next to it drawn, as places to plant).

import { caption, el, g, hue, type Mark, mark, rect, svgRoot, target, text, wrapLines } from "../svg";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/happygarden";

const T = 54; // tile size
/** The least width of the drawing on a phone: the info lines are wrapped to it. */
const NARROW_W = 390;

const COLOUR: Record<string, string> = { R: "red", O: "orange", Y: "yellow", B: "blue", P: "pink", V: "purple", G: "green", W: "white" };
// Each flower shape gets its own mark, so a flower reads without its colour.
const SHAPE: Record<string, Mark> = { D: "circle", T: "triangle", L: "diamond", S: "star", H: "heart", C: "square" };
/** Token symbols drawn, not typed: no emoji font is needed. */
function symbol(kind: string, x: number, y: number): SVGElement {
  switch (kind) {
    case "butterfly":
      return el("path", { d: `M${x} ${y}l-6 -5v10zM${x} ${y}l6 -5v10z`, fill: "#7b4fb0", stroke: "#222", "stroke-width": 0.8 });
    case "worm":
      return el("path", { d: `M${x - 7} ${y}q2 -4 4 0t4 0t4 0`, fill: "none", stroke: "#b5651d", "stroke-width": 2.5 });
    case "mole":
      return el("path", { d: `M${x - 6} ${y + 3}a6 6 0 0 1 12 0z`, fill: "#555", stroke: "#111" });
    case "wheelbarrow":
      return g({}, el("path", { d: `M${x - 7} ${y - 3}h12l-3 5h-7z`, fill: "#888", stroke: "#222" }), el("circle", { cx: x + 1, cy: y + 4, r: 2, fill: "#222" }));
    default:
      return el("path", { d: `M${x} ${y - 6}q5 6 0 10q-5 -4 0 -10z`, fill: "#3a7bd5", stroke: "#123" });
  }
}

function colourOf(id: string | undefined): string {
  return COLOUR[(id ?? "").replace("colour:", "")] ?? "grey";
}

function tileFace(ctx: Ctx, t: W.TileView, x: number, y: number, s = T): SVGElement[] {
  const out: SVGElement[] = [];
  if (t.kind === "flower") {
    const h = hue(colourOf(t.colour));
    out.push(rect(x, y, s, s, { fill: h.fill, stroke: "#333" }));
    out.push(mark(SHAPE[(t.shape ?? "").replace("shape:", "")] ?? "ring", x + s / 2, y + s / 2 - 4, s * 0.26, h.ink));
  } else if (t.kind === "gnome") {
    out.push(rect(x, y, s, s, { fill: "#f7f3e8", stroke: "#333" }));
    out.push(el("path", { d: `M${x + s / 2} ${y + 6}L${x + s / 2 + 12} ${y + s / 2}H${x + s / 2 - 12}Z`, fill: "#c0392b", stroke: "#333" }));
    ((t.gnomeColours as string[]) ?? []).forEach((c, i, a) => {
      const hh = hue(colourOf(c));
      const cx = x + s / 2 + (i - (a.length - 1) / 2) * 14;
      out.push(el("circle", { cx, cy: y + s - 14, r: 6, fill: hh.fill, stroke: "#333" }));
      out.push(mark(hh.mark, cx, y + s - 14, 3.5, hh.ink));
    });
  } else if (t.kind === "windmill") {
    out.push(rect(x, y, s, s, { fill: "#e8eef7", stroke: "#333" }));
    out.push(el("path", { d: `M${x + s / 2} ${y + s / 2}l-14 -14M${x + s / 2} ${y + s / 2}l14 -14M${x + s / 2} ${y + s / 2}l14 14M${x + s / 2} ${y + s / 2}l-14 14`, stroke: "#456", "stroke-width": 5 }));
    ((t.colours as string | undefined) ?? "").split("").forEach((c, i, a) => {
      const hh = hue(COLOUR[c]);
      out.push(el("rect", { x: x + s / 2 - a.length * 6 + i * 12, y: y + s - 12, width: 10, height: 8, fill: hh.fill, stroke: "#333" }));
    });
  } else {
    out.push(rect(x, y, s, s, { fill: "#eee", stroke: "#333" }));
  }
  if (t.symbol) out.push(g({}, el("circle", { cx: x + 10, cy: y + 10, r: 8, fill: "#fff", stroke: "#333" }), symbol(t.symbol, x + 10, y + 10)));
  let tx = x + 8;
  for (const [k, n] of [["worm", t.worms], ["mole", t.moles], ["butterfly", t.butterflies]] as [string, number][]) {
    if (!n) continue;
    out.push(el("rect", { x: tx - 2, y: y + s - 14, width: 26, height: 12, rx: 3, fill: "#fff", stroke: "#333" }), symbol(k, tx + 7, y + s - 8), text(tx + 19, y + s - 8, n, { "font-size": 9 }));
    tx += 28;
  }
  out.push(text(x + s - 12, y + 9, t.id, { "font-size": 8, fill: "#222" }));
  return out;
}

/** A component's name, else its id without the kind ("turn:blank" → "blank"). */
function nameOr(ctx: Ctx, id: string | undefined): string {
  if (!id) return "—";
  return ctx.comp(id)?.name ?? id.replace(/^[a-z]+:/, "");
}

/** The revealed turn tokens, `per` to a line. */
function revealedLines(ctx: Ctx, ids: string[], per: number): string[] {
  const names = ids.map((r) => nameOr(ctx, r));
  const out: string[] = [];
  for (let i = 0; i < names.length; i += per) {
    const line = names.slice(i, i + per).join(", ");
    out.push(i === 0 ? ctx.t("page.revealed", { tokens: line }) : line);
  }
  return out.length ? out : [ctx.t("page.revealed.none")];
}

/** A garden's squares: its tiles and one empty square all round. */
function bounds(garden: W.TileView[]): { minX: number; maxX: number; minY: number; maxY: number } {
  const b = { minX: -1, maxX: 1, minY: -1, maxY: 1 };
  for (const t of garden) {
    b.minX = Math.min(b.minX, t.x - 1);
    b.maxX = Math.max(b.maxX, t.x + 1);
    b.minY = Math.min(b.minY, t.y - 1);
    b.maxY = Math.max(b.maxY, t.y + 1);
  }
  return b;
}

/** The width of a garden's panel. */
function gardenW(garden: W.TileView[]): number {
  const b = bounds(garden);
  return Math.max((b.maxX - b.minX + 1) * T + 24, 260);
}

function tileName(ctx: Ctx, t: W.TileView): string {
  return ctx.comp(t.id)?.name ?? t.id;
}

export function drawHappyGarden(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  kids.push(caption(16, 22, ctx.t("page.shop")));
  const shop = (v.shop ?? []).filter((s): s is W.TileView => s !== null);
  // two shelves: slots shop:A1… and shop:B1…
  // Top shelf (T) above the bottom one (B), as on the table.
  const shelves = [...new Set(shop.map((s) => String(s.slot).replace(/^shop:([A-Z]).*$/, "$1")))].sort().reverse();
  const shelfName = (k: string) => (k === "T" ? ctx.t("page.shelf.top") : k === "B" ? ctx.t("page.shelf.bottom") : k);
  let maxX = 0;
  shelves.forEach((shelf, si) => {
    const y = 34 + si * (T + 14);
    kids.push(el("text", { x: 36, y: y + T / 2, "text-anchor": "end", "dominant-baseline": "central", class: "small", transform: `rotate(-90 ${22} ${y + T / 2})` }, shelfName(shelf)));
    shop
      .filter((s) => String(s.slot).startsWith(`shop:${shelf}`))
      .forEach((s, k) => {
        const x = 40 + k * (T + 8);
        maxX = Math.max(maxX, x + T);
        // slot and tile are siblings (no button inside another): the slot's frame, the tile on it
        const slot = String(s.slot ?? "").replace(/^shop:/, "");
        const slotLabel = ctx.t("page.slot", { slot, shelf: slot.startsWith("T") ? "top" : "bottom", tile: tileName(ctx, s) });
        kids.push(target(s.slot ?? "", slotLabel, undefined, rect(x - 4, y - 4, T + 8, T + 8, { fill: "transparent", stroke: "#bbb" })));
        kids.push(target(s.id, tileName(ctx, s), ctx.comp(s.id)?.help, ...tileFace(ctx, s, x, y)));
      });
  });
  let x = Math.max(maxX + 30, 300);
  if (ctx.narrow) x = 16; // on a phone the counts go under the shop
  const sup = v.supply ?? {};
  const supply = [
    ctx.t("page.supply.1", { wheelbarrows: sup.wheelbarrows ?? 0, wormMole: sup.wormMole ?? 0 }),
    ctx.t("page.supply.2", { butterflies: sup.butterflies ?? 0, cans: sup.wateringCans ?? 0 }),
  ];
  const head = [ctx.t("page.round", { round: v.round, rounds: v.rounds }), ctx.t("page.left", { pile: v.pileLeft, bag: v.bagLeft })];
  const token = ctx.t("page.token", { token: v.token ? nameOr(ctx, v.token) : ctx.t("page.token.none") });
  // On a phone the lines go under the shop, across the drawing's width
  // (at least NARROW_W, else its widest garden, one to a row): each is
  // wrapped to it rather than cut at the edge.
  const narrowW = Math.max(NARROW_W, ...(v.players ?? []).map((pl) => 16 + gardenW(pl.garden ?? []) + 14));
  const info = ctx.narrow
    ? [...head, supply.join(" "), token, revealedLines(ctx, v.revealed ?? [], Infinity).join(" ")].flatMap((s) => wrapLines(s, narrowW - 32, 12))
    : [...head, ...supply, token, ...revealedLines(ctx, v.revealed ?? [], 5)];
  const infoY = ctx.narrow ? 34 + Math.max(1, shelves.length) * (T + 14) + 6 : 40;
  info.forEach((s, i) => kids.push(el("text", { x, y: infoY + i * 18, class: "small" }, s)));
  if (v.held) {
    const hx = 40;
    const hy = 34 + Math.max(1, shelves.length) * (T + 14) + 8 + (ctx.narrow ? info.length * 18 + 10 : 0);
    kids.push(el("text", { x: hx, y: hy - 4, class: "small" }, ctx.t("page.to-place")));
    kids.push(target(v.held.id, tileName(ctx, v.held), ctx.comp(v.held.id)?.help, ...tileFace(ctx, v.held, hx + 80, hy - 20)));
  }
  const top = 34 + Math.max(1, shelves.length) * (T + 14) + (v.held ? T + 10 : 10) + (ctx.narrow ? info.length * 18 + 10 : 0);
  // gardens
  const players: W.PlayerView[] = v.players ?? [];
  let gy = top;
  let W = ctx.narrow ? narrowW : x + 420;
  let rowH = 0;
  let gx = 16;
  players.forEach((pl, p) => {
    const garden: W.TileView[] = pl.garden ?? [];
    const { minX, maxX: maxXc, minY, maxY } = bounds(garden);
    const rows = maxY - minY + 1;
    const PW = gardenW(garden);
    const PH = rows * T + 60;
    if (gx + PW > (ctx.narrow ? 420 : 1100) && gx > 16) {
      gx = 16;
      gy += rowH + 14;
      rowH = 0;
    }
    const turn = v.toMove === p;
    const mh = hue(colourOf(pl.mouseColour));
    const parts: SVGElement[] = [
      rect(gx, gy, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("circle", { cx: gx + 16, cy: gy + 16, r: 8, fill: mh.fill, stroke: "#222" }),
      mark(mh.mark, gx + 16, gy + 16, 4, mh.ink),
      el("text", { x: gx + 30, y: gy + 21, class: "seat-name" }, (p === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, p) }) : seatName(ctx, p)) + (v.firstPlayer === p ? " ◆" : "")),
      el("text", { x: gx + PW - 12, y: gy + 21, "text-anchor": "end", class: "score" }, String(pl.score)),
    ];
    const at = new Map<string, W.TileView>();
    for (const t of garden) at.set(`${t.x},${t.y}`, t);
    const own = p === ctx.seat;
    for (let yy = minY; yy <= maxY; yy++) {
      for (let xx = minX; xx <= maxXc; xx++) {
        const cid = `${xx},${yy}`;
        const sx = gx + 12 + (xx - minX) * T;
        const sy = gy + 32 + (yy - minY) * T;
        const t = at.get(cid);
        if (xx === 0 && yy === 0 && !t) {
          parts.push(g({ role: "img", "aria-label": nameOr(ctx, "house") }, rect(sx, sy, T, T, { fill: "#e3c9a0", stroke: "#6b4f23" }), el("path", { d: `M${sx + 10} ${sy + T - 10}V${sy + 24}L${sx + T / 2} ${sy + 8}L${sx + T - 10} ${sy + 24}V${sy + T - 10}Z`, fill: "#c0392b", stroke: "#5a1a12" })));
          continue;
        }
        if (t) {
          // A tile is named by its id (moves name it so); its square by the cell.
          parts.push(target(own ? t.id : `${p}:${t.id}`, ctx.t("page.cell.tile", { cell: cid, tile: tileName(ctx, t) }), ctx.comp(t.id)?.help, ...tileFace(ctx, t, sx, sy)));
        } else {
          parts.push(target(own ? cid : `${p}:${cid}`, ctx.t("page.cell.empty", { cell: cid }), undefined, el("rect", { x: sx + 1, y: sy + 1, width: T - 2, height: T - 2, fill: "#eef4e4", stroke: "#d5dcc8", "stroke-dasharray": "3 3" })));
        }
      }
    }
    parts.push(el("text", { x: gx + 12, y: gy + PH - 10, class: "small" }, ctx.t("page.player.tokens", { wheelbarrows: pl.wheelbarrows, cans: pl.wateringCans })));
    kids.push(g({ class: "garden" }, ...parts));
    gx += PW + 14;
    rowH = Math.max(rowH, PH);
    W = Math.max(W, gx);
  });
  const H = gy + rowH + 16;
  return svgRoot(W, H, ctx.t("page.table"), ...kids);
}

export function happyGardenChoice(id: string, part: string, _v: W.View, ctx: Ctx): Node | string | undefined {
  // a kind of move: its button's words (page.move.<kind>)
  if (id.startsWith("#")) return ctx.t(`page.move.${id.slice(1)}`);
  // the seat a mole goes to: its player's name
  if (part === "seat") return seatName(ctx, Number(id.replace(/^seat:/, "")) - 1);
  if (part === "colour") {
    const h = hue(colourOf(id));
    return el("svg", { width: 22, height: 22, viewBox: "0 0 22 22", role: "img", "aria-label": ctx.comp(id)?.name ?? id }, el("rect", { x: 1, y: 1, width: 20, height: 20, fill: h.fill, stroke: "#333" }), mark(h.mark, 11, 11, 6, h.ink));
  }
  return undefined;
}
