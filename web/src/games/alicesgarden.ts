// Alice's Garden: the five bags and the bonus bag with their counts, the
// supply and drawn tiles, the held tile and its orientations, and each
// player's 8×6 garden (chessboard squares checkered) with its score pad.

import { caption, el, g, rect, svgRoot, target, text } from "../svg";
import type { Ctx, Preview } from "./types";
import type * as W from "../gen/alicesgarden";

const S = 44; // square size on a board

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
  return text(cx, cy, ch, { "font-size": s * 0.5 });
}

function squareFill(ch: string, r: number, c: number): string {
  if (ch === ":") return (r + c) % 2 ? "#d9d3c3" : "#f4f0e4";
  if (ch === ".") return "#e4efcf";
  return "#fffdf5";
}

/** An icon's name from the catalogue (component icon:<letter>). */
function iconName(ctx: Ctx, ch: string): string {
  return ctx.comp(`icon:${ch}`)?.name ?? ch;
}

/** A seat's name, or "Seat N" in the page's language. */
function seatName(ctx: Ctx, i: number): string {
  return ctx.names[i] || ctx.t("page.seat", { n: i + 1 });
}

/** A tile's picture from rows of letters ('.' where the box has no square). */
export function tilePicture(rows: string[], x: number, y: number, s: number): SVGElement[] {
  const out: SVGElement[] = [];
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === ".") return;
      out.push(el("rect", { x: x + c * s, y: y + r * s, width: s, height: s, fill: "#fffdf5", stroke: "#5b4a2e", "stroke-width": 1.5 }));
      out.push(icon(ch, x + c * s, y + r * s, s));
    });
  });
  return out;
}

function tileLabel(ctx: Ctx, t: W.TileView): string {
  return ctx.t("page.tile", { name: ctx.comp(t.id)?.name ?? t.id, icons: [...(t.icons as string)].map((c) => iconName(ctx, c)).join(", ") });
}

/** A large tile in the supply: its shape letter and its four icons. */
function supplyTile(ctx: Ctx, t: W.TileView, x: number, y: number): SVGGElement {
  return target(t.id, tileLabel(ctx, t), ctx.comp(t.id)?.help, rect(x, y, 4 * 24 + 30, 36, { fill: "#fbf3de", stroke: "#8a6d3b" }), text(x + 14, y + 18, t.shape, { "font-weight": 700, "font-size": 16 }), ...[...(t.icons as string)].map((c, i) => icon(c, x + 26 + i * 24, y + 6, 24)));
}

