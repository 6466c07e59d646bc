// Les Jardins Suspendus (The Hanging Gardens): the market of 3 columns × 4
// rows with the gardeners, the enhancement piles, the royal objectives with
// their markers, and each player's three-floor pyramid (5, 4, 3 positions)
// with enhancements, gold, tools and the irrigation pattern; the automa's
// side in solo.
//
// A card is read as the printed one is: its kind by colour and shape, its
// points in figures, its flowers, bonus and irrigation as icons, and one
// short word (the species), wrapped to the card or left to the tooltip when
// a language's word cannot fit, never cut.

import { caption, el, g, hue, mark, rect, svgRoot, target, text, wrapLines } from "../svg";
import { textWidth } from "../textwidth";
import { capped } from "./capped";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/hanginggardens";

/**
 * Each garden card and enhancement tile, from games/hanginggardens/data/
 * components.json (the Go test TestRendererFaces keeps them equal): kind
 * (a animal, t tree, v visitor, f flowers only), species or what a visitor
 * loves, points by floor, flowers (B blue, R red, Y yellow), bonus icons
 * (c crown, g gold, t tools), i irrigated; "-" is none.
 */
const FACES: Record<string, string> = {
  AN01: "a lion 422 - - i",
  AN02: "a lion 533 - - -",
  AN03: "a monkey 242 - - i",
  AN04: "a monkey 232 BY - -",
  AN05: "a monkey 232 RY - -",
  AN06: "a monkey 232 BR - -",
  AN07: "a monkey 353 - - -",
  AN08: "a peacock 224 - - i",
  AN09: "a peacock 224 - c -",
  AN10: "a peacock 224 - g -",
  AN11: "a peacock 224 - t -",
  AN12: "a peacock 335 - - -",
  TR01: "t palm - - - -",
  TR02: "t cedar - - - i",
  TR03: "t cedar - - c -",
  TR04: "t cedar - - t -",
  TR05: "t cedar - - g -",
  TR06: "t dragon - - - i",
  TR07: "t dragon - B - -",
  TR08: "t dragon - R - -",
  TR09: "t dragon - Y - -",
  EM01: "f - - BRY - -",
  EM02: "f - - BR c -",
  EM03: "f - - BY c -",
  EM04: "f - - YR c -",
  EM05: "f - - BR t -",
  EM06: "f - - BY t -",
  EM07: "f - - YR t -",
  EM08: "f - - BR g -",
  EM09: "f - - BY g -",
  EM10: "f - - YR g -",
  EM11: "f - - BB g -",
  EM12: "f - - RR g -",
  EM13: "f - - YY g -",
  EM14: "f - - BB t -",
  EM15: "f - - RR t -",
  EM16: "f - - YY t -",
  EM17: "f - - BR - i",
  EM18: "f - - BY - i",
  EM19: "f - - RY - i",
  EM20: "f - - B c i",
  EM21: "f - - R c i",
  EM22: "f - - Y c i",
  EM23: "f - - B g i",
  EM24: "f - - R g i",
  EM25: "f - - Y g i",
  EM26: "f - - B t i",
  EM27: "f - - R t i",
  EM28: "f - - Y t i",
  EM29: "f - - B cg -",
  EM30: "f - - R cg -",
  EM31: "f - - Y cg -",
  VI01: "v blue - - - i",
  VI02: "v yellow - - - i",
  VI03: "v red - - - i",
  VI04: "v irrigated - - - i",
  VI05: "v crown - - c -",
  VI06: "v flowertrio - - - -",
  VI07: "v visitor - - - i",
  VI08: "v objective - - c -",
  VI09: "v animal - - c -",
  VI10: "v tree - - c -",
  VI11: "v gold - - g i",
  VI12: "v enhancement - - g -",
  VI13: "v sighttrio - - t -",
  VI14: "v tools - - t i",
  EN01: "a lion 322 - - -",
  EN02: "a monkey 232 - - -",
  EN03: "a peacock 223 - - -",
  EN04: "t palm - - - -",
  EN05: "t cedar - - - -",
  EN06: "t dragon - - - -",
  EN07: "f - - BR - -",
  EN08: "f - - BY - -",
  EN09: "f - - YR - -",
  EN10: "f - - BB - -",
  EN11: "f - - YY - -",
  EN12: "f - - RR - -",
  EN13: "a lion 322 - c -",
  EN14: "a monkey 232 - c -",
  EN15: "t cedar - - g -",
  EN16: "t cedar - - t -",
  EN17: "f - - BR t -",
  EN18: "f - - BY t -",
  EN19: "f - - YR t -",
  EN20: "f - - BYR c -",
  EN21: "a monkey 242 - - i",
  EN22: "a peacock 224 - - i",
  EN23: "t palm - - - i",
  EN24: "t dragon - - - i",
  EN25: "f - - BYR - i",
};

/** The positions each irrigation card marks (components.json, irrigationCards). */
const IRRIGATION: Record<string, string[]> = {
  Left: ["c1", "c2", "b1", "b2", "a1", "a2"],
  Right: ["c2", "c3", "b3", "b4", "a4", "a5"],
  Borders: ["c1", "c3", "b1", "b4", "a1", "a5"],
  Center: ["c2", "b2", "b3", "a2", "a3", "a4"],
  H: ["c1", "c3", "b2", "b3", "a2", "a4"],
};

/** Points of a tree species for a series of 1, 2, … (components.json, trees). */
const TREE_POINTS: Record<string, number[]> = { dragon: [2, 7], cedar: [2, 5, 9], palm: [3, 7, 12, 18] };

/** Points a visitor scores per thing it loves. */
const VISITOR_PER: Record<string, number> = { flowertrio: 2, objective: 2, enhancement: 2, sighttrio: 3 };

interface Face {
  kind: string;
  sub: string;
  points: number[];
  flowers: string;
  bonus: string;
  irrigated: boolean;
}

function face(id: string): Face | undefined {
  const s = FACES[id];
  if (!s) return undefined;
  const [kind, sub, pts, fl, bo, ir] = s.split(" ").map((x) => (x === "-" ? "" : x));
  return { kind, sub, points: [...pts].map(Number), flowers: fl, bonus: bo, irrigated: ir === "i" };
}

