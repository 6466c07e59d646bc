// Les Jardins Suspendus (The Hanging Gardens): the market of 3 columns × 4
// rows with the gardeners, the enhancement piles, the royal objectives with
// their markers, and each player's three-floor pyramid (5, 4, 3 positions)
// with enhancements, gold, tools and irrigation; the automa's side in solo.

import { caption, el, g, hue, mark, rect, svgRoot, target, text, wrapLines } from "../svg";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/hanginggardens";

const CW = 66;
const CH = 58;
/** The least width of the drawing on a phone: sections are laid out in it. */
const NARROW_W = 390;

// Each kind of card has a colour and a mark.
const KIND: Record<string, { fill: string; m: Parameters<typeof mark>[0] }> = {
  AN: { fill: "#f0c27a", m: "triangle" },
  VI: { fill: "#c9b3e6", m: "diamond" },
  EM: { fill: "#cfe3b4", m: "leaf" },
  TR: { fill: "#9fd0c0", m: "hexagon" },
  EN: { fill: "#f2e6a0", m: "star" },
  OB: { fill: "#f5d0c5", m: "heart" },
};

function cardFace(ctx: Ctx, id: string, x: number, y: number, w = CW, h = CH): SVGElement[] {
  const k = KIND[id.slice(0, 2)] ?? { fill: "#eee", m: "ring" as const };
  const full = ctx.comp(id)?.name ?? id;
  // the name is "AN04 (monkey, blue and yellow flowers)": its words under the id
  const detail = full.replace(/^[A-Z]{2}\d+\s*/, "").replace(/^\(|\)$/g, "");
  const out: SVGElement[] = [rect(x, y, w, h, { fill: k.fill, stroke: "#5b4a2e" }), mark(k.m, x + 11, y + 11, 7, "#5b4a2e"), text(x + w / 2 + 6, y + 12, ctx.t("page.id", { id }), { "font-size": 11, "font-weight": 700 })];
  detail
    .split(/,\s*/)
    .slice(0, 3)
    .forEach((s, i) => out.push(text(x + w / 2, y + 28 + i * 11, s.slice(0, 12), { "font-size": 9 })));
  return out;
}

