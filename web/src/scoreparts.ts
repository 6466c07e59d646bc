// The rulebook's scoring example explained line by line (issue 25), on the
// tutorial's score step and on the rules page: the pad beside the drawing,
// each line a button. Selecting a line (a click, a tap, or keyboard focus)
// outlines on the drawing what the line counts — the parts the server
// sends (engine.ScoreParter: the ids the renderer puts in data-id or
// data-part, the points of each) — dims the rest, and writes each part's
// points beside it. Selecting changes nothing else; Escape shows the
// whole drawing again.

import { h } from "./dom";
import type { ScorePart } from "./gen/engine";
import type { LearnLineJSON, LearnScoreJSON } from "./gen/server";
import { type Lang, t } from "./i18n";

const SVGNS = "http://www.w3.org/2000/svg";

/** A pad whose lines show what they count on the drawing drawing() returns. */
export interface PartsPad {
  el: HTMLElement;
  /** apply draws the selection again (after the drawing was redrawn). */
  apply(): void;
}

export function partsPad(score: LearnScoreJSON, lang: Lang, drawing: () => SVGSVGElement | null): PartsPad {
  let selected = -1;
  const said = h("p", { class: "parts-said", "aria-live": "polite" });
  const buttons: HTMLElement[] = [];
  const rows = score.lines.map((l, i) => {
    const b = h("button", { type: "button", class: "pad-line", "aria-pressed": "false", "data-line": String(i) }, l.name);
    b.addEventListener("focus", () => select(i));
    b.addEventListener("click", () => {
      select(i);
      // On a phone the pad fills the screen and the drawing is under it:
      // bring what the line counts into sight (the least scroll that shows it).
      const layer = drawing()?.querySelector(":scope > g.parts-layer");
      const r = layer?.getBoundingClientRect();
      if (layer && r && r.height > 0 && (r.top < 0 || r.bottom > window.innerHeight)) layer.scrollIntoView({ block: "nearest" });
    });
    b.addEventListener("keydown", (e) => {
      if (e.key === "Escape") select(-1);
    });
    buttons.push(b);
    return h("tr", { "data-line": String(i) }, h("th", { scope: "row" }, b), h("td", {}, l.why), h("td", { class: "num" }, String(l.points)));
  });
  const table = h(
    "table",
    { class: "learn-pad parts-pad" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(lang, "learn.category")), h("th", { scope: "col" }, t(lang, "learn.why")), h("th", { scope: "col" }, t(lang, "learn.points")))),
    h("tbody", {}, ...rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "2" }, t(lang, "learn.total")), h("td", { class: "num" }, String(score.total)))),
  );
  // A pad with a drawing sends each line's parts; a line that counts
  // nothing here has none (the wire leaves an empty list out).
  const hasParts = score.lines.some((l) => l.parts !== undefined);
  const partsOf = (l: LearnLineJSON | undefined) => (l && hasParts ? (l.parts ?? []) : undefined);
  const box = h("div", { class: "parts-box" }, hasParts ? h("p", { class: "hint parts-hint" }, t(lang, "learn.parts.hint")) : "", table, said);

  function select(i: number): void {
    selected = i;
    buttons.forEach((b, k) => b.setAttribute("aria-pressed", String(k === i)));
    rows.forEach((r, k) => r.classList.toggle("selected", k === i));
    apply();
    const l = score.lines[i];
    const ps = partsOf(l);
    said.textContent = !l || !ps ? "" : ps.length ? t(lang, "learn.parts.shown", l.name, l.points) : t(lang, "learn.parts.none", l.name);
  }

  function apply(): void {
    const svg = drawing();
    if (!svg) return;
    highlight(svg, partsOf(score.lines[selected]));
  }

  return { el: box, apply };
}

/**
 * highlight outlines a line's parts on svg, dims the rest and writes each
 * part's points beside it; no parts (undefined) clears.
 */
export function highlight(svg: SVGSVGElement, parts: ScorePart[] | undefined): void {
  svg.querySelector(":scope > g.parts-layer")?.remove();
  for (const e of svg.querySelectorAll(".part-on")) e.classList.remove("part-on");
  svg.classList.toggle("parts-dim", !!parts);
  if (!parts) return;
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "parts-layer");
  layer.setAttribute("aria-hidden", "true");
  layer.setAttribute("pointer-events", "none");
  const toSvg = svg.getScreenCTM()?.inverse();
  const box = (e: SVGGraphicsElement): DOMRect | null => {
    const m = e.getScreenCTM();
    if (!toSvg || !m) return null;
    const b = e.getBBox();
    const t = toSvg.multiply(m);
    const p1 = new DOMPoint(b.x, b.y).matrixTransform(t);
    const p2 = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(t);
    return new DOMRect(Math.min(p1.x, p2.x), Math.min(p1.y, p2.y), Math.abs(p2.x - p1.x), Math.abs(p2.y - p1.y));
  };
  // parts naming the same things show once, their points added (two
  // bonus tiles of one kind held, an animal on a card and its tile)
  const byKey = new Map<string, { ids: string[]; points: number }>();
  for (const p of parts) {
    const key = p.ids.join(" ");
    const had = byKey.get(key);
    if (had) had.points += p.points;
    else byKey.set(key, { ids: p.ids, points: p.points });
  }
  const badges: SVGElement[] = [];
  for (const part of byKey.values()) {
    let union: DOMRect | null = null;
    for (const id of part.ids) {
      for (const e of svg.querySelectorAll<SVGGraphicsElement>(`[data-id="${CSS.escape(id)}"], [data-part="${CSS.escape(id)}"]`)) {
        e.classList.add("part-on");
        const b = box(e);
        if (!b) continue;
        layer.append(svgEl("rect", { x: b.x - 2, y: b.y - 2, width: b.width + 4, height: b.height + 4, rx: 4, class: "part-outline" }));
        union = union ? unionOf(union, b) : b;
      }
    }
    if (!union) continue;
    // the points in a pill at the top right of what the part counts
    const s = part.points > 0 ? `+${part.points}` : part.points < 0 ? `−${-part.points}` : "0";
    const w = s.length * 7.5 + 8;
    const x = Math.min(union.x + union.width - w * 0.75, svgWidth(svg) - w - 1);
    const y = Math.max(union.y - 8, 1);
    badges.push(svgEl("g", { class: "part-points" }, svgEl("rect", { x, y, width: w, height: 17, rx: 8.5 }), svgEl("text", { x: x + w / 2, y: y + 9, "text-anchor": "middle", "dominant-baseline": "central" }, s)));
  }
  layer.append(...badges); // over every outline
  svg.append(layer);
}

function unionOf(a: DOMRect, b: DOMRect): DOMRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return new DOMRect(x, y, Math.max(a.right, b.right) - x, Math.max(a.bottom, b.bottom) - y);
}

function svgWidth(svg: SVGSVGElement): number {
  return svg.viewBox.baseVal?.width || svg.getBBox().width;
}

function svgEl(tag: string, attrs: Record<string, string | number>, ...kids: (Node | string)[]): SVGElement {
  const e = document.createElementNS(SVGNS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...kids);
  return e;
}