// Each kind of card has a colour and a shape (colour is never the only cue).
const KIND: Record<string, { fill: string; m: Parameters<typeof mark>[0] }> = {
  a: { fill: "#f0c27a", m: "triangle" },
  v: { fill: "#d3c2ec", m: "diamond" },
  f: { fill: "#d6e8bf", m: "leaf" },
  t: { fill: "#a9d8c8", m: "hexagon" },
};
const INK = "#3d3020";
const TILE = "#f6e7a0";

// Flowers: colour and a shape of their own.
const FLOWER: Record<string, { fill: string; m: Parameters<typeof mark>[0] }> = {
  B: { fill: "#2f6fc4", m: "circle" },
  R: { fill: "#c8372d", m: "heart" },
  Y: { fill: "#e8b500", m: "star" },
};

/** Sizes: a phone draws one garden per row and needs larger text (≥ 12 px on screen). */
interface Dim {
  cw: number;
  ch: number;
  f: number; // the text size: never smaller
}

function dims(ctx: Ctx): Dim {
  return ctx.narrow ? { cw: 62, ch: 92, f: 14 } : { cw: 76, ch: 92, f: 14 };
}

/** An icon centred on (x, y) of radius r: crown, gold, tools, drop, flowers, kinds, objective items. */
function icon(kind: string, x: number, y: number, r: number): SVGElement {
  switch (kind) {
    case "c": // crown
    case "crown":
      return el("path", { d: `M${x - r} ${y + r * 0.7}L${x - r} ${y - r * 0.5}L${x - r * 0.45} ${y}L${x} ${y - r * 0.8}L${x + r * 0.45} ${y}L${x + r} ${y - r * 0.5}L${x + r} ${y + r * 0.7}Z`, fill: "#e2a400", stroke: INK, "stroke-width": 1 });
    case "g": // gold coin
    case "gold":
      return g({}, el("circle", { cx: x, cy: y, r, fill: "#f2c230", stroke: "#7a5a00", "stroke-width": 1.2 }), el("circle", { cx: x, cy: y, r: r * 0.5, fill: "none", stroke: "#7a5a00", "stroke-width": 1 }));
    case "t": // tools: a hammer
    case "tools":
      return g({}, el("rect", { x: x - r * 0.18, y: y - r * 0.4, width: r * 0.36, height: r * 1.4, fill: "#8a5a2b" }), el("rect", { x: x - r * 0.8, y: y - r, width: r * 1.6, height: r * 0.65, rx: 1, fill: "#6b7280", stroke: INK, "stroke-width": 0.8 }));
    case "i":
    case "irrigated":
      return mark("drop", x, y, r, "#2f6fc4", "#fff");
    case "B":
    case "R":
    case "Y":
      return mark(FLOWER[kind].m, x, y, r, FLOWER[kind].fill, "#fff");
    case "blue":
      return icon("B", x, y, r);
    case "red":
      return icon("R", x, y, r);
    case "yellow":
      return icon("Y", x, y, r);
    case "animal":
      return mark("triangle", x, y, r, INK);
    case "tree":
      return mark("hexagon", x, y, r, INK);
    case "visitor":
      return mark("diamond", x, y, r, INK);
    case "objective":
      return mark("heart", x, y, r, "#b0473a");
    case "enhancement":
      return mark("star", x, y, r, "#b08a00", INK);
    case "flowertrio":
      return g({}, icon("B", x - r, y, r * 0.7), icon("R", x, y, r * 0.7), icon("Y", x + r, y, r * 0.7));
    case "sighttrio":
      return g({}, icon("tree", x - r, y, r * 0.7), icon("visitor", x, y, r * 0.7), icon("animal", x + r, y, r * 0.7));
  }
  return mark("ring", x, y, r, INK);
}

/**
 * A pictogram of a species (and of a visitor), so that a card whose word
 * cannot fit a language's line is still read at a glance: the drawing, not
 * the tooltip, tells a lion from a peacock and a palm from a cedar.
 */