export function drawAlicesGarden(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  let y = 22;
  kids.push(caption(16, y, ctx.t("page.bags")));
  y += 10;
  v.bags.forEach((b, i) => {
    const x = 16 + i * 76;
    kids.push(
      target(b.id, ctx.t("page.bag", { name: ctx.comp(b.id)?.name ?? b.shape, n: b.tiles }), ctx.comp(b.id)?.help, el("path", { d: `M${x + 8} ${y + 14}Q${x + 4} ${y + 60} ${x + 34} ${y + 60}Q${x + 64} ${y + 60} ${x + 60} ${y + 14}Q${x + 34} ${y + 2} ${x + 8} ${y + 14}Z`, fill: b.left === false ? "#ddd" : "#c9a66b", stroke: "#6b4f23", "stroke-width": 2 }), text(x + 34, y + 30, b.shape, { "font-size": 20, "font-weight": 700, fill: "#3a2a10" }), text(x + 34, y + 50, b.tiles, { "font-size": 12, fill: "#3a2a10" })),
    );
  });
  const bx = 16 + v.bags.length * 76;
  kids.push(g({ role: "img", "aria-label": ctx.t("page.bag", { name: ctx.comp("bag:bonus")?.name ?? "★", n: v.bonusBag }) }, el("path", { d: `M${bx + 8} ${y + 14}Q${bx + 4} ${y + 60} ${bx + 34} ${y + 60}Q${bx + 64} ${y + 60} ${bx + 60} ${y + 14}Q${bx + 34} ${y + 2} ${bx + 8} ${y + 14}Z`, fill: "#9bc2e6", stroke: "#2b4f6b", "stroke-width": 2 }), text(bx + 34, y + 30, "★", { "font-size": 18 }), text(bx + 34, y + 50, v.bonusBag, { "font-size": 12 })));
  let x = bx + 90;
  if (ctx.narrow) {
    // on a phone the tiles go under the bags
    x = 16;
    y += 86;
  }
  const row: W.TileView[] = [...(v.supply ?? []), ...(v.drawn ?? [])];
  if (row.length) {
    kids.push(caption(x, y - 10, ctx.t("page.toTake")));
    row.forEach((t, i) => kids.push(supplyTile(ctx, t, x + (i % 2) * 136, y + Math.floor(i / 2) * 42)));
    x += 2 * 136 + 10;
  }
  if (v.held) {
    kids.push(caption(x, y - 10, ctx.t("page.toPlace")));
    const rows: string[] = v.held.orientations?.[0]?.rows ?? [];
    kids.push(target(v.held.id, tileLabel(ctx, v.held), ctx.comp(v.held.id)?.help, rect(x - 4, y - 4, 4 * 30 + 8, 3 * 30 + 8, { fill: "transparent", stroke: "#c9bfa6" }), ...tilePicture(rows, x, y, 28)));
    x += 4 * 30 + 16;
  }
  const topH = y + Math.max(70, Math.ceil(row.length / 2) * 42, v.held ? 100 : 0) + 16;
  // boards
  const boards: W.BoardView[] = v.boards ?? [];
  const BW = 8 * S + 24;
  const BH = 6 * S + 70;
  const perRow = ctx.narrow ? 1 : 2;
  boards.forEach((b, p) => {
    const px = 16 + (p % perRow) * (BW + 16);
    const py = topH + Math.floor(p / perRow) * (BH + 16);
    const turn = v.toMove === p;
    const parts: SVGElement[] = [
      rect(px, py, BW, BH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("text", { x: px + 12, y: py + 22, class: "seat-name" }, (p === ctx.seat ? ctx.t("page.you", { name: seatName(ctx, p) }) : seatName(ctx, p)) + (v.first === p ? " ◆" : "")),
      el("text", { x: px + BW - 12, y: py + 22, "text-anchor": "end", class: "score" }, String(b.score)),
    ];
    (b.grid as string[]).forEach((line, r) => {
      [...line].forEach((ch, c) => {
        const id = `r${r + 1}c${c + 1}`;
        const sx = px + 12 + c * S;
        const sy = py + 34 + r * S;
        const what = ch === "." ? ctx.t("page.freeGrass") : ch === ":" ? ctx.t("page.freeChess") : iconName(ctx, ch);
        const name = ctx.t("page.square", { row: r + 1, col: c + 1, what });
        parts.push(target(p === ctx.seat ? id : `${p}:${id}`, name, undefined, el("rect", { x: sx, y: sy, width: S, height: S, fill: squareFill(ch, r, c), stroke: "#9a9078" }), ch !== "." && ch !== ":" ? icon(ch, sx, sy, S) : null));
      });
    });
    const extra = [ctx.t("page.tiles", { n: b.tiles })];
    // bonus tiles held, by the name of their icon (bonus:R is a rose)
    if (b.bonusTiles?.length) extra.push(ctx.t("page.bonusTiles", { list: b.bonusTiles.map((id) => iconName(ctx, id.slice(id.indexOf(":") + 1))).join(", ") }));
    parts.push(el("text", { x: px + 12, y: py + BH - 12, class: "small" }, extra.join(" · ")));
    kids.push(g({ class: "garden" }, ...parts));
  });
  const rowsN = Math.ceil(boards.length / perRow);
  const W = Math.max(ctx.narrow ? bx + 76 : x, 16 + perRow * (BW + 16));
  const H = topH + rowsN * (BH + 16);
  return svgRoot(W, H, ctx.t("page.table"), ...kids);
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
    const s = 18;
    const w = Math.max(...o.rows.map((r: string) => r.length));
    return el("svg", { width: w * s + 2, height: o.rows.length * s + 2, viewBox: `-1 -1 ${w * s + 2} ${o.rows.length * s + 2}`, role: "img", "aria-label": ctx.comp(id)?.name ?? id }, ...tilePicture(o.rows, 0, 0, s));
  }
  return undefined;
}

/** The cells a tile would cover (Preview): none yet. */
export const alicesGardenPreview: Preview<W.View> = () => undefined;
