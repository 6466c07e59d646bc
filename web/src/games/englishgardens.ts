// Jardins Anglais (Village Green): the landscape and trophy displays with
// their decks, and each player's village: the village card in the corner,
// the 3×3 landscape cells, the trophy slots above the columns and beside
// the rows, the hand and the discard pile. Every word is a page.<…>
// message of the game's catalogue (games/englishgardens/texts), read with
// ctx.t; what a trophy rewards is drawn from its rule (pictograms and
// numbers), and the names and help stay in the tooltips.

import { caption, el, g, type Hue, hue, mark, rect, svgRoot, target, text, type Attrs } from "../svg";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/englishgardens";

const CW = 80; // card width
const CH = 112;
const GAP = 6;
const STEP = CW + GAP; // from one column to the next
const RSTEP = CH + GAP; // from one row to the next
/** The smallest text drawn: the board is shown at about its size on a desktop, and a phone's village fills its width. */
const FONT = 14;
const INK = "#2b2418";
const MUTED = "#4d4636"; // ≥ 4.5:1 on the light card faces
/** A card's back (a face-down village card, the decks): white words on it contrast 5.7:1. */
const BACK = "#7a6347";

/**
 * colour is a flower colour's fill, ink and mark for this drawing: the
 * shared palette's, with red and blue a shade deeper, so that the white
 * flower names on their bands contrast 4.5:1 or more (the shared fills give 4.0).
 */
function colour(name: string | undefined): Hue {
  const h = hue(name);
  const deep: Record<string, string> = { red: "#c0392b", blue: "#2f6bc4" };
  return { ...h, fill: deep[name ?? ""] ?? h.fill };
}

/**
 * fit is a line of text at size that never leaves width: a character is
 * taken as 0.6 em (the sans serif's average is less), and a longer line is
 * drawn narrower (textLength) rather than cut or made smaller.
 */