function species(sub: string, kind: string, x: number, y: number, r: number): SVGElement | null {
  const ink = { fill: INK, stroke: "none" };
  const trunk = (h: number) => el("rect", { x: x - r * 0.12, y: y + r - h, width: r * 0.24, height: h, fill: "#6b4a2b" });
  switch (sub) {
    case "lion": // a face in a spiky mane
      return g(
        {},
        el("circle", { cx: x, cy: y, r: r * 0.85, fill: "#b7791f", stroke: "#7a4a10", "stroke-width": r * 0.3, "stroke-dasharray": `${r * 0.25} ${r * 0.18}` }),
        el("circle", { cx: x, cy: y + r * 0.05, r: r * 0.5, fill: "#f3d38a", stroke: INK, "stroke-width": 0.6 }),
        el("circle", { cx: x - r * 0.2, cy: y - r * 0.05, r: r * 0.08, fill: INK }),
        el("circle", { cx: x + r * 0.2, cy: y - r * 0.05, r: r * 0.08, fill: INK }),
      );
    case "monkey": // a face with two round ears
      return g({}, el("circle", { cx: x - r * 0.75, cy: y - r * 0.1, r: r * 0.35, ...ink }), el("circle", { cx: x + r * 0.75, cy: y - r * 0.1, r: r * 0.35, ...ink }), el("circle", { cx: x, cy: y, r: r * 0.65, fill: "#8a5a2b", stroke: INK, "stroke-width": 0.8 }), el("ellipse", { cx: x, cy: y + r * 0.2, rx: r * 0.4, ry: r * 0.3, fill: "#e8c9a0" }));
    case "peacock": // a fanned tail of eyes over a small body
      return g(
        {},
        ...[-60, -30, 0, 30, 60].map((a) => el("circle", { cx: x + Math.sin((a * Math.PI) / 180) * r * 0.8, cy: y + r * 0.3 - Math.cos((a * Math.PI) / 180) * r * 0.8, r: r * 0.28, fill: "#1f8a70", stroke: INK, "stroke-width": 0.6 })),
        el("ellipse", { cx: x, cy: y + r * 0.45, rx: r * 0.25, ry: r * 0.5, fill: "#2f6fc4", stroke: INK, "stroke-width": 0.6 }),
      );
    case "palm": // a tall trunk under drooping fronds
      return g({}, trunk(r * 1.5), el("path", { d: `M${x} ${y - r * 0.5}Q${x - r * 0.6} ${y - r * 1.1} ${x - r * 1.1} ${y - r * 0.1}M${x} ${y - r * 0.5}Q${x + r * 0.6} ${y - r * 1.1} ${x + r * 1.1} ${y - r * 0.1}M${x} ${y - r * 0.5}Q${x - r * 0.3} ${y - r * 1.2} ${x - r * 0.5} ${y - r * 0.9}M${x} ${y - r * 0.5}Q${x + r * 0.3} ${y - r * 1.2} ${x + r * 0.5} ${y - r * 0.9}`, fill: "none", stroke: "#2e7d32", "stroke-width": r * 0.28, "stroke-linecap": "round" }));
    case "cedar": // flat tiers, one above another
      return g({}, trunk(r * 0.7), ...[0, 1, 2].map((k) => el("rect", { x: x - r * (1 - k * 0.25), y: y + r * 0.05 - k * r * 0.5, width: 2 * r * (1 - k * 0.25), height: r * 0.32, rx: r * 0.15, fill: "#2e6b3a" })));
    case "dragon": // a trunk forking into an umbrella crown
      return g({}, el("path", { d: `M${x} ${y + r}L${x} ${y}L${x - r * 0.6} ${y - r * 0.35}M${x} ${y}L${x + r * 0.6} ${y - r * 0.35}`, fill: "none", stroke: "#6b4a2b", "stroke-width": r * 0.22 }), el("path", { d: `M${x - r} ${y - r * 0.35}Q${x} ${y - r * 1.3} ${x + r} ${y - r * 0.35}Z`, fill: "#3f8f3a", stroke: INK, "stroke-width": 0.6 }));
  }
  if (kind === "v") // a person: head and shoulders
    return g({}, el("circle", { cx: x, cy: y - r * 0.45, r: r * 0.4, fill: "#7d5ba6", stroke: INK, "stroke-width": 0.6 }), el("path", { d: `M${x - r * 0.75} ${y + r}Q${x - r * 0.75} ${y} ${x} ${y}Q${x + r * 0.75} ${y} ${x + r * 0.75} ${y + r}Z`, fill: "#7d5ba6", stroke: INK, "stroke-width": 0.6 }));
  return null;
}

/** The short word of a species or kind, from the catalogue (literal ids, checked by the Go test). */
function kindWord(ctx: Ctx, f: Face): string {
  switch (f.sub || f.kind) {
    case "lion":
      return ctx.t("page.kind.lion");
    case "monkey":
      return ctx.t("page.kind.monkey");
    case "peacock":
      return ctx.t("page.kind.peacock");
    case "palm":
      return ctx.t("page.kind.palm");
    case "cedar":
      return ctx.t("page.kind.cedar");
    case "dragon":
      return ctx.t("page.kind.dragon");
    case "f":
      return ctx.t("page.kind.empty");
  }
  return ctx.t("page.kind.visitor");
}

/**
 * Lines of s that fit width at size f (whole words; undefined when a word is
 * wider than the line or more than max lines are needed: the drawing then
 * leaves the words to the tooltip rather than cut one).
 */
function fit(s: string, width: number, f: number, max: number, weight = 400): string[] | undefined {
  const lines: string[] = [];
  // a compound word may break after its hyphen ("Kronen-" / "Symbole")
  for (const w of s.split(/\s+/).filter(Boolean).flatMap((w) => w.split(/(?<=-)(?=.)/))) {
    const prev = lines[lines.length - 1] ?? "";
    const last = lines.length ? (prev.endsWith("-") ? `${prev}${w}` : `${prev} ${w}`) : "";
    if (last && textWidth(last, f, weight) <= width - 1) lines[lines.length - 1] = last;
    else lines.push(w);
  }
  if (lines.length > max || lines.some((l) => textWidth(l, f, weight) > width - 1)) return undefined;
  return lines;
}

/** The lines of a sentence in width: measured per letter, by the coarser count when a word alone is too wide. */
function fitLines(s: string, width: number, f: number): string[] {
  const out = fit(s, width, f, 99) ?? wrapLines(s, width, f);
  // a number alone on its line reads as a title: it takes the word before it along
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1].split(" ");
    if (/^\d+\W?$/.test(out[i]) && prev.length > 1) {
      out[i] = `${prev.pop()} ${out[i]}`;
      out[i - 1] = prev.join(" ");
    }
  }
  return out;
}

/** The row of flower and bonus icons from x, centred on y, r each; returns the x after them. */
function icons(out: SVGElement[], f: Face, x: number, y: number, r: number): number {
  for (const c of f.flowers) {
    out.push(icon(c, x, y, r));
    x += 2 * r + 3;
  }
  for (const c of f.bonus) {
    out.push(icon(c, x, y, r));
    x += 2 * r + 3;
  }
  return x;
}

/** What a card scores, in figures: points by floor, a tree's series, a visitor's "n per thing". */
function scoreLine(out: SVGElement[], f: Face, cx: number, y: number, size: number, width = 1e9): void {
  if (f.kind === "a") out.push(text(cx, y, f.points.join("·"), { "font-size": size, "font-weight": 700, fill: INK }));
  else if (f.kind === "t") {
    const pts = TREE_POINTS[f.sub] ?? [];
    const one = pts.join("·");
    // a long series (the palm's 3·7·12·18) takes two lines rather than a smaller size
    if (textWidth(one, size, 700) > width) {
      const h = Math.ceil(pts.length / 2);
      out.push(text(cx, y - size / 2 - 1, pts.slice(0, h).join("·"), { "font-size": size, "font-weight": 700, fill: INK }), text(cx, y + size / 2 + 2, pts.slice(h).join("·"), { "font-size": size, "font-weight": 700, fill: INK }));
    } else out.push(text(cx, y, one, { "font-size": size, "font-weight": 700, fill: INK }));
  }
  else if (f.kind === "v") {
    out.push(text(cx - 8, y, `${VISITOR_PER[f.sub] ?? 1}/`, { "font-size": size, "font-weight": 700, fill: INK }));
    out.push(icon(f.sub, cx + 10, y, 6));
  }
}