export function drawHangingGardens(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  const seatColour = (p: number) => ["red", "blue", "yellow", "green", "purple"][p] ?? "grey";
  // market
  kids.push(caption(16, 22, ctx.t("page.market")));
  const mx = 40;
  const my = 34;
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 4; r++) {
      const id = v.market[c][r];
      const x = mx + c * (CW + 8);
      const y = my + (3 - r) * (CH + 6);
      const cell = `market:${c + 1}:${r + 1}`;
      kids.push(target(cell, id ? ctx.t("page.market-card", { col: c + 1, row: r + 1, card: ctx.comp(id)?.name ?? id }) : ctx.t("page.market-empty", { col: c + 1, row: r + 1 }), id ? ctx.comp(id)?.help : undefined, ...(id ? cardFace(ctx, id, x, y) : [rect(x, y, CW, CH, { fill: "none", stroke: "#bbb", "stroke-dasharray": "4 3" })])));
    }
    // gardeners above the column
    (v.gardeners[c] as number[]).forEach((p, k) => {
      const h = hue(seatColour(p));
      kids.push(g({ role: "img", "aria-label": p < 0 ? ctx.t("page.gardener-automa") : ctx.t("page.gardener", { player: seatName(ctx, p) }) }, el("circle", { cx: mx + c * (CW + 8) + 14 + k * 18, cy: my + 4 * (CH + 6) + 10, r: 8, fill: h.fill, stroke: "#222" }), mark(h.mark, mx + c * (CW + 8) + 14 + k * 18, my + 4 * (CH + 6) + 10, 4, h.ink)));
    });
  }
  for (let r = 0; r < 4; r++) kids.push(text(24, my + (3 - r) * (CH + 6) + CH / 2, `${v.rowCosts[r]}◉`, { "font-size": 11, fill: "#7a5a00" }));
  // piles and objectives: right of the market, or on a phone one section
  // under another at the cards' full size (the drawing then fits a phone's
  // width instead of being shrunk until no card can be read)
  const n = ctx.narrow;
  const marketBottom = my + 4 * (CH + 6) + 24; // under the gardeners
  let x = mx + 3 * (CW + 8) + 24;
  const pilesY = n ? marketBottom + 28 : my;
  if (n) x = 16;
  kids.push(caption(x, pilesY - 12, ctx.t("page.enhancements")));
  v.piles.forEach((p, i) => {
    const px = n ? x + i * (CW + 58) : x;
    const y = n ? pilesY : my + i * (CH + 20);
    kids.push(target(p.cell, p.top ? ctx.t("page.pile-top", { cost: p.cost, n: p.size, tile: ctx.comp(p.top)?.name ?? p.top }) : ctx.t("page.pile", { cost: p.cost, n: p.size }), p.top ? ctx.comp(p.top)?.help : undefined, ...(p.top ? cardFace(ctx, p.top, px, y) : [rect(px, y, CW, CH, { fill: "none", stroke: "#bbb", "stroke-dasharray": "4 3" })]), text(px + CW + (n ? 6 : 14), y + CH / 2, `${p.cost}◉ ×${p.size}`, { "font-size": 11, "text-anchor": "start" })));
  });
  if (!n) x += CW + 70;
  const objY = n ? pilesY + CH + 40 : my;
  kids.push(caption(x, objY - 12, ctx.t("page.objectives")));
  const objectives: W.ObjView[] = v.objectives ?? [];
  // two to a row on a phone: card, then a marker per seat beside it
  const objW = CW + 64 + Math.max(2, (v.players ?? []).length + (v.solo ? 1 : 0)) * 14;
  objectives.forEach((o, i) => {
    const ox = n ? x + (i % 2) * (objW + 8) : x;
    const y = n ? objY + Math.floor(i / 2) * (CH + 8) : objY + i * (CH + 8);
    const parts: SVGElement[] = cardFace(ctx, o.id, ox, y, CW + 60, CH);
    parts.push(text(ox + CW + 30, y + CH - 10, ctx.t("page.objective-need", { n: o.required, item: o.item, high: o.high, low: o.low }), { "font-size": 10 }));
    (o.markers as number[]).forEach((p, k) => {
      const h = hue(seatColour(p));
      parts.push(el("rect", { x: ox + CW + 64 + k * 14, y: y + 4, width: 11, height: 11, fill: h.fill, stroke: "#222" }));
    });
    kids.push(target(o.cell, `${ctx.comp(o.id)?.name ?? o.id}`, ctx.comp(o.id)?.help, ...parts));
  });
  if (!n) x += CW + 80;
  const objBottom = n ? objY + Math.ceil(objectives.length / 2) * (CH + 8) : 0;
  // what is being placed, stock
  const info: string[] = [ctx.t("page.info", { round: v.round, deck: v.deckSize, gold: v.stockGold, tools: v.stockTools })];
  if (v.solo) info.push(ctx.t("page.automa-info", { difficulty: v.solo.difficulty, gardeners: v.solo.automaGardeners, markers: v.solo.automaMarkersUsed, deck: v.solo.automaDeckSize }));
  const held = v.taken || v.bought;
  // On a phone the card to place goes under the objectives, then the info lines.
  const heldY = n ? objBottom + 28 : my;
  if (held) {
    kids.push(caption(x, heldY - 12, ctx.t("page.to-place")));
    kids.push(target(held, ctx.comp(held)?.name ?? held, ctx.comp(held)?.help, ...cardFace(ctx, held, x, heldY)));
    if (!n) x += CW + 20;
  }
  const topH = n ? (held ? heldY + CH + 24 : objBottom + 16) : my + 4 * (CH + 6) + 30;
  const lines = n ? info.flatMap((s) => wrapLines(s, NARROW_W - 32, 12)) : info;
  lines.forEach((s, i) => kids.push(el("text", { x: 16, y: topH + i * 16, class: "small" }, s)));
  // pyramids
  const PW = 5 * (CW + 4) + 24;
  const PH = 3 * (CH + 4) + 70;
  const y0 = topH + lines.length * 16 + 10;
  const players: W.PlayerView[] = v.players ?? [];
  players.forEach((pl, p) => {
    const per = ctx.narrow ? 1 : 2;
    const px = 16 + (p % per) * (PW + 16);
    const py = y0 + Math.floor(p / per) * (PH + 16);
    const turn = v.toMove === p;
    const h = hue(seatColour(p));
    const parts: SVGElement[] = [
      rect(px, py, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("circle", { cx: px + 16, cy: py + 16, r: 8, fill: h.fill, stroke: "#222" }),
      el("text", { x: px + 30, y: py + 21, class: "seat-name" }, (p === ctx.seat ? ctx.t("page.seat-you", { player: seatName(ctx, p) }) : seatName(ctx, p)) + (v.firstPlayer === p ? " ◆" : "")),
      el("text", { x: px + PW - 12, y: py + 21, "text-anchor": "end", class: "score" }, String(pl.score)),
    ];
    const floors: [string, number, number][] = [["a", 5, 2], ["b", 4, 1], ["c", 3, 0]];
    floors.forEach(([f, n, row], fi) => {
      for (let k = 0; k < n; k++) {
        const pos = `${f}${k + 1}`;
        const idx = [0, 5, 9][fi] + k;
        const card = pl.garden[idx];
        const enh = pl.enhancements[idx];
        const cx = px + 12 + k * (CW + 4) + fi * ((CW + 4) / 2);
        const cy = py + 32 + row * (CH + 4);
        const posLabel = ctx.t("page.pos", { pos });
        const label = !card
          ? ctx.t("page.position-empty", { pos: posLabel })
          : enh
            ? ctx.t("page.position-enhanced", { pos: posLabel, card: ctx.comp(card)?.name ?? card, tile: ctx.comp(enh)?.name ?? enh })
            : ctx.t("page.position", { pos: posLabel, card: ctx.comp(card)?.name ?? card });
        parts.push(target(p === ctx.seat ? pos : `${p}:${pos}`, label, card ? ctx.comp(card)?.help : undefined, ...(card ? cardFace(ctx, card, cx, cy) : [rect(cx, cy, CW, CH, { fill: "#f2efe6", stroke: "#c9bfa6", "stroke-dasharray": "4 3" }), text(cx + CW / 2, cy + CH / 2, posLabel, { fill: "#aaa", "font-size": 11 })]), enh ? g({}, rect(cx + CW - 22, cy + CH - 18, 20, 16, { fill: "#f2e6a0", stroke: "#7a6a00" }), text(cx + CW - 12, cy + CH - 10, "★", { "font-size": 10 })) : null));
      }
    });
    const irrig = ctx.comp(pl.irrigation)?.name ?? pl.irrigation; // the irrigation card, named by the catalogue
    parts.push(el("text", { x: px + 12, y: py + PH - 12, class: "small" }, ctx.t("page.player-line", { gold: pl.gold, tools: pl.tools, irrigation: irrig, gardeners: pl.gardeners })));
    kids.push(g({ class: "pyramid" }, ...parts));
  });
  const W = n ? Math.max(NARROW_W, 16 + PW + 16, 16 + 2 * objW + 8 + 16) : Math.max(x, 16 + 2 * (PW + 16));
  const H = y0 + Math.ceil(players.length / (ctx.narrow ? 1 : 2)) * (PH + 16);
  return svgRoot(W, H, ctx.t("page.table"), ...kids);
}

/**
 * Labels of the choices off the drawing: pass, a kind of move, and a0, the
 * place left of a1 where floor 1 grows (the drawing shows a1 to a5 only).
 */
export function hangingGardensChoice(id: string, _part: string, _v: W.View, ctx: Ctx): Node | string | undefined {
  if (id === "a0") return ctx.t("page.left-end");
  if (id.startsWith("#")) return ctx.t("page.move", { kind: id.slice(1) });
  return undefined;
}
