// Alice's Garden: the five bags (each with its tile shape drawn) and the
// bonus bag with their counts, the tiles to take drawn as the shapes they
// are, the tile to place, and each player's 8×6 garden (chessboard squares
// checkered) where each placed tile is one piece with its outline.
//
// Layout: on a desktop the market (bags, supply, tile to place) runs across
// the top and the gardens go two per row under it. On a phone (ctx.narrow)
// the drawing is one garden wide, so that at 390 px a square is a 40 px
// target: the player's own garden first, the market under it, the other
// gardens last.

import { caption, el, g, rect, svgRoot, target, text, wrapLines } from "../svg";
import type { Ctx, Preview } from "./types";
import type * as W from "../gen/alicesgarden";

const S = 44; // square size on a board
const PAD = 8; // inner margin of a garden's panel

/** Each icon has a shape and a colour: R rose ♥, T tree ▲, M mushroom, C chess ♜, G gardener ●, g grass. */
function icon(ch: string, x: number, y: number, s: number): SVGElement {
  const cx = x + s / 2;
  const cy = y + s / 2;
  const r = s * 0.32;
  switch (ch) {
    case "R":
      return el("path", { d: `M${cx} ${cy + r}C${cx - r * 1.4} ${cy} ${cx - r * 0.6} ${cy - r * 1.2} ${cx} ${cy - r * 0.4}C${cx + r * 0.6} ${cy - r * 1.2} ${cx + r * 1.4} ${cy} ${cx} ${cy + r}Z`, fill: "#d94f6a", stroke: "#7a1f33" });
    case "T":
      return el("path", { d: `M${cx} ${cy - r}L${cx + r} ${cy + r * 0.6}H${cx + r * 0.2}V${cy + r}H${cx - r * 0.2}V${cy + r * 0.6}H${cx - r}Z`, fill: "#3f8a3a", stroke: "#1f4a1c" });
    case "M":
      return g({}, el("path", { d: `M${cx - r} ${cy}A${r} ${r * 0.9} 0 0 1 ${cx + r} ${cy}Z`, fill: "#c0392b", stroke: "#5a1a12" }), el("rect", { x: cx - r * 0.3, y: cy, width: r * 0.6, height: r * 0.8, fill: "#f3e6d0", stroke: "#5a1a12" }));
    case "C":
      return el("path", { d: `M${cx - r * 0.7} ${cy + r}H${cx + r * 0.7}V${cy + r * 0.6}H${cx + r * 0.4}V${cy - r * 0.4}H${cx + r * 0.7}V${cy - r}H${cx + r * 0.35}V${cy - r * 0.7}H${cx + r * 0.1}V${cy - r}H${cx - r * 0.1}V${cy - r * 0.7}H${cx - r * 0.35}V${cy - r}H${cx - r * 0.7}V${cy - r * 0.4}H${cx - r * 0.4}V${cy + r * 0.6}H${cx - r * 0.7}Z`, fill: "#333", stroke: "#000" });
    case "G":
      return g({}, el("circle", { cx, cy: cy - r * 0.45, r: r * 0.4, fill: "#e0b080", stroke: "#553" }), el("path", { d: `M${cx - r * 0.7} ${cy + r}Q${cx} ${cy - r * 0.3} ${cx + r * 0.7} ${cy + r}Z`, fill: "#4a7fd0", stroke: "#223" }));
    case "g":
      return el("path", { d: `M${cx - r} ${cy + r * 0.6}l${r * 0.4} ${-r * 1.2}l${r * 0.3} ${r * 1.2}l${r * 0.3} ${-r * 1.5}l${r * 0.3} ${r * 1.5}l${r * 0.3} ${-r}l${r * 0.4} ${r}`, fill: "none", stroke: "#3f8a3a", "stroke-width": 2 });
  }
  return el("g", {});
}

const TILE_FILL = "#fffdf5";
const TILE_EDGE = "#5b4a2e";

function squareFill(ch: string, r: number, c: number): string {
  if (ch === ":") return (r + c) % 2 ? "#d9d3c3" : "#f4f0e4";
  if (ch === ".") return "#e4efcf";
  return TILE_FILL;
}