/** A garden card's face (an enhancement tile's too) at (x, y). */
function cardFace(ctx: Ctx, id: string, x: number, y: number, d: Dim, enh?: string): SVGElement[] {
  const f = face(id);
  if (!f) return [g({ class: "hg-face" }, rect(x, y, d.cw, d.ch, { fill: "#eee", stroke: INK }))];
  const isTile = id.startsWith("EN");
  const k = KIND[f.kind];
  const out: SVGElement[] = [rect(x, y, d.cw, d.ch, { fill: isTile ? TILE : k.fill, stroke: INK, "stroke-width": isTile ? 2 : 1 })];
  // header: kind shape, score, irrigation drop
  out.push(mark(k.m, x + 9, y + 10, 6, INK));
  if (isTile) out.push(mark("star", x + d.cw - 9, y + 10, 6, "#b08a00", INK));
  else if (f.irrigated) out.push(icon("i", x + d.cw - 9, y + 10, 7));
  scoreLine(out, f, x + d.cw / 2, y + 29, d.f, d.cw - 6);
  if (isTile && f.irrigated) out.push(icon("i", x + d.cw - 9, y + d.ch - 11, 7));
  // the species' pictogram and its word under it when the word fits the
  // card in this language (the pictogram alone identifies it otherwise)
  const twoLines = f.kind === "t" && textWidth((TREE_POINTS[f.sub] ?? []).join("·"), d.f, 700) > d.cw - 6;
  const cx = x + d.cw / 2;
  if (f.kind === "f") {
    const words = fit(kindWord(ctx, f), d.cw - 6, d.f, 2);
    words?.forEach((s, i) => out.push(text(cx, y + 47 + i * (d.f + 3), s, { "font-size": d.f, fill: INK })));
  } else {
    const words = fit(kindWord(ctx, f), d.cw - 6, d.f, 1);
    const top = twoLines ? 46 : 39;
    if (words) {
      out.push(species(f.sub, f.kind, cx, y + top + 8, 9)!);
      out.push(text(cx, y + top + 23, words[0], { "font-size": d.f, fill: INK }));
    } else out.push(species(f.sub, f.kind, cx, y + (top + 74) / 2, 13)!);
  }
  icons(out, f, x + 9, y + d.ch - 11, 6.5);
  if (enh) out.push(...tileOn(ctx, enh, x, y, d));
  // one group whose first rectangle is the card: everything drawn stays in it (the tests measure that)
  return [g({ class: "hg-face" }, ...out)];
}

/** An enhancement tile lying on an empty card: over the card's middle, leaving its own icons in sight. */
function tileOn(ctx: Ctx, id: string, x: number, y: number, d: Dim): SVGElement[] {
  const f = face(id);
  if (!f) return [];
  const tx = x + 3, ty = y + 20, tw = d.cw - 6, th = d.ch - 40;
  void d.f;
  const out: SVGElement[] = [rect(tx, ty, tw, th, { fill: TILE, stroke: "#7a6a00", "stroke-width": 2 }), mark(KIND[f.kind].m, tx + 8, ty + 9, 5.5, INK)];
  const row = ty + th - 9;
  // a tree's series too long for the line beside the shape (the palm's
  // 3·7·12·18) takes two lines, the second where the word would be: the
  // pictogram then stands alone on the bottom row, the icons' (a palm tile
  // has no flower or bonus, at most the drop at the right end)
  const pts = f.kind === "t" ? (TREE_POINTS[f.sub] ?? []) : [];
  if (textWidth(pts.join("·"), d.f, 700) > tw - 18) {
    const h = Math.ceil(pts.length / 2);
    const sx = tx + tw / 2 + 6;
    out.push(text(sx, ty + 10, pts.slice(0, h).join("·"), { "font-size": d.f, "font-weight": 700, fill: INK }), text(sx, ty + 26, pts.slice(h).join("·"), { "font-size": d.f, "font-weight": 700, fill: INK }));
    const pic = species(f.sub, f.kind, tx + 11, row - 2, 7);
    if (pic) out.push(pic);
    const end = icons(out, f, tx + 24, row, 6);
    if (f.irrigated) out.push(icon("i", Math.max(end, tx + tw - 9), row, 6.5));
    return out;
  }
  // the tile's score beside its shape, its word under it, its icons at the bottom
  if (f.kind === "a" || f.kind === "t" || f.kind === "v") scoreLine(out, f, tx + tw / 2 + 6, ty + 10, d.f);
  // its pictogram, and its word beside it when there is room
  const words = fit(kindWord(ctx, f), tw - 22, d.f, 1);
  const pic = species(f.sub, f.kind, words ? tx + 10 : tx + tw / 2, ty + 27, 7);
  if (pic) out.push(pic);
  if (words) out.push(text(pic ? tx + 20 + (tw - 22) / 2 : tx + tw / 2, ty + 27, words[0], { "font-size": d.f, fill: INK }));
  else if (!pic) fit(kindWord(ctx, f), tw - 4, d.f, 1)?.forEach((s) => out.push(text(tx + tw / 2, ty + 27, s, { "font-size": d.f, fill: INK })));
  const end = icons(out, f, tx + 8, row, 6);
  if (f.irrigated) out.push(icon("i", Math.max(end, tx + tw - 9), row, 6.5));
  return out;
}

const seatColour = (p: number) => ["red", "blue", "yellow", "green", "purple"][p] ?? "grey";

/** A pawn of seat p (the automa for p < 0): its colour and its shape. */
function pawn(p: number, x: number, y: number, r: number): SVGElement[] {
  const h = hue(seatColour(p));
  return [el("circle", { cx: x, cy: y, r, fill: h.fill, stroke: "#222" }), mark(h.mark, x, y, r * 0.55, h.ink)];
}