function fit(x: number, y: number, s: string, width: number, size = FONT, attrs: Attrs = {}): SVGTextElement {
  const t = text(x, y, s, { "font-size": size, fill: INK, ...attrs });
  if (s.length * size * 0.6 > width) {
    t.setAttribute("textLength", String(width));
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return t;
}

/** wrapFit breaks s into at most max lines of width (the last one squeezed by fit if need be). */
function wrapFit(cx: number, y: number, s: string, width: number, max: number, size = FONT, attrs: Attrs = {}): SVGTextElement[] {
  const per = Math.max(1, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  let cur = "";
  for (const w of s.split(/\s+/).filter(Boolean)) {
    if (cur && (cur + " " + w).length > per && lines.length < max - 1) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? cur + " " + w : w;
  }
  if (cur) lines.push(cur);
  return lines.map((l, i) => fit(cx, y + i * (size + 2), l, width, size, attrs));
}

function cardFace(ctx: Ctx, c: W.CardView, x: number, y: number): SVGElement[] {
  if (c.lawn) {
    return [
      rect(x, y, CW, CH, { fill: "#8fc46a", stroke: "#3f6b2a" }),
      el("path", { d: `M${x + 12} ${y + CH - 18}l7 -14l7 14m7 0l7 -16l7 16m7 0l7 -12l7 12`, stroke: "#2f5420", fill: "none", "stroke-width": 2 }),
      fit(x + CW / 2, y + 20, ctx.t("page.lawn"), CW - 8, FONT + 1, { fill: "#14290b", "font-weight": 600 }),
    ];
  }
  const hu = colour(c.colour);
  const out: SVGElement[] = [rect(x, y, CW, CH, { fill: "#fffdf5", stroke: "#6b5d45" }), el("rect", { x: x + 3, y: y + 3, width: CW - 6, height: 24, rx: 4, fill: hu.fill })];
  out.push(mark(hu.mark, x + 13, y + 15, 7, hu.ink));
  out.push(fit(x + CW / 2 + 9, y + 15, c.flower ? ctx.t("page.flower", { flower: c.flower }) : "", CW - 26, FONT, { fill: hu.ink, "font-weight": 700 }));
  if (c.feature) {
    out.push(...glyph(c.feature, x + CW / 2, y + 56, 16));
    out.push(fit(x + CW / 2, y + CH - 13, ctx.t("page.feature", { feature: c.feature }), CW - 8, FONT, { fill: MUTED }));
  } else if (c.trees?.length) {
    const n = c.trees.length;
    c.trees.forEach((t, i) => out.push(...glyph(t, x + CW / 2 + (i - (n - 1) / 2) * 30, y + 62, 15)));
  }
  return out;
}

/**
 * glyph draws one thing a landscape card shows or a trophy counts, centred
 * on (x, y) in about 2r × 2r: trees by their shape (oak round, birch slim
 * with a banded trunk, willow drooping), a pond, a structure, a lawn, an
 * empty cell, a card, a colour (its mark), several kinds (a cluster).
 */
function glyph(of: string, x: number, y: number, r: number): SVGElement[] {
  const trunk = (c: string) => el("rect", { x: x - r * 0.12, y: y + r * 0.2, width: r * 0.24, height: r * 0.8, fill: c, stroke: "#3b2a16", "stroke-width": 0.8 });
  switch (of) {
    case "oak":
      return [trunk("#6b4a26"), el("circle", { cx: x, cy: y - r * 0.2, r: r * 0.65, fill: "#2f6b2a", stroke: "#173514", "stroke-width": 1 }), el("circle", { cx: x - r * 0.35, cy: y, r: r * 0.35, fill: "#2f6b2a" }), el("circle", { cx: x + r * 0.35, cy: y, r: r * 0.35, fill: "#2f6b2a" })];
    case "birch":
      return [
        el("ellipse", { cx: x, cy: y - r * 0.35, rx: r * 0.32, ry: r * 0.62, fill: "#9bbf4c", stroke: "#4d6a17", "stroke-width": 1 }),
        el("rect", { x: x - r * 0.1, y: y + r * 0.1, width: r * 0.2, height: r * 0.9, fill: "#f4f1e8", stroke: "#333", "stroke-width": 0.8 }),
        el("path", { d: `M${x - r * 0.1} ${y + r * 0.4}h${r * 0.12}M${x} ${y + r * 0.7}h${r * 0.1}`, stroke: "#222", "stroke-width": 1.2 }),
      ];
    case "willow":
      return [
        trunk("#6b4a26"),
        el("path", {
          d: `M${x - r * 0.8} ${y + r * 0.45}Q${x - r * 0.85} ${y - r * 0.85} ${x} ${y - r * 0.85}Q${x + r * 0.85} ${y - r * 0.85} ${x + r * 0.8} ${y + r * 0.45}L${x + r * 0.5} ${y - r * 0.1}L${x + r * 0.25} ${y + r * 0.5}L${x} ${y - r * 0.05}L${x - r * 0.25} ${y + r * 0.5}L${x - r * 0.5} ${y - r * 0.1}Z`,
          fill: "#6fa04a",
          stroke: "#2f4a1c",
          "stroke-width": 1,
        }),
      ];
    case "tree":
      return [trunk("#6b4a26"), el("path", { d: `M${x} ${y - r}L${x + r * 0.7} ${y + r * 0.3}H${x - r * 0.7}Z`, fill: "#3f7d34", stroke: "#173514", "stroke-width": 1 })];
    case "pond":
      return [
        el("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.6, fill: "#7fb6e6", stroke: "#2b5f8f", "stroke-width": 1.2 }),
        el("path", { d: `M${x - r * 0.6} ${y}q${r * 0.3} ${-r * 0.25} ${r * 0.6} 0t${r * 0.6} 0`, stroke: "#1d4a75", fill: "none", "stroke-width": 1.4 }),
      ];
    case "structure":
      return [el("path", { d: `M${x - r * 0.8} ${y + r * 0.8}V${y - r * 0.1}L${x} ${y - r * 0.85}L${x + r * 0.8} ${y - r * 0.1}V${y + r * 0.8}Z`, fill: "#c9a77a", stroke: "#5a3e1b", "stroke-width": 1.2 }), el("rect", { x: x - r * 0.2, y: y + r * 0.25, width: r * 0.4, height: r * 0.55, fill: "#5a3e1b" })];
    case "lawn":
      return [rect(x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6, { fill: "#8fc46a", stroke: "#3f6b2a" }), el("path", { d: `M${x - r * 0.5} ${y + r * 0.5}l${r * 0.2} ${-r * 0.6}l${r * 0.2} ${r * 0.6}m${r * 0.2} 0l${r * 0.2} ${-r * 0.7}l${r * 0.2} ${r * 0.7}`, stroke: "#2f5420", fill: "none", "stroke-width": 1.2 })];
    case "empty":
      return [rect(x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6, { fill: "#fff", stroke: "#6b5d45", "stroke-dasharray": "3 2" })];
    case "card":
      return [rect(x - r * 0.6, y - r * 0.8, r * 1.2, r * 1.6, { fill: "#fffdf5", stroke: "#6b5d45", "stroke-width": 1.2 })];
    case "red":
    case "yellow":
    case "blue": {
      const h = colour(of);
      return [el("circle", { cx: x, cy: y, r: r * 0.8, fill: h.fill, stroke: "#333", "stroke-width": 0.8 }), mark(h.mark, x, y, r * 0.5, h.ink)];
    }
    case "species":
      return [...glyph("oak", x - r * 0.7, y, r * 0.6), ...glyph("birch", x, y, r * 0.6), ...glyph("willow", x + r * 0.7, y, r * 0.6)];
    case "colours":
      return [...glyph("red", x - r * 0.7, y, r * 0.5), ...glyph("yellow", x, y, r * 0.5), ...glyph("blue", x + r * 0.7, y, r * 0.5)];
  }
  return [];
}

/** The flowers and colour-flower pairs a trophy counts are words on the colour band a landscape card shows. */
function isWord(of: string): boolean {
  return of === "rose" || of === "petunia" || of === "lily" || of === "flowers" || of.includes("-");
}

/** item draws what a trophy counts at (x, y) in width w: a glyph, or a word (on its colour's band for a pair). */
function item(ctx: Ctx, of: string, x: number, y: number, w: number, size = FONT): SVGElement[] {
  if (of === "flowers") return [fit(x + w / 2, y, ctx.t("page.flowers-all"), w, size, { "font-weight": 600 })];
  if (!isWord(of)) return glyph(of, x + 9, y, 8);
  const [col, flower] = of.includes("-") ? of.split("-") : ["", of];
  const word = ctx.t("page.flower", { flower });
  if (!col) return [fit(x + 2, y, word, w - 2, size, { "text-anchor": "start", "font-weight": 600 })];
  const h = colour(col);
  return [el("rect", { x, y: y - 9, width: w, height: 18, rx: 3, fill: h.fill }), mark(h.mark, x + 9, y, 6, h.ink), fit(x + 18, y, word, w - 20, size, { "text-anchor": "start", fill: h.ink, "font-weight": 700 })];
}

/**
 * A row of a trophy's list ("petunia  +1"): the word ends well before the
 * points, which sit nearer the card's edge, so that a gap always parts them
 * (it was squeezed against them: "petunia+1"). Both keep the drawing's
 * size: a smaller word fell under the readable minimum (englishgardens.spec).
 */
const ROW_WORD = FONT;
const ROW_W = CW - 32;

const pts = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/**
 * trophyFace draws a trophy card as what it rewards in its line: a row per
 * counted thing with its points, a count table, sets, or cases, and a word
 * saying which ("each", "by number", "per set", "exactly").
 */
function trophyFace(ctx: Ctx, tr0: W.TrophyView, x: number, y: number): SVGElement[] {
  const r = tr0.rule;
  const out: SVGElement[] = [rect(x, y, CW, CH, { fill: "#fff4d6", stroke: "#b08a2e" }), el("rect", { x: x + 3, y: y + 3, width: CW - 6, height: 18, rx: 4, fill: "#e9c46a" })];
  const t = r.table;
  const nz = t ? t.points.map((p, k) => ({ k, p })).filter((e) => e.p !== 0) : [];
  // "All three kinds in the line" (colours, flowers) is a table scoring only at 3.
  const all = !!t && (t.of === "colours" || t.of === "flowers" || t.of === "species") && nz.length === 1 && nz[0].k === 3;
  const kind = r.cases?.length ? "cases" : r.sets?.length ? "sets" : all ? "all" : t ? "table" : "per";
  out.push(fit(x + CW / 2, y + 12, ctx.t("page.trophy.kind", { kind }), CW - 10, FONT, { fill: "#2b1f00", "font-weight": 700 }));
  const vx = x + CW - 6; // points, right-aligned
  const val = (yy: number, n: number, size = FONT + 1) => text(vx, yy, pts(n), { "font-size": size, "text-anchor": "end", "font-weight": 700, fill: n < 0 ? "#8a1c1c" : "#1d4d12" });
  // a list's row: its points nearer the card's edge, leaving its word room
  const rowVal = (yy: number, n: number) => text(x + CW - 3, yy, pts(n), { "font-size": FONT, "text-anchor": "end", "font-weight": 700, fill: n < 0 ? "#8a1c1c" : "#1d4d12" });
  const top = y + 32;
  if (kind === "per") {
    const per = r.per ?? [];
    if (per.length === 1) {
      // One thing: large, with its points under it.
      const p = per[0];
      out.push(...(isWord(p.of) ? item(ctx, p.of, x + 6, top + 12, CW - 12) : glyph(p.of, x + CW / 2, top + 16, 15)));
      out.push(text(x + CW / 2, top + 50, pts(p.points), { "font-size": 22, "font-weight": 700, fill: p.points < 0 ? "#8a1c1c" : "#1d4d12" }));
    } else {
      const row = Math.min(18, (CH - 36) / per.length);
      per.forEach((p, i) => {
        const yy = top + i * row + 2;
        out.push(...item(ctx, p.of, x + 2, yy, ROW_W, ROW_WORD), rowVal(yy, p.points));
      });
    }
  } else if ((kind === "table" || kind === "all") && t) {
    if (kind === "all") {
      out.push(...(t.of === "flowers" ? wrapFit(x + CW / 2, top + 2, ctx.t("page.flowers-all"), CW - 8, 3, FONT, { "font-weight": 600 }) : glyph(t.of, x + CW / 2, top + 16, 22)));
      out.push(text(x + CW / 2, top + 60, pts(nz[0].p), { "font-size": 22, "font-weight": 700, fill: "#1d4d12" }));
    } else {
      // How many of it the line holds → points, in two columns.
      out.push(...glyph(t.of, x + CW / 2, top + 2, 9));
      const perCol = Math.ceil(t.points.length / 2);
      const cw = (CW - 4) / 2;
      t.points.forEach((p, k) => {
        const cx = x + 2 + Math.floor(k / perCol) * cw;
        // 15 apart from just under the glyph: a fourth row still ends above a stack's badge on the card's edge.
        const yy = top + 19 + (k % perCol) * 15;
        out.push(text(cx + 2, yy, `${k}:`, { "font-size": FONT, "text-anchor": "start", fill: MUTED }));
        out.push(text(cx + cw - 2, yy, pts(p), { "font-size": FONT, "text-anchor": "end", "font-weight": 700, fill: p < 0 ? "#8a1c1c" : "#1d4d12" }));
      });
    }
    // A line of the table may also count items (Variety in Trees: −2 per empty cell).
    (r.per ?? []).forEach((p) => out.push(...item(ctx, p.of, x + 2, y + CH - 10, ROW_W, ROW_WORD), rowVal(y + CH - 10, p.points)));
  } else if (kind === "sets") {
    const sets = r.sets ?? [];
    const row = Math.min(18, (CH - 36) / sets.length);
    sets.forEach((s, i) => {
      const yy = top + i * row + 2;
      for (let k = 0; k < s.size; k++) out.push(...glyph(s.of, x + 10 + k * 13, yy, 7));
      out.push(val(yy, s.points));
    });
  } else {
    const cases = r.cases ?? [];
    const row = Math.min(22, (CH - 36) / cases.length);
    cases.forEach((c, i) => {
      const yy = top + i * row + 4;
      let gx = x + 9;
      for (const w of c.when) {
        if (w.points === 0) {
          // None of it: the glyph struck through.
          out.push(...glyph(w.of, gx, yy, 7), el("path", { d: `M${gx - 7} ${yy + 7}L${gx + 7} ${yy - 7}`, stroke: "#8a1c1c", "stroke-width": 2 }));
          gx += 13;
        }
        for (let k = 0; k < w.points; k++, gx += 12) out.push(...glyph(w.of, gx, yy, 6.5));
      }
      out.push(val(yy, c.points));
    });
  }
  return out;
}

function nameOf(ctx: Ctx, c: W.CardView | W.TrophyView): string {
  return ctx.comp(c.id)?.name ?? "";
}

/**
 * pile is a face-down deck as a target: its outline first (the page
 * strokes the first shape of a target, so the count inside stays clear),
 * the backs, the count on a light disc, its name under it.
 */
function pile(id: string, name: string, label: string, help: string | undefined, x: number, y: number, count: number): SVGGElement {
  return target(
    id,
    label,
    help,
    rect(x, y, CW, CH, { fill: "none", stroke: "#4a3f33" }),
    count > 1 ? rect(x + 4, y + 4, CW, CH, { fill: "#7a6a55", stroke: "#4a3f33" }) : null,
    rect(x, y, CW, CH, { fill: count ? BACK : "#f6f1e4", stroke: "#4a3f33", "stroke-dasharray": count ? null : "4 3" }),
    el("circle", { cx: x + CW / 2, cy: y + CH / 2, r: 17, fill: "#fffdf5", stroke: "#4a3f33" }),
    text(x + CW / 2, y + CH / 2, count, { "font-size": 17, "font-weight": 700, fill: INK, stroke: "none" }),
    ...wrapFit(x + CW / 2 + 2, y + CH + 16, name, CW + 4, 2, FONT, { fill: INK, stroke: "none" }),
  );
}

/**
 * The layout of a village panel: the grid of 4×4 card places, then the
 * discard pile and three hand cards on a row (a fourth card goes under
 * them), so that two villages fit side by side on a desktop and one fills
 * a phone, both near their drawn size.
 */
function panelSize(villages: W.VillageView[]): { w: number; h: number; handPer: number } {
  const handPer = 3;
  const rows = Math.max(1, ...villages.map((v) => Math.ceil(v.hand.length / handPer)));
  return { w: 24 + (1 + handPer) * STEP - GAP, h: 40 + 4 * RSTEP + 24 + rows * (CH + 12) + 24, handPer };
}

export function drawEnglishGardens(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  // The shared table: displays and decks (no data-owner: they are nobody's).
  let x = 16;
  const y = 34;
  kids.push(caption(16, 22, ctx.t("page.land-display.caption")));
  kids.push(pile(v.landDeck.id, ctx.t("page.land-deck"), ctx.t("page.land-deck.count", { n: v.landDeck.count }), ctx.comp(v.landDeck.id)?.help, x, y, v.landDeck.count));
  x += STEP + 10;
  const landSlots = v.landDisplay.slots.map((s, i) =>
    target(s.id, s.card ? nameOf(ctx, s.card) : ctx.t("page.display-slot.empty", { n: i + 1 }), s.card ? ctx.comp(s.card.id)?.help : undefined, ...(s.card ? cardFace(ctx, s.card, x + i * STEP, y) : [rect(x + i * STEP, y, CW, CH, { fill: "none", stroke: "#8a8170", "stroke-dasharray": "4 3" })])),
  );
  // The display as a whole (a refresh names it) is the band under its cards:
  // a sibling of the cards, never their parent, so that no button holds another.
  // While the viewer's village card is face up, a band is its special
  // action 1 and says so: a newcomer told "or first use your village card"
  // looked for it on the village card, and "⟳ landscape display" did not
  // say it was that action.
  const special = (v.villages ?? []).some((vl) => vl.seat === ctx.seat && vl.village.faceUp);
  kids.push(displayBand(v.landDisplay.id, ctx.t("page.land-display"), ctx, x, y, special));
  kids.push(...landSlots);
  x += 3 * STEP + 18;
  // On a phone the trophies go under the landscapes (the drawing then is
  // as wide as a village, not two); the card to place stays beside them.
  const landW = x;
  let ty = y;
  if (ctx.narrow) {
    x = 16;
    ty = y + CH + 34 + bandH(ctx) + 16;
  }
  kids.push(caption(x, ty - 12, ctx.t("page.trophies.caption")));
  kids.push(pile(v.trophyDeck.id, ctx.t("page.trophy-deck"), ctx.t("page.trophy-deck.count", { n: v.trophyDeck.count }), ctx.comp(v.trophyDeck.id)?.help, x, ty, v.trophyDeck.count));
  x += STEP + 10;
  const trophySlots = v.trophyDisplay.slots.map((s, i) =>
    target(s.id, s.trophy ? nameOf(ctx, s.trophy) : ctx.t("page.display-slot.empty", { n: i + 1 }), s.trophy ? ctx.comp(s.trophy.id)?.help : undefined, ...(s.trophy ? trophyFace(ctx, s.trophy, x + i * STEP, ty) : [rect(x + i * STEP, ty, CW, CH, { fill: "none", stroke: "#8a8170", "stroke-dasharray": "4 3" })])),
  );
  kids.push(displayBand(v.trophyDisplay.id, ctx.t("page.trophy-display"), ctx, x, ty, special));
  kids.push(...trophySlots);
  x += 3 * STEP + 10;
  let heldW = 0;
  if (v.held) {
    // The trophy taken: on a phone, on a row of its own under the trophies.
    let hx = x;
    let hy = ty;
    if (ctx.narrow) {
      hx = 16;
      hy = ty + CH + 34 + bandH(ctx) + 16;
    }
    const label = ctx.t("page.to-place");
    kids.push(caption(hx, hy - 12, label));
    kids.push(target(v.held.id, nameOf(ctx, v.held), ctx.comp(v.held.id)?.help, ...trophyFace(ctx, v.held, hx, hy)));
    // the drawing is as wide as the card or its caption (14 px bold: about 9 px a letter), whichever is wider
    heldW = hx + Math.max(STEP, label.length * 9 + 8);
    if (ctx.narrow) ty = hy;
  }
  const { w: PW, h: PH, handPer } = panelSize(v.villages ?? []);
  const per = ctx.narrow ? 1 : 2;
  const topW = Math.max(landW, x, heldW, 16 + per * (PW + 12) + 4);

  const villages: W.VillageView[] = v.villages ?? [];
  const vy = ty + CH + 24 + bandH(ctx) + 12;
  villages.forEach((vil, i) => {
    const px = 16 + (i % per) * (PW + 12);
    const py = vy + Math.floor(i / per) * (PH + 12);
    const mine = vil.seat === ctx.seat;
    // Ids in another seat's village carry its seat, as the view's moves
    // name only the mover's own places.
    const own = (id: string) => (mine ? id : `${vil.seat}:${id}`);
    const turn = v.toMove === vil.seat;
    const parts: SVGElement[] = [
      rect(px, py, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#bbb", "stroke-width": turn ? 3 : 1 }),
      fit(px + 12, py + 22, mine ? ctx.t("page.seat.you", { name: seatName(ctx, vil.seat) }) : seatName(ctx, vil.seat), PW - 130, 15, { "text-anchor": "start", "font-weight": 700 }),
      text(px + PW - 12, py + 22, ctx.t("page.points", { n: vil.score }), { "text-anchor": "end", "font-size": 15, "font-weight": 700, fill: INK }),
    ];
    const gx = px + 12;
    const gy = py + 40;
    // The village card in the corner; trophy slots c1..c3 above the
    // columns, r1..r3 left of the rows.
    const vc = vil.village;
    const vname = ctx.comp(vc.id)?.name ?? "";
    const vlabel = ctx.t("page.village", { name: vname, side: vc.faceUp ? "up" : "down" });
    parts.push(
      target(
        vc.id,
        vlabel,
        ctx.comp(vc.id)?.help,
        rect(gx, gy, CW, CH, { fill: vc.faceUp ? "#e8dcc0" : BACK, stroke: "#6b5d45" }),
        ...glyph("structure", gx + CW / 2, gy + 22, 13),
        ...wrapFit(gx + CW / 2, gy + 48, vname, CW - 8, 2, FONT, { fill: vc.faceUp ? INK : "#fff" }),
        ...wrapFit(gx + CW / 2, gy + 80, ctx.t(vc.faceUp ? "page.village.ready" : "page.village.used"), CW - 8, 2, FONT, { fill: vc.faceUp ? "#1d4d12" : "#fff", "font-weight": 700 }),
      ),
    );
    // Stack heights, drawn over the grid (on the edge between two rows).
    const over: SVGElement[] = [];
    const slot = (id: string, sx: number, sy: number) => {
      const st = vil.trophies.find((t) => t.id === id);
      const top = st?.stack?.[st.stack.length - 1];
      // c1..c3 score a column, r1..r3 a row; the empty slot shows an arrow
      // towards its line and the word, not its id.
      const place = ctx.t(id[0] === "c" ? "page.slot.column" : "page.slot.row", { n: Number(id.slice(1)) });
      const label = ctx.t("page.named", { place, name: top ? nameOf(ctx, top) : ctx.t("page.empty") });
      const down = id[0] === "c";
      const e = target(
        own(id),
        label,
        top ? ctx.comp(top.id)?.help : undefined,
        ...(top
          ? trophyFace(ctx, top, sx, sy)
          : [
              rect(sx, sy, CW, CH, { fill: "#f6f1e4", stroke: "#8a8170", "stroke-dasharray": "4 3" }),
              mark("star", sx + CW / 2, sy + 26, 9, "#b08a2e"),
              text(sx + CW / 2, sy + 52, down ? "↓" : "→", { fill: MUTED, "font-size": 22 }),
              ...wrapFit(sx + CW / 2, sy + 78, ctx.t("page.slot.empty"), CW - 8, 2, FONT, { fill: MUTED }),
            ]),
      );
      if (st && st.stack.length > 1) over.push(badge(sx + CW / 2, sy + CH, `×${st.stack.length}`));
      return e;
    };
    for (let c = 0; c < 3; c++) parts.push(slot(`c${c + 1}`, gx + (c + 1) * STEP, gy));
    for (let r = 0; r < 3; r++) {
      parts.push(slot(`r${r + 1}`, gx, gy + (r + 1) * RSTEP));
      for (let c = 0; c < 3; c++) {
        const cell = vil.cells[r * 3 + c];
        const cx = gx + (c + 1) * STEP;
        const cy = gy + (r + 1) * RSTEP;
        const top = cell.stack[cell.stack.length - 1];
        const place = ctx.t("page.cell", { row: r + 1, col: c + 1 });
        const what = !top ? ctx.t("page.empty") : cell.stack.length > 1 ? ctx.t("page.stack", { name: nameOf(ctx, top), n: cell.stack.length }) : nameOf(ctx, top);
        const label = ctx.t("page.named", { place, name: what });
        parts.push(target(own(cell.id), label, top ? ctx.comp(top.id)?.help : undefined, ...(top ? cardFace(ctx, top, cx, cy) : [rect(cx, cy, CW, CH, { fill: "#eef2e2", stroke: "#9aa57f" })])));
        if (cell.stack.length > 1) over.push(badge(cx + CW / 2, cy + CH, `×${cell.stack.length}`));
      }
    }
    parts.push(...over);
    // Under the grid: the discard pile (a discard is chosen there, then
    // the card), then the hand at full size, each card a target of its own.
    const hy = gy + 4 * RSTEP + 24;
    parts.push(text(gx, hy - 12, ctx.t("page.hand", { n: vil.handSize }), { "text-anchor": "start", "font-size": FONT, fill: INK, "font-weight": 600 }));
    const dp = vil.discardPile;
    parts.push(
      target(
        own(dp.id),
        ctx.t("page.discard-pile.count", { n: dp.count }),
        ctx.comp(dp.id)?.help ?? ctx.t("page.discard-pile.help"),
        rect(gx, hy, CW, CH, { fill: "#efe6d3", stroke: "#6b5d45", "stroke-dasharray": "5 3" }),
        el("path", { d: `M${gx + CW / 2} ${hy + 14}v22m-9 -9l9 9l9 -9M${gx + 18} ${hy + 44}h${CW - 36}`, stroke: "#5a3e1b", "stroke-width": 3, fill: "none" }),
        ...wrapFit(gx + CW / 2, hy + 64, ctx.t("page.discard-pile"), CW - 8, 2, FONT, { "font-weight": 700 }),
        text(gx + CW / 2, hy + CH - 12, dp.count, { "font-size": FONT, fill: MUTED }),
      ),
    );
    vil.hand.forEach((hs, k) => {
      const sx = gx + (1 + (k % handPer)) * STEP;
      const sy = hy + Math.floor(k / handPer) * (CH + 12);
      if (hs.card && mine) {
        parts.push(target(hs.id, nameOf(ctx, hs.card), ctx.comp(hs.card.id)?.help, ...cardFace(ctx, hs.card, sx, sy)));
      } else if (hs.card) {
        parts.push(g({ role: "img", "aria-label": nameOf(ctx, hs.card) }, el("title", {}, nameOf(ctx, hs.card)), ...cardFace(ctx, hs.card, sx, sy)));
      } else {
        parts.push(g({ role: "img", "aria-label": ctx.t("page.face-down") }, el("title", {}, ctx.t("page.face-down")), rect(sx, sy, CW, CH, { fill: BACK, stroke: "#4a3f33" }), el("path", { d: `M${sx + 6} ${sy + 6}l${CW - 12} ${CH - 12}M${sx + CW - 6} ${sy + 6}l${-(CW - 12)} ${CH - 12}`, stroke: "#bba98c", "stroke-width": 2 })));
      }
    });
    parts.push(fit(gx, py + PH - 12, ctx.t("page.village-stats", { discards: dp.count, visible: vil.visible }), PW - 24, FONT, { "text-anchor": "start", fill: MUTED }));
    kids.push(g({ class: "village", "data-owner": vil.seat }, ...parts));
  });
  const rows = Math.ceil(villages.length / per);
  const H = vy + rows * (PH + 12) + 8;
  return svgRoot(topW, H, ctx.t("page.table"), ...kids);
}

/**
 * badge is a stack's height on the edge under it: a pill as wide as its
 * words (a disc round "×2" was narrower than the text), and no taller
 * than the text, so that it hides little of the card's last line.
 */
function badge(x: number, y: number, s: string): SVGElement {
  const w = s.length * FONT * 0.6 + 10;
  return g({}, el("rect", { x: x - w / 2, y: y - 8, width: w, height: 16, rx: 8, fill: "#fffdf5", stroke: "#4a3f33" }), text(x, y, s, { "font-size": FONT, "font-weight": 700, fill: INK }));
}

/** The band's height: on a phone a tap target of 40 px or more once the drawing is fitted to the screen. */
const bandH = (ctx: Ctx) => (ctx.narrow ? 46 : 24);

/**
 * displayBand is a display as a whole, under its cards: what a refresh
 * names. special: the viewer may still use special action 1 (its village
 * card is face up), and the band is named by that action, its help the
 * action's.
 */
function displayBand(id: string, name: string, ctx: Ctx, x: number, y: number, special: boolean): SVGGElement {
  const w = 3 * STEP - GAP;
  const h = bandH(ctx);
  const action = special ? ctx.comp("special:1") : undefined;
  const words = action?.name ?? name;
  return target(id, name, action?.help ?? ctx.comp(id)?.help, rect(x, y + CH + 5, w, h, { fill: "#efe9da", stroke: "#8a8170" }), fit(x + w / 2, y + CH + 5 + h / 2, "⟳ " + words, w - 8, FONT, { fill: INK }));
}

/**
 * englishGardensChoice words a choice that is not on the drawing: a kind of
 * move (special action 2, declare the game over, pass) by its
 * page.move.<kind> message, never its id.
 */
export function englishGardensChoice(id: string, part: string, _v: W.View, ctx: Ctx): string | undefined {
  if (part === "kind" && id.startsWith("#")) return ctx.t("page.move." + id.slice(1));
  return undefined;
}