/** An icon's name from the catalogue (component icon:<letter>). */
function iconName(ctx: Ctx, ch: string): string {
  return ctx.comp(`icon:${ch}`)?.name ?? "";
}

/** A seat's name, or "Seat N" in the page's language. */
function seatName(ctx: Ctx, i: number): string {
  return ctx.names[i] || ctx.t("page.seat", { n: i + 1 });
}

/**
 * A line of text in at most width px: its size shrinks down to floor, and
 * a text still too long (a name of 40 letters without a space) is squeezed
 * into the width by the browser (textLength), never cut. A character is
 * taken as 0.6 em wide, as wrapLines does.
 */
function fitText(x: number, y: number, s: string, width: number, size: number, floor: number, attrs: Record<string, string | number> = {}): SVGTextElement {
  const est = (z: number) => s.length * z * 0.6;
  let z = size;
  while (z > floor && est(z) > width) z -= 0.5;
  // an attribute, and no class: the page's stylesheet sizes its classes,
  // and its security policy forbids style attributes
  const a: Record<string, string | number> = { x, y, ...attrs, "font-size": z };
  if (est(z) > width) {
    a.textLength = width;
    a.lengthAdjust = "spacingAndGlyphs";
  }
  return el("text", a, s);
}

/** A tile's picture from rows of letters ('.' where the box has no square), drawn as one piece with its outline. */
export function tilePicture(rows: string[], x: number, y: number, s: number): SVGElement[] {
  const out: SVGElement[] = [];
  const at = (r: number, c: number) => (rows[r]?.[c] ?? ".") !== ".";
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === ".") return;
      out.push(el("rect", { x: x + c * s, y: y + r * s, width: s, height: s, fill: TILE_FILL, stroke: "#d8ccb0", "stroke-width": 1 }));
      out.push(icon(ch, x + c * s, y + r * s, s));
    });
  });
  // the outline of the piece: each side of a square with no square of the tile beyond it
  let d = "";
  rows.forEach((row, r) => {
    [...row].forEach((_, c) => {
      if (!at(r, c)) return;
      const x0 = x + c * s;
      const y0 = y + r * s;
      if (!at(r - 1, c)) d += `M${x0} ${y0}h${s}`;
      if (!at(r + 1, c)) d += `M${x0} ${y0 + s}h${s}`;
      if (!at(r, c - 1)) d += `M${x0} ${y0}v${s}`;
      if (!at(r, c + 1)) d += `M${x0 + s} ${y0}v${s}`;
    });
  });
  out.push(el("path", { d, fill: "none", stroke: TILE_EDGE, "stroke-width": 2.5, "stroke-linecap": "square", "pointer-events": "none" }));
  return out;
}

function tileLabel(ctx: Ctx, t: W.TileView): string {
  return ctx.t("page.tile", { name: ctx.comp(t.id)?.name ?? "", icons: [...(t.icons as string)].map((c) => iconName(ctx, c)).join(", ") });
}

/** A bag's outline, w wide, h tall, at (x, y). */
function bagPath(x: number, y: number, w: number, h: number): string {
  return `M${x + w * 0.12} ${y + h * 0.2}Q${x + w * 0.05} ${y + h} ${x + w / 2} ${y + h}Q${x + w * 0.95} ${y + h} ${x + w * 0.88} ${y + h * 0.2}Q${x + w / 2} ${y} ${x + w * 0.12} ${y + h * 0.2}Z`;
}

/** The little squares of a shape letter's tiles (as lying in the supply). */
const SHAPES: Record<string, string[]> = {
  O: ["##", "##"],
  I: ["####"],
  L: ["###", "#.."],
  T: ["###", ".#."],
  S: [".##", "##."],
};

