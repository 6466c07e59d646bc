// Shared SVG primitives for the game renderers: elements, cards, tiles,
// grids, pawns, tokens and the colour-blind-safe marks that go with every
// colour. Renderers are pure functions of a view: they build elements and
// tag the ones a move can name with data-id (the view's id), and the table
// page makes the legal ones clickable.

import { textWidth } from "./textwidth";

export const NS = "http://www.w3.org/2000/svg";

export type Attrs = Record<string, string | number | boolean | null | undefined>;
export type Child = Node | string | null | undefined | false | Child[];

export function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...kids: Child[]): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
  append(e, kids);
  return e;
}

function append(e: Element, kids: Child[]): void {
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    if (Array.isArray(k)) append(e, k);
    else e.append(k);
  }
}

export const g = (attrs: Attrs, ...kids: Child[]) => el("g", attrs, ...kids);

/** A tooltip and accessible description for the element it is put in. */
export const tip = (text: string) => el("title", {}, text);

export function text(x: number, y: number, s: string | number, attrs: Attrs = {}): SVGTextElement {
  return el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, String(s));
}

export function svgRoot(w: number, h: number, label: string, ...kids: Child[]): SVGSVGElement {
  // role=group, not img: the drawing holds buttons (the legal targets).
  return el("svg", { viewBox: `0 0 ${w} ${h}`, role: "group", "aria-label": label, class: "board", width: w, height: h }, ...kids);
}

/**
 * A thing a move can name: a group with data-id, its name for screen
 * readers and a tooltip with what it does. The table page turns the legal
 * ones into buttons (role, tabindex, highlight).
 */
export function target(id: string, name: string, help: string | undefined, ...kids: Child[]): SVGGElement {
  const e = g({ "data-id": id, "data-name": name, class: "thing" }, tip(help ? `${name} — ${help}` : name), ...kids);
  // The first shape is the one outlined when the thing is a target.
  for (const k of e.children) {
    if (k.tagName !== "title") {
      k.classList.add("hl");
      break;
    }
  }
  return e;
}

// Colours with a second cue. Every colour a game uses maps to a fill and a
// mark shape, so that no information rests on colour alone.
export type Mark = "circle" | "square" | "triangle" | "diamond" | "star" | "hexagon" | "cross" | "ring" | "plus" | "heart" | "drop" | "leaf";

export interface Hue {
  fill: string;
  ink: string; // readable text/mark colour on fill
  mark: Mark;
}

export const HUES: Record<string, Hue> = {
  red: { fill: "#d94f45", ink: "#fff", mark: "heart" },
  pink: { fill: "#f08bb5", ink: "#3a1020", mark: "heart" },
  orange: { fill: "#f0913a", ink: "#2b1600", mark: "triangle" },
  yellow: { fill: "#f4d03f", ink: "#3a2e00", mark: "star" },
  green: { fill: "#5aa354", ink: "#fff", mark: "leaf" },
  blue: { fill: "#4a7fd0", ink: "#fff", mark: "drop" },
  purple: { fill: "#8a5cc2", ink: "#fff", mark: "diamond" },
  violet: { fill: "#8a5cc2", ink: "#fff", mark: "diamond" },
  white: { fill: "#f6f4ee", ink: "#333", mark: "circle" },
  black: { fill: "#3b3b3b", ink: "#fff", mark: "square" },
  grey: { fill: "#9a9a9a", ink: "#111", mark: "hexagon" },
  gray: { fill: "#9a9a9a", ink: "#111", mark: "hexagon" },
  brown: { fill: "#8b5a2b", ink: "#fff", mark: "square" },
  teal: { fill: "#2aa198", ink: "#fff", mark: "plus" },
};

export function hue(name: string | undefined): Hue {
  return (name && HUES[name.toLowerCase()]) || { fill: "#ccc", ink: "#222", mark: "ring" };
}