/** An empty place: dashed. */
const hole = (x: number, y: number, w: number, h: number) => rect(x, y, w, h, { fill: "#f2efe6", stroke: "#9c9178", "stroke-dasharray": "4 3" });

export function drawHangingGardens(v: W.View, ctx: Ctx): SVGSVGElement {
  const d = dims(ctx);
  const { cw, ch } = d;
  const n = ctx.narrow;
  const kids: SVGElement[] = [];
  const name = (id: string) => ctx.comp(id)?.name ?? "";
  const help = (id: string) => ctx.comp(id)?.help;
  // market: 3 columns of 4 rows, row 1 at the bottom; the tools a row costs at its left
  kids.push(caption(16, 22, ctx.t("page.market")));
  const mx = 44;
  const my = 34;
  // gardener spaces: up to 3 in a row under a column, the 4th and 5th (4–5
  // players) in a second row, so that no column's run into the next
  const perRow = Math.min(v.gardenerSpaces, 3);
  const gRows = Math.ceil(v.gardenerSpaces / perRow);
  const gStep = Math.min(20, (cw - 4) / perRow);
  for (let c = 0; c < 3; c++) {
    const x = mx + c * (cw + 6);
    for (let r = 0; r < 4; r++) {
      const id = v.market[c][r];
      const y = my + (3 - r) * (ch + 6);
      const cell = `market:${c + 1}:${r + 1}`;
      kids.push(target(cell, id ? ctx.t("page.market-card", { col: c + 1, row: r + 1, card: name(id) }) : ctx.t("page.market-empty", { col: c + 1, row: r + 1 }), id ? help(id) : undefined, ...(id ? cardFace(ctx, id, x, y, d) : [hole(x, y, cw, ch)])));
    }
    // the gardener spaces under the column, taken ones with their pawn
    const taken = v.gardeners[c] as number[];
    for (let k = 0; k < v.gardenerSpaces; k++) {
      const gx = x + cw / 2 + ((k % perRow) - (perRow - 1) / 2) * gStep;
      const gy = my + 4 * (ch + 6) + 12 + Math.floor(k / perRow) * 19;
      const p = taken[k];
      if (p === undefined) kids.push(g({ class: "hg-space" }, el("circle", { cx: gx, cy: gy, r: 8, fill: "none", stroke: "#9c9178", "stroke-dasharray": "3 2" })));
      else kids.push(g({ class: "hg-space", role: "img", "aria-label": p < 0 ? ctx.t("page.gardener-automa") : ctx.t("page.gardener", { player: seatName(ctx, p) }) }, el("title", {}, p < 0 ? ctx.t("page.gardener-automa") : ctx.t("page.gardener", { player: seatName(ctx, p) })), ...pawn(p, gx, gy, 8)));
    }
  }
  for (let r = 0; r < 4; r++) {
    const y = my + (3 - r) * (ch + 6) + ch / 2;
    kids.push(g({}, el("title", {}, help("tools") ?? ""), icon("tools", 14, y, 7), text(32, y, String(v.rowCosts[r]), { "font-size": d.f, "font-weight": 700, fill: INK })));
  }
  const marketBottom = my + 4 * (ch + 6) + 26 + (gRows - 1) * 19;
  // the gardens' sizes (a desktop draws the player's own beside the market)
  const a0w = 44;
  const step = cw + 4;
  // the left end of floor 1 is drawn beside a1 in the player's own garden on
  // a desktop; on a phone it is a button in words (the garden then fits the
  // width at a readable size)
  const withA0 = (p: number) => !n && p === ctx.seat;
  const pwOf = (p: number) => 12 + (withA0(p) ? a0w + 4 : 0) + 5 * step + 8;
  const pw = 12 + 5 * step + 8;
  const players: W.PlayerView[] = v.players ?? [];
  // a seat's name wraps between the pawn and the first-player tile (a name
  // of one long word is pressed to the line); the gardens of a table all
  // start under the longest name, so that the floors of a row stay level
  const nameW = (p: number) => pwOf(p) - 32 - 74;
  const names = players.map((_, p) => {
    const s = p === ctx.seat ? ctx.t("page.seat-you", { player: seatName(ctx, p) }) : seatName(ctx, p);
    // the names are semi-bold (app.css's .seat-name): measured so
    return fit(s, nameW(p), d.f, 99, 600) ?? wrapLines(s, nameW(p), d.f, 600);
  });
  const nameH = d.f + 3;
  const head = 34 + (Math.max(1, ...names.map((l) => l.length)) - 1) * nameH;
  const ph = head + 3 * (ch + 4) + 40;
  // piles and objectives: right of the market, or on a phone one section under another
  let x = n ? 16 : mx + 3 * (cw + 6) + 20;
  const pilesY = n ? marketBottom + 26 : my;
  // where each section's elements start in kids, for a phone's order (bands below)
  const at = { piles: kids.length, objectives: 0, held: 0, solo: 0, info: 0, gardens: 0 };
  kids.push(caption(x, pilesY - 12, ctx.t("page.enhancements")));
  v.piles.forEach((p, i) => {
    const px = n ? x + i * (cw + 50) : x;
    const y = n ? pilesY : my + i * (ch + 14);
    const label = p.top ? ctx.t("page.pile-top", { cost: p.cost, n: p.size, tile: name(p.top) }) : ctx.t("page.pile", { cost: p.cost, n: p.size });
    kids.push(
      target(p.cell, label, p.top ? help(p.top) : undefined, ...(p.top ? cardFace(ctx, p.top, px, y, d) : [hole(px, y, cw, ch)]), icon("gold", px + cw + 14, y + 16, 9), text(px + cw + 14, y + 16, String(p.cost), { "font-size": d.f, "font-weight": 700, fill: INK }), text(px + cw + 14, y + 42, `×${p.size}`, { "font-size": d.f, fill: INK })),
    );
  });
  // the next column starts after the piles and after their caption, in every language
  if (!n) x += Math.max(cw + 44, textWidth(ctx.t("page.enhancements"), 14, 700) + 12);
  // On a desktop the player's own garden (a spectator's: the seat to move)
  // is beside the market and the piles, the card to place under it: the
  // garden a placing is about is seen with the market (under the market, a
  // newcomer's garden was below a 900 px screen). The objectives, the
  // automa and the other gardens come under them.
  const held = v.taken || v.bought;
  const main = ctx.seat >= 0 && ctx.seat < players.length ? ctx.seat : Math.max(0, Math.min(v.toMove, players.length - 1));
  const gardenX = x;
  const heldX = gardenX + 12;
  const row1 = Math.max(marketBottom, 8 + ph + 16 + (held ? 26 + ch + 10 : 0));
  if (!n) x = 16;
  const objY = n ? pilesY + ch + 36 : row1 + 26;
  at.objectives = kids.length;
  kids.push(caption(x, objY - 12, ctx.t("page.objectives")));
  const objectives: W.ObjView[] = v.objectives ?? [];
  const ow = n ? 175 : 210;
  const oh = n ? 112 : ch + 8;
  objectives.forEach((o, i) => {
    // two by two on a phone; in a row on a desktop (two rows of them ran under a 900 px screen)
    const ox = n ? x + (i % 2) * (ow + 8) : x + i * (ow + 8);
    const y = n ? objY + Math.floor(i / 2) * (oh + 8) : objY;
    const parts: SVGElement[] = [rect(ox, y, ow, oh, { fill: "#f7d9cf", stroke: INK })];
    // the item, as many times as needed
    for (let k = 0; k < o.required; k++) parts.push(icon(o.item, ox + 12 + k * 17, y + 13, 7));
    // its words, wrapped; the values (high / low) and reward in a box at the right
    const bw = 46;
    const words = fit(name(o.id), ow - bw - 14, d.f, n ? 4 : 3) ?? [];
    words.forEach((s, k) => parts.push(el("text", { x: ox + 6, y: y + 36 + k * (d.f + 2), "font-size": d.f, fill: INK }, s)));
    parts.push(rect(ox + ow - bw - 4, y + 4, bw, oh - 8, { fill: "#fff8f0", stroke: "#b0473a" }));
    parts.push(text(ox + ow - bw / 2 - 4, y + 18, String(o.high), { "font-size": d.f + 3, "font-weight": 700, fill: INK }));
    parts.push(text(ox + ow - bw / 2 - 4, y + 38, String(o.low), { "font-size": d.f, fill: INK }));
    if (o.reward) parts.push(g({}, text(ox + ow - bw / 2 - 14, y + 58, "+", { "font-size": d.f, fill: INK }), icon(o.reward, ox + ow - bw / 2 + 2, y + 58, 7)));
    // markers: seat colour and shape, on the places; empty places dashed
    for (let k = 0; k < o.places; k++) {
      const mxk = ox + 14 + k * 20;
      const myk = y + oh - 13;
      const p = (o.markers as number[])[k];
      if (p === undefined) parts.push(el("rect", { x: mxk - 8, y: myk - 8, width: 16, height: 16, fill: "none", stroke: "#9c9178", "stroke-dasharray": "3 2" }));
      else {
        const h = hue(seatColour(p));
        parts.push(el("rect", { x: mxk - 8, y: myk - 8, width: 16, height: 16, fill: h.fill, stroke: "#222" }), mark(h.mark, mxk, myk, 5, h.ink));
      }
    }
    kids.push(target(o.cell, `${name(o.id)} — ${ctx.t("page.objective-need", { n: o.required, item: o.item, high: o.high, low: o.low })}`, help(o.id), g({ class: "hg-face" }, ...parts)));
  });
  const objBottom = objY + (n ? Math.ceil(objectives.length / 2) : 1) * (oh + 8);
  if (!n) x += objectives.length * (ow + 8);
  // the card or tile being placed (shared: everyone sees it)
  const heldY = n ? objBottom + 28 : 8 + ph + 16 + 26;
  at.held = kids.length;
  if (held) {
    kids.push(caption(n ? x : heldX, heldY - 12, ctx.t("page.to-place")));
    kids.push(target(held, name(held), help(held), ...cardFace(ctx, held, n ? x : heldX, heldY, d)));
  }
  // the automa's side in solo: its gardeners, markers, deck and last card
  let soloBottom = 0;
  at.solo = kids.length;
  if (v.solo) {
    const s = v.solo;
    const sx = 16;
    const sy = n ? (held ? heldY + ch + 30 : objBottom + 28) : objBottom + 28;
    kids.push(caption(sx, sy - 12, ctx.t("page.automa")));
    const parts: SVGElement[] = [];
    for (let k = 0; k < s.automaGardeners; k++) parts.push(...pawn(-1, sx + 10 + k * 20, sy + 10, 8));
    // its deck, face down, with the cards left in it
    parts.push(el("rect", { x: sx, y: sy + 24, width: 36, height: 48, rx: 4, fill: "#5e4b70", stroke: INK }), text(sx + 18, sy + 48, String(s.automaDeckSize), { "font-size": d.f, "font-weight": 700, fill: "#fff" }));
    let cardBottom = sy + 72;
    if (s.automaLastCard && s.automaLastColumns) {
      // its last card, drawn as what it says: the column it goes to, what it
      // discards there, its bonus; each with its pictogram
      const id = `automa:${s.automaLastCard}`;
      // under its deck, in the width of the automa's column
      const cx0 = sx;
      const cwid = n ? 358 : 190;
      const lw = cwid - 30;
      const [a, b, c] = s.automaLastColumns;
      const sections: [SVGElement, string[]][] = [
        [g({}, ...pawn(-1, cx0 + 14, 0, 7)), fitLines(ctx.t("page.automa-columns", { a, b, c }), lw, d.f)],
        [
          g({}, icon(s.automaLastDiscard === "flower" ? "flowertrio" : s.automaLastDiscard === "irrigation" ? "i" : (s.automaLastDiscard ?? ""), cx0 + 14, 0, 6), mark("cross", cx0 + 14, 0, 8, "#b0473a")),
          [
            ...fitLines(ctx.t("page.automa-discard", { what: s.automaLastDiscard ?? "" }), lw, d.f),
            ...(s.automaLastFallback ? fitLines(ctx.t("page.automa-fallback", { row: s.automaLastFallback }), lw, d.f) : []),
          ],
        ],
        [
          s.automaLastBonus === "first" ? icon("crown", cx0 + 14, 0, 7) : s.automaLastBonus === "objective" ? g({}, el("rect", { x: cx0 + 7, y: -7, width: 14, height: 14, fill: hue(seatColour(-1)).fill, stroke: "#222" })) : g({}, mark("star", cx0 + 14, 0, 7, "#b08a00", INK), mark("cross", cx0 + 14, 0, 8, "#b0473a")),
          fitLines(ctx.t("page.automa-bonus", { bonus: s.automaLastBonus ?? "" }), lw, d.f),
        ],
      ];
      const lh = d.f + 3;
      const ch0 = 12 + sections.reduce((h, [, ls]) => h + ls.length * lh + 8, 0);
      const cy0 = sy + 80;
      const card: SVGElement[] = [el("rect", { x: cx0, y: cy0, width: cwid, height: ch0, rx: 4, fill: "#efe7f7", stroke: INK })];
      let yy = cy0 + 10;
      for (const [pic, ls] of sections) {
        card.push(g({ transform: `translate(0 ${yy + lh / 2})` }, pic));
        ls.forEach((l, k) => card.push(el("text", { x: cx0 + 28, y: yy + k * lh + lh / 2, "dominant-baseline": "central", "font-size": d.f, fill: INK }, l)));
        yy += ls.length * lh + 8;
      }
      parts.push(g({ class: "hg-face hg-automa-card" }, el("title", {}, help(id) ?? ""), ...card));
      cardBottom = cy0 + ch0;
    }
    const infoW = n ? 358 : 180;
    const info = wrapLines(ctx.t("page.automa-info", { difficulty: s.difficulty, gardeners: s.automaGardeners, markers: s.automaMarkersUsed, deck: s.automaDeckSize }), infoW, d.f);
    parts.push(g({ class: "lines", "data-width": infoW }, ...info.map((l, k) => el("text", { x: sx, y: cardBottom + 20 + k * (d.f + 3), "font-size": d.f, fill: INK }, l))));
    kids.push(g({ role: "img", "aria-label": info.join(" ") }, ...parts));
    soloBottom = cardBottom + 20 + info.length * (d.f + 3);
    if (!n) x = Math.max(x, sx + 200);
  }
  // the round, the deck and the stock
  const topH = n ? Math.max(held ? heldY + ch + 24 : objBottom + 16, soloBottom + 8) : Math.max(objBottom + 16, soloBottom + 8);
  const info = ctx.t("page.info", { round: v.round, deck: v.deckSize, gold: v.stockGold, tools: v.stockTools });
  const infoW = (n ? 390 : 700) - 32;
  const lines = wrapLines(info, infoW, d.f);
  at.info = kids.length;
  kids.push(g({ class: "lines", "data-width": infoW }, ...lines.map((s, i) => el("text", { x: 16, y: topH + i * (d.f + 4), "font-size": d.f, fill: INK }, s))));
  const y0 = topH + lines.length * (d.f + 4) + 10;
  at.gardens = kids.length;
  // a desktop's other gardens two to a row under the rest
  const others = players.map((_, p) => p).filter((p) => p !== main);
  const place = (p: number): [number, number] => {
    if (n) return [16, y0 + p * (ph + 16)];
    if (p === main) return [gardenX, 8];
    const j = others.indexOf(p);
    return [16 + (j % 2 === 1 ? pwOf(others[j - 1]) + 16 : 0), y0 + Math.floor(j / 2) * (ph + 16)];
  };
  players.forEach((pl, p) => {
    const [px, py] = place(p);
    const pw = pwOf(p);
    const turn = v.toMove === p;
    const own = p === ctx.seat;
    const irrig = new Set(IRRIGATION[pl.irrigation] ?? []);
    const parts: SVGElement[] = [
      rect(px, py, pw, ph, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#bbb", "stroke-width": turn ? 3 : 1 }),
      ...pawn(p, px + 16, py + 16, 9),
      ...names[p].map((l, k) =>
        el("text", { x: px + 32, y: py + 21 + k * nameH, class: "seat-name", "font-size": d.f, ...(textWidth(l, d.f, 600) > nameW(p) ? { textLength: nameW(p), lengthAdjust: "spacingAndGlyphs" } : {}) }, l),
      ),
      el("text", { x: px + pw - 12, y: py + 21, "text-anchor": "end", class: "score" }, String(pl.score)),
    ];
    if (v.firstPlayer === p) parts.push(g({}, el("title", {}, `${name("first-player")} — ${help("first-player") ?? ""}`), rect(px + pw - 70, py + 6, 24, 22, { fill: "#f2c230", stroke: INK }), icon("crown", px + pw - 58, py + 17, 7)));
    const x0 = px + 12 + (withA0(p) ? a0w + 4 : 0);
    const floors: [string, number][] = [["a", 5], ["b", 4], ["c", 3]];
    floors.forEach(([f, count], fi) => {
      for (let k = 0; k < count; k++) {
        const pos = `${f}${k + 1}`;
        const idx = [0, 5, 9][fi] + k;
        const card = pl.garden[idx];
        const enh = pl.enhancements[idx];
        const cx = x0 + k * step + (fi * step) / 2;
        const cy = py + head + (2 - fi) * (ch + 4);
        const posLabel = ctx.t("page.pos", { floor: fi + 1, place: k + 1 });
        const label = !card
          ? ctx.t("page.position-empty", { pos: posLabel })
          : enh
            ? ctx.t("page.position-enhanced", { pos: posLabel, card: name(card), tile: name(enh) })
            : ctx.t("page.position", { pos: posLabel, card: name(card) });
        // the irrigation card's pattern: a blue double frame round the places it marks
        if (irrig.has(pos)) parts.push(rect(cx - 2, cy - 2, cw + 4, ch + 4, { fill: "#cfe1f7", stroke: "#2f6fc4", "stroke-width": 2 }));
        const tip = card ? [help(card), enh ? help(enh) : undefined].filter(Boolean).join(" — ") : undefined;
        parts.push(target(own ? pos : `${p}:${pos}`, label, tip, ...(card ? cardFace(ctx, card, cx, cy, d, enh || undefined) : [hole(cx + 3, cy + 3, cw - 6, ch - 6)]), !card && irrig.has(pos) ? icon("i", cx + cw / 2, cy + ch / 2, 9) : null));
      }
    });
    // a0: floor 1 grows at its left end too (the floor then renumbers)
    if (withA0(p) && pl.garden.slice(0, 5).some(Boolean) && !pl.garden.slice(0, 5).every(Boolean)) {
      const ay = py + head + 2 * (ch + 4);
      parts.push(target("a0", ctx.t("page.left-end"), undefined, hole(px + 12, ay, a0w, ch), text(px + 12 + a0w / 2, ay + ch / 2, "+", { "font-size": 22, fill: "#6b604a" })));
    }
    // gold, tools, gardeners left, and the irrigation card as its pattern on a small pyramid
    const fy = py + ph - 18;
    const line = ctx.t("page.player-line", { gold: pl.gold, tools: pl.tools, irrigation: name(pl.irrigation), gardeners: pl.gardeners });
    const foot: SVGElement[] = [el("title", {}, `${line} — ${help(pl.irrigation) ?? ""}`)];
    foot.push(icon("gold", px + 20, fy, 9), el("text", { x: px + 33, y: fy + 5, "font-size": d.f, "font-weight": 700, fill: INK }, String(pl.gold)));
    foot.push(icon("tools", px + 66, fy, 9), el("text", { x: px + 79, y: fy + 5, "font-size": d.f, "font-weight": 700, fill: INK }, String(pl.tools)));
    for (let k = 0; k < pl.gardeners; k++) foot.push(...pawn(p, px + 116 + k * 20, fy, 8));
    const mini = px + pw - 70;
    floors.forEach(([f, count], fi) => {
      for (let k = 0; k < count; k++) {
        const on = irrig.has(`${f}${k + 1}`);
        foot.push(el("rect", { x: mini + k * 11 + fi * 5.5, y: fy + 6 - (fi + 1) * 9 + 9, width: 10, height: 8, fill: on ? "#2f6fc4" : "#fff", stroke: "#2f6fc4" }));
      }
    });
    foot.push(icon("i", mini - 12, fy, 7));
    parts.push(g({ role: "img", "aria-label": line }, ...foot));
    kids.push(g({ class: "pyramid", "data-owner": String(p) }, ...parts));
  });
  const right = n ? 16 + 2 * ow + 8 + 16 : x;
  const rowW = (j: number) => 16 + pwOf(others[j]) + 16 + (j + 1 < others.length ? pwOf(others[j + 1]) + 16 : 0);
  const W = n ? Math.max(390, 16 + pw + 16, right) : Math.max(x, gardenX + pwOf(main) + 16, ...others.map((_, j) => (j % 2 ? 0 : rowW(j))));
  const H = n ? y0 + players.length * (ph + 16) : Math.max(y0 + Math.ceil(others.length / 2) * (ph + 16), y0);
  if (!n) {
    const root = svgRoot(W, H, ctx.t("page.table"), ...kids);
    // the page may scroll to the prompt, this drawing under it (stepview.ts)
    root.classList.add("follows-step");
    return capped(root);
  }
  // On a phone the sections are bands one under another; the ones the step
  // acts on come first, under the prompt, so that a player does not scroll
  // away from what the prompt asks (a newcomer placing a card saw the
  // market and the objectives, their garden a screen and a half below).
  // Each band runs from its top to the next one's, as drawn in this order.
  const tops: [string, number, number][] = [
    ["market", 0, 0],
    ["piles", at.piles, pilesY - 26],
    ["objectives", at.objectives, objY - 26],
    ["held", at.held, objBottom],
    ["solo", at.solo, held ? heldY + ch + 4 : objBottom],
    ["info", at.info, topH - d.f - 4],
    ...players.map((_, p): [string, number, number] => [`garden${p}`, at.gardens + p, y0 + p * (ph + 16)]),
  ];
  const bands = new Map(tops.map(([k, i, top], j) => [k, { kids: kids.slice(i, tops[j + 1]?.[1] ?? kids.length), top, bottom: tops[j + 1]?.[2] ?? H }]));
  // the garden a step is about: the player's to move (a placing is theirs), else the viewer's
  const focus = v.toMove >= 0 && v.toMove < players.length ? v.toMove : Math.max(0, ctx.seat);
  const mine = ctx.seat >= 0 && ctx.seat < players.length ? ctx.seat : focus;
  const placing = v.phase === "place" || v.phase === "put";
  const first = placing ? ["held", `garden${focus}`] : v.phase === "objective" ? ["objectives", `garden${focus}`] : [];
  // the viewer's own garden leads the gardens
  const gardens = [mine, ...players.map((_, p) => p).filter((p) => p !== mine)].map((p) => `garden${p}`);
  const order = [...first, ...["market", "piles", "objectives", "held", "solo", "info", ...gardens].filter((k) => !first.includes(k))];
  const stacked: SVGElement[] = [];
  let cursor = 0;
  for (const k of order) {
    const b = bands.get(k)!;
    if (!b.kids.length) continue;
    stacked.push(g({ class: `band-${k.replace(/\d+$/, "")}`, transform: `translate(0 ${cursor - b.top})` }, ...b.kids));
    cursor += b.bottom - b.top;
  }
  const root = svgRoot(W, cursor, ctx.t("page.table"), ...stacked);
  // the page may scroll to the prompt, this drawing under it (stepview.ts)
  root.classList.add("follows-step");
  return capped(root);
}

/**
 * Labels of the choices off the drawing: pass and the kinds of move. The
 * left end of floor 1 (a0) is drawn on the garden; its label is for lists.
 */
export function hangingGardensChoice(id: string, _part: string, _v: W.View, ctx: Ctx): Node | string | undefined {
  if (id === "a0") return ctx.t("page.left-end");
  if (id.startsWith("#")) return ctx.t("page.move", { kind: id.slice(1) });
  return undefined;
}