/** A large-tile bag: its shape drawn small, its count. */
function bag(v: W.View, ctx: Ctx, b: W.BagView, x: number, y: number, w: number, h: number): SVGGElement {
  const right = v.players === 1 && !b.left; // solo: on the right, used this round
  const shape = SHAPES[b.shape as string] ?? [];
  const q = 9;
  const sw = Math.max(...shape.map((r) => r.length)) * q;
  const sx = x + (w - sw) / 2;
  const sy = y + h * 0.3;
  const kids: SVGElement[] = [];
  shape.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === "#") kids.push(rect(sx + c * q, sy + r * q, q, q, { fill: right ? "#eee" : TILE_FILL, stroke: "#3a2a10", "stroke-width": 1 }));
  }));
  const name = ctx.t("page.bag", { name: ctx.comp(b.id)?.name ?? "", n: b.tiles });
  return target(
    b.id,
    right ? ctx.t("page.bagUsed", { bag: name }) : name,
    ctx.comp(b.id)?.help,
    el("path", { d: bagPath(x, y, w, h), fill: right ? "#e6e2da" : "#c9a66b", stroke: "#6b4f23", "stroke-width": 2, "stroke-dasharray": right ? "5 3" : null }),
    ...kids,
    text(x + w / 2, y + h - 12, b.tiles, { "font-size": 14, "font-weight": 700, fill: "#2a1e08" }),
  );
}

/** The width a caption (14 px bold) takes, estimated a little wide. */
function captionW(s: string): number {
  return s.length * 14 * 0.65;
}

/** A box placed by the flow layout: its size and how to draw it at (x, y). */
interface Box {
  w: number;
  h: number;
  draw: (x: number, y: number) => SVGElement[];
}

/** flow places boxes left to right from (x0, y0), wrapping at width; it returns the y under the last row. */
function flow(boxes: Box[], x0: number, y0: number, width: number, gap: number, out: SVGElement[]): number {
  let x = x0;
  let y = y0;
  let rowH = 0;
  for (const b of boxes) {
    if (x > x0 && x + b.w > x0 + width) {
      x = x0;
      y += rowH + gap;
      rowH = 0;
    }
    out.push(...b.draw(x, y));
    x += b.w + gap;
    rowH = Math.max(rowH, b.h);
  }
  return y + rowH;
}