/** A small symbol centred on (x, y) with radius r. */
export function mark(m: Mark, x: number, y: number, r: number, fill: string, stroke = "none"): SVGElement {
  const a = { fill, stroke, "stroke-width": r / 5 };
  switch (m) {
    case "circle":
      return el("circle", { cx: x, cy: y, r: r * 0.8, ...a });
    case "ring":
      return el("circle", { cx: x, cy: y, r: r * 0.7, fill: "none", stroke: fill, "stroke-width": r / 3 });
    case "square":
      return el("rect", { x: x - r * 0.7, y: y - r * 0.7, width: r * 1.4, height: r * 1.4, ...a });
    case "triangle":
      return poly([[x, y - r], [x + r * 0.9, y + r * 0.7], [x - r * 0.9, y + r * 0.7]], a);
    case "diamond":
      return poly([[x, y - r], [x + r * 0.8, y], [x, y + r], [x - r * 0.8, y]], a);
    case "hexagon":
      return poly([0, 1, 2, 3, 4, 5].map((i) => [x + r * 0.85 * Math.cos((Math.PI / 3) * i), y + r * 0.85 * Math.sin((Math.PI / 3) * i)]), a);
    case "star": {
      const pts: number[][] = [];
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 ? r * 0.42 : r;
        const ang = -Math.PI / 2 + (Math.PI / 5) * i;
        pts.push([x + rr * Math.cos(ang), y + rr * Math.sin(ang)]);
      }
      return poly(pts, a);
    }
    case "cross":
      return el("path", { d: `M${x - r * 0.7} ${y - r * 0.7}L${x + r * 0.7} ${y + r * 0.7}M${x + r * 0.7} ${y - r * 0.7}L${x - r * 0.7} ${y + r * 0.7}`, stroke: fill, "stroke-width": r / 2.5, fill: "none" });
    case "plus":
      return el("path", { d: `M${x - r * 0.8} ${y}H${x + r * 0.8}M${x} ${y - r * 0.8}V${y + r * 0.8}`, stroke: fill, "stroke-width": r / 2.5, fill: "none" });
    case "heart":
      return el("path", {
        d: `M${x} ${y + r * 0.8}C${x - r * 1.2} ${y - r * 0.1} ${x - r * 0.6} ${y - r * 1.1} ${x} ${y - r * 0.35}C${x + r * 0.6} ${y - r * 1.1} ${x + r * 1.2} ${y - r * 0.1} ${x} ${y + r * 0.8}Z`,
        ...a,
      });
    case "drop":
      return el("path", { d: `M${x} ${y - r}C${x + r * 0.3} ${y - r * 0.4} ${x + r * 0.8} ${y} ${x + r * 0.8} ${y + r * 0.3}A${r * 0.8} ${r * 0.7} 0 0 1 ${x - r * 0.8} ${y + r * 0.3}C${x - r * 0.8} ${y} ${x - r * 0.3} ${y - r * 0.4} ${x} ${y - r}Z`, ...a });
    case "leaf":
      return el("path", { d: `M${x - r * 0.8} ${y + r * 0.8}Q${x - r * 0.8} ${y - r * 0.8} ${x + r * 0.8} ${y - r * 0.8}Q${x + r * 0.8} ${y + r * 0.8} ${x - r * 0.8} ${y + r * 0.8}Z`, ...a });
  }
}

function poly(pts: number[][], a: Attrs): SVGPolygonElement {
  return el("polygon", { points: pts.map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" "), ...a });
}

/** A rounded rectangle: cards, tiles, panels. */
export function rect(x: number, y: number, w: number, h: number, attrs: Attrs = {}): SVGRectElement {
  return el("rect", { x, y, width: w, height: h, rx: Math.min(w, h) * 0.08, ...attrs });
}

/** A face-down card or a deck with its count. */
export function deck(x: number, y: number, w: number, h: number, count: number, label: string): SVGGElement {
  return g(
    { class: "deck", role: "img", "aria-label": `${label}: ${count}` },
    tip(`${label}: ${count}`),
    count > 1 ? rect(x + 4, y + 4, w, h, { fill: "#7a6a55", stroke: "#4a3f33" }) : null,
    rect(x, y, w, h, { fill: count ? "#9c8566" : "none", stroke: "#4a3f33", "stroke-dasharray": count ? null : "4 3" }),
    el("path", { d: `M${x + 6} ${y + 6}l${w - 12} ${h - 12}M${x + w - 6} ${y + 6}l${-(w - 12)} ${h - 12}`, stroke: "#bba98c", "stroke-width": 2, fill: "none", opacity: count ? 1 : 0 }),
    text(x + w / 2, y + h + 14, count, { class: "count" }),
  );
}

/** A pawn: a disc with the colour's mark and an optional letter. */
export function pawn(x: number, y: number, r: number, colour: string, letter = ""): SVGGElement {
  const h = hue(colour);
  return g(
    { class: "pawn" },
    el("circle", { cx: x, cy: y, r, fill: h.fill, stroke: "#222", "stroke-width": 2 }),
    letter ? text(x, y, letter, { fill: h.ink, "font-size": r * 1.1, "font-weight": 700 }) : mark(h.mark, x, y, r * 0.55, h.ink),
  );
}

/** A square cell of a grid, optionally a target. */
export function cell(x: number, y: number, size: number, attrs: Attrs = {}): SVGRectElement {
  return el("rect", { x, y, width: size, height: size, fill: "#f2ecd9", stroke: "#b9ad8f", "stroke-width": 1, ...attrs });
}

/** A label above a panel. */
export function caption(x: number, y: number, s: string, attrs: Attrs = {}): SVGTextElement {
  return el("text", { x, y, class: "caption", ...attrs }, s);
}

/**
 * wrapLines breaks s at spaces into lines that fit width px at font size
 * px and weight, measured in the page's font (textwidth.ts), with a
 * little room to spare for rounding. A word longer than a line stays
 * whole on its own line.
 */
export function wrapLines(s: string, width: number, size: number, weight = 400): string[] {
  const fits = (line: string) => textWidth(line, size, weight) <= width - 1;
  const out: string[] = [];
  let cur = "";
  // French puts a space before ":" and ";": such a mark stays with the word
  // before it. The catalogues' French spaces are no-break ones (U+00A0,
  // U+202F), which JavaScript's \s matches: only ordinary spaces break.
  const words: string[] = [];
  for (const w of s.split(/[ \t\n\r]+/).filter(Boolean)) {
    if (words.length && /^[:;!?»]/.test(w)) words[words.length - 1] += ` ${w}`;
    else words.push(w);
  }
  for (const w of words) {
    if (cur && !fits(`${cur} ${w}`)) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur || !out.length) out.push(cur);
  return out;
}