/** The market: bags, tiles to take, the tile to place, solo's discards. */
function market(v: W.View, ctx: Ctx, width: number): Box[] {
  const boxes: Box[] = [];
  const capH = 22;
  // bags: six of them in a row
  const bw = Math.min(58, Math.floor((width - 5 * 4) / 6));
  const bh = 62;
  boxes.push({
    w: 6 * bw + 5 * 4,
    h: capH + bh,
    draw: (x, y) => {
      const out: SVGElement[] = [caption(x, y + 15, ctx.t("page.bags"))];
      v.bags.forEach((b, i) => out.push(bag(v, ctx, b, x + i * (bw + 4), y + capH, bw, bh)));
      const bx = x + 5 * (bw + 4);
      const bonusName = ctx.t("page.bag", { name: ctx.comp("bag:bonus")?.name ?? "", n: v.bonusBag });
      out.push(
        g(
          { role: "img", "aria-label": bonusName },
          el("title", {}, `${bonusName} — ${ctx.comp("bag:bonus")?.help ?? ""}`),
          el("path", { d: bagPath(bx, y + capH, bw, bh), fill: "#9bc2e6", stroke: "#2b4f6b", "stroke-width": 2 }),
          rect(bx + bw / 2 - 9, y + capH + bh * 0.26, 18, 18, { fill: TILE_FILL, stroke: "#2b4f6b" }),
          text(bx + bw / 2, y + capH + bh * 0.26 + 9, "★", { "font-size": 13, fill: "#2b4f6b" }),
          text(bx + bw / 2, y + capH + bh - 12, v.bonusBag, { "font-size": 14, "font-weight": 700, fill: "#14283a" }),
        ),
      );
      return out;
    },
  });
  // the tile to place next to the bags, the tiles to take after it
  if (v.held) {
    const held = v.held;
    const s = 24;
    // turned as the page first shows it beside Rotate and Flip (the first orientation)
    const rows: string[] = held.orientations?.[0]?.rows ?? held.rows ?? [];
    const cw = Math.max(...rows.map((r) => r.length)) * s;
    const ch = rows.length * s;
    const w = Math.max(cw + 16, 4 * s + 16, captionW(ctx.t("page.toPlace")));
    const bh = Math.max(ch, 2 * s) + 16;
    boxes.push({
      w,
      h: capH + bh,
      draw: (x, y) => [
        caption(x, y + 15, ctx.t("page.toPlace")),
        target(held.id, tileLabel(ctx, held), ctx.comp(held.id)?.help, rect(x, y + capH, w, bh, { rx: 6, fill: "#f6efdc", stroke: "#b8a47a" }), ...tilePicture(rows, x + (w - cw) / 2, y + capH + (bh - ch) / 2, s)),
      ],
    });
  }
  // tiles to take, as the shapes they are (at most 4 × 2 squares lying flat)
  const offer: W.TileView[] = [...(v.supply ?? []), ...(v.drawn ?? [])];
  if (offer.length) {
    const s = 26;
    const tw = 4 * s + 12;
    const th = 2 * s + 12;
    const per = Math.max(1, Math.min(offer.length, Math.floor((width + 8) / (tw + 8))));
    const label = v.drawn?.length ? ctx.t("page.drawn") : ctx.t("page.toTake");
    boxes.push({
      w: Math.max(per * (tw + 8) - 8, captionW(label)),
      h: capH + Math.ceil(offer.length / per) * (th + 8) - 8,
      draw: (x, y) => {
        const out: SVGElement[] = [caption(x, y + 15, label)];
        offer.forEach((t, i) => {
          const tx = x + (i % per) * (tw + 8);
          const ty = y + capH + Math.floor(i / per) * (th + 8);
          const rows: string[] = t.rows ?? [];
          const cw = Math.max(...rows.map((r) => r.length)) * s;
          const ch = rows.length * s;
          out.push(target(t.id, tileLabel(ctx, t), ctx.comp(t.id)?.help, rect(tx, ty, tw, th, { rx: 6, fill: "#f6efdc", stroke: "#b8a47a" }), ...tilePicture(rows, tx + (tw - cw) / 2, ty + (th - ch) / 2, s)));
        });
        return out;
      },
    });
  }
  if (v.players === 1 && (v.discarded ?? 0) > 0) {
    const line = ctx.t("page.discarded", { n: v.discarded ?? 0 });
    const lines = wrapLines(line, Math.min(width, 220), 13);
    boxes.push({
      w: Math.min(width, 220),
      h: capH + lines.length * 17,
      draw: (x, y) => lines.map((l, i) => el("text", { x, y: y + capH + 12 + i * 17, fill: "#4d4a42", "font-size": 13 }, l)),
    });
  }
  return boxes;
}

/** A garden's size: its square, the panel's width and height, and the margins of its axis numbers. */
interface Size {
  sq: number;
  w: number;
  h: number;
  compact: boolean;
  /** room left of the squares for the row numbers, and above them for the column numbers */
  ax: number;
  ay: number;
}

/**
 * The rows and columns are numbered from 1 on the garden's edges, as the
 * sentences name cells ("row 2, column 3", cell.square): 14-unit digits,
 * at least 12 CSS px on a phone (a phone shows the drawing at 0.91).
 */
const AXIS_FONT = 14;

/** A full garden (the player's own, or every garden where room allows). */
// The row numbers take 8 more units on the left and the right margin is 4,
// so that a phone still shows the full garden's 13-unit text at 12 px or more.
const FULL: Size = { sq: S, w: 8 * S + PAD + 8 + 4, h: 34 + 14 + 6 * S + 44, compact: false, ax: 8, ay: 14 };
/** Another player's garden beside the player's own: half the size, the score under it. */
const SMALL_SQ = 20;
const SMALL: Size = { sq: SMALL_SQ, w: 8 * SMALL_SQ + PAD + 8 + 4, h: 30 + 13 + 6 * SMALL_SQ + 36, compact: true, ax: 8, ay: 13 };

/** One garden: name, score, the 8×6 squares, each placed tile outlined as a piece, bonus tiles held. */
function garden(v: W.View, ctx: Ctx, b: W.BoardView, p: number, px: number, py: number, z: Size): SVGGElement {
  const { sq, w: BW, h: BH, compact, ax, ay } = z;
  const turn = v.toMove === p;
  const own = p === ctx.seat;
  const parts: SVGElement[] = [rect(px, py, BW, BH, { rx: 10, fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#b08600" : "#bbb", "stroke-width": turn ? 3 : 1 })];
  // header: the first-player token, the name, the score in words (under the garden when compact)
  let nx = px + PAD + 2;
  const hy = compact ? py + 20 : py + 24;
  if (v.first === p) {
    const tok = ctx.comp("token:first");
    const r = compact ? 8 : 10;
    parts.push(g({ role: "img", "aria-label": tok?.name ?? "" }, el("title", {}, `${tok?.name ?? ""} — ${tok?.help ?? ""}`), el("circle", { cx: nx + r, cy: hy - 5, r, fill: "#f4d03f", stroke: "#6b5200", "stroke-width": 1.5 }), text(nx + r, hy - 5, "1", { "font-size": 13, "font-weight": 700, fill: "#2a2000" })));
    nx += 2 * r + 6;
  }
  const score = ctx.t("page.points", { n: b.score });
  const tilesLine = ctx.t("page.tiles", { n: b.tiles });
  const name = own ? ctx.t("page.you", { name: seatName(ctx, p) }) : seatName(ctx, p);
  if (compact) {
    parts.push(fitText(nx, hy, name, px + BW - PAD - nx, 14, 13, { "font-weight": 600, fill: "#1d1d1b" }));
  } else {
    const scoreW = score.length * 16 * 0.6 + 4;
    parts.push(el("text", { x: px + BW - PAD - 4, y: hy, "text-anchor": "end", "font-weight": 700, "font-size": 16 }, score));
    parts.push(fitText(nx, hy, name, px + BW - PAD - 8 - scoreW - nx, 15, 13, { "font-weight": 600, fill: "#1d1d1b" }));
  }
  const gy = py + (compact ? 28 : 34) + ay;
  const gx = px + PAD + ax;
  for (let c = 0; c < 8; c++) parts.push(text(gx + c * sq + sq / 2, gy - ay / 2 - 1, c + 1, { "font-size": AXIS_FONT, fill: "#4d4a42" }));
  for (let r = 0; r < 6; r++) parts.push(text(px + (PAD + ax) / 2, gy + r * sq + sq / 2, r + 1, { "font-size": AXIS_FONT, fill: "#4d4a42" }));
  const grid = b.grid as string[];
  const pieces: number[] = b.pieces ?? [];
  const printed: string[] = v.squares ?? [];
  grid.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      const id = `r${r + 1}c${c + 1}`;
      const sx = gx + c * sq;
      const sy = gy + r * sq;
      const chess = printed[r]?.[c] === "#";
      const what = ch === "." ? ctx.t("page.freeGrass") : ch === ":" ? ctx.t("page.freeChess") : chess ? ctx.t("page.onChess", { what: iconName(ctx, ch) }) : iconName(ctx, ch);
      const label = ctx.t("page.square", { row: r + 1, col: c + 1, what });
      const covered = ch !== "." && ch !== ":";
      const k = sq / S;
      parts.push(
        target(
          own ? id : `${p}:${id}`,
          label,
          undefined,
          el("rect", { x: sx, y: sy, width: sq, height: sq, fill: squareFill(ch, r, c), stroke: covered ? "#e0d6bd" : "#9a9078" }),
          // a chessboard square under a tile keeps a corner of its chequer
          covered && chess ? el("path", { d: `M${sx + 1} ${sy + 1}h${10 * k}v${5 * k}h${-5 * k}v${5 * k}h${-5 * k}z`, fill: "#8c8270" }) : null,
          covered ? icon(ch, sx, sy, sq) : null,
        ),
      );
    });
  });
  // each placed tile is one piece: a dark edge where a square meets another piece or grass
  const pc = (r: number, c: number) => (r < 0 || r >= 6 || c < 0 || c >= 8 ? 0 : (pieces[r * 8 + c] ?? 0));
  let d = "";
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 8; c++) {
      const k = pc(r, c);
      if (!k) continue;
      const x0 = gx + c * sq;
      const y0 = gy + r * sq;
      if (pc(r - 1, c) !== k) d += `M${x0} ${y0}h${sq}`;
      if (pc(r + 1, c) !== k) d += `M${x0} ${y0 + sq}h${sq}`;
      if (pc(r, c - 1) !== k) d += `M${x0} ${y0}v${sq}`;
      if (pc(r, c + 1) !== k) d += `M${x0 + sq} ${y0}v${sq}`;
    }
  }
  if (d) parts.push(el("path", { d, fill: "none", stroke: TILE_EDGE, "stroke-width": compact ? 2 : 3, "stroke-linecap": "square", "pointer-events": "none" }));
  // A covered square whose tile the view does not know (the rulebook's
  // scoring example: its picture gives icons, not tiles) is edged on its
  // own, thinner, so that one square reads apart from the next without
  // drawing tiles nobody laid.
  let u = "";
  grid.forEach((line, r) =>
    [...line].forEach((ch, c) => {
      if (ch !== "." && ch !== ":" && !pc(r, c)) u += `M${gx + c * sq + 1} ${gy + r * sq + 1}h${sq - 2}v${sq - 2}h${-(sq - 2)}z`;
    }),
  );
  if (u) parts.push(el("path", { d: u, fill: "none", stroke: TILE_EDGE, "stroke-width": compact ? 1 : 1.5, "pointer-events": "none" }));
  // under the garden: tiles placed (compact: the score), then the bonus tiles held, drawn (the player's own are the targets of the last step)
  const fy = gy + 6 * sq + 8;
  const foot = compact ? score : tilesLine;
  parts.push(el("text", { x: gx, y: fy + 14, fill: compact ? "#1d1d1b" : "#4d4a42", "font-weight": compact ? 700 : null, "font-size": 13 }, foot));
  const held: string[] = b.bonusTiles ?? [];
  if (held.length) {
    const kinds = [...new Set(held)];
    const q = compact ? 20 : 30;
    let bx = gx + foot.length * 13 * 0.62 + 10;
    if (!compact) {
      bx = Math.max(bx, gx + 120);
      parts.push(el("text", { x: bx, y: fy + 14, fill: "#4d4a42", "font-size": 13 }, ctx.t("page.bonusHeld")));
      bx += ctx.t("page.bonusHeld").length * 13 * 0.6 + 8;
    }
    for (const k of kinds) {
      const n = held.filter((x) => x === k).length;
      const ch = k.slice(k.indexOf(":") + 1);
      const nm = ctx.comp(k)?.name ?? "";
      const shapes = [rect(bx, fy, q, q, { fill: TILE_FILL, stroke: TILE_EDGE, "stroke-width": 2 }), icon(ch, bx, fy, q), n > 1 ? text(bx + q + 11, fy + q / 2, `×${n}`, { "font-size": 13, "font-weight": 700 }) : null];
      parts.push(own ? target(k, n > 1 ? `${nm} ×${n}` : nm, ctx.comp(k)?.help, ...shapes) : g({ role: "img", "aria-label": nm }, el("title", {}, nm), ...shapes));
      bx += q + (n > 1 ? 26 : 6);
    }
  }
  return g({ class: "garden", "data-owner": p, "aria-label": `${name}: ${score}, ${tilesLine}` }, ...parts);
}

export function drawAlicesGarden(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  const boards: W.BoardView[] = v.boards ?? [];
  const mine = ctx.seat >= 0 && ctx.seat < boards.length ? ctx.seat : -1;
  const others = boards.map((_, p) => p).filter((p) => p !== mine);
  if (ctx.narrow) {
    // one garden wide: the player's own garden, the market, then the
    // others at half size, two side by side
    const Wd = FULL.w;
    let y = 0;
    if (mine >= 0) {
      kids.push(garden(v, ctx, boards[mine], mine, 0, y, FULL));
      y += FULL.h + 12;
    }
    y = flow(market(v, ctx, Wd - 8), 4, y, Wd - 8, 12, kids) + 16;
    const small = mine >= 0;
    const z = small ? SMALL : FULL;
    const per = small ? 2 : 1;
    const gap = small ? Wd - 2 * SMALL.w : 0;
    others.forEach((p, i) => kids.push(garden(v, ctx, boards[p], p, (i % per) * (z.w + gap), y + Math.floor(i / per) * (z.h + 12), z)));
    y += Math.ceil(others.length / per) * (z.h + 12);
    return svgRoot(Wd, y, ctx.t("page.table"), ...kids);
  }
  const Wd = 16 + 2 * (FULL.w + 16);
  const y0 = flow(market(v, ctx, Wd - 32), 16, 8, Wd - 32, 24, kids) + 16;
  if (mine >= 0 && boards.length > 2) {
    // the player's own garden at full size, the others at half size beside it
    kids.push(garden(v, ctx, boards[mine], mine, 16, y0, FULL));
    const ox = 16 + FULL.w + 16;
    const gap = Wd - 16 - ox - 2 * SMALL.w;
    others.forEach((p, i) => kids.push(garden(v, ctx, boards[p], p, ox + (i % 2) * (SMALL.w + gap), y0 + Math.floor(i / 2) * (SMALL.h + 12), SMALL)));
    const H = y0 + Math.max(FULL.h, Math.ceil(others.length / 2) * (SMALL.h + 12)) + 16;
    return svgRoot(Wd, H, ctx.t("page.table"), ...kids);
  }
  // two players, or a spectator: every garden at full size, two per row
  const order = mine >= 0 ? [mine, ...others] : others;
  order.forEach((p, i) => kids.push(garden(v, ctx, boards[p], p, 16 + (i % 2) * (FULL.w + 16), y0 + Math.floor(i / 2) * (FULL.h + 16), FULL)));
  const H = y0 + Math.ceil(boards.length / 2) * (FULL.h + 16);
  return svgRoot(Wd, H, ctx.t("page.table"), ...kids);
}

/**
 * The held tile's orientations, drawn, for the orientation step; the number
 * of bonus tiles to take, in words.
 */
export function alicesGardenChoice(id: string, part: string, v: W.View, ctx: Ctx): Node | string | undefined {
  if (part === "count" && /^[0-9]+$/.test(id)) return ctx.t("page.choice.count", { n: Number(id) });
  if (part === "orientation" && v.held) {
    const o = (v.held?.orientations ?? []).find((o) => o.id === id);
    if (!o) return undefined;
    const s = 20;
    const w = Math.max(...o.rows.map((r: string) => r.length));
    return el("svg", { width: w * s + 4, height: o.rows.length * s + 4, viewBox: `-2 -2 ${w * s + 4} ${o.rows.length * s + 4}`, role: "img", "aria-label": ctx.comp(id)?.name ?? "" }, ...tilePicture(o.rows, 0, 0, s));
  }
  if (part === "bonus") return ctx.comp(id)?.name;
  return undefined;
}

/** "r2c3" → [row, col], 1-based. */
function cellOf(id: string): [number, number] | undefined {
  const m = /^r(\d+)c(\d+)$/.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/**
 * The cells a placement would cover (Preview): with an orientation chosen
 * (or shown), target is the first square the tile covers in reading order
 * (the move description's cell), so the tile's box starts that far left of
 * it; a bonus tile covers its one square.
 */
export const alicesGardenPreview: Preview<W.View> = (v, _ctx, chosen, tgt) => {
  const at = cellOf(tgt);
  if (!at) return undefined;
  if (v.phase === "final") return [tgt];
  const oid = [...chosen].reverse().find((c) => c.startsWith("orient:"));
  const o = v.held?.orientations?.find((x) => x.id === oid);
  if (!o) return undefined;
  const rows: string[] = o.rows;
  let r0 = -1;
  let c0 = -1;
  for (let r = 0; r < rows.length && r0 < 0; r++) {
    const c = [...rows[r]].findIndex((ch) => ch !== ".");
    if (c >= 0) [r0, c0] = [r, c];
  }
  const out: string[] = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === ".") return;
    const rr = at[0] - r0 + r;
    const cc = at[1] - c0 + c;
    if (rr >= 1 && rr <= 6 && cc >= 1 && cc <= 8) out.push(`r${rr}c${cc}`);
  }));
  return out.length === 4 ? out : undefined;
};
