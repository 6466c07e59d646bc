// Jardins Anglais (Village Green): the landscape and trophy displays with
// their decks, and each player's village: the village card in the corner,
// the 3×3 landscape cells, the trophy slots above the columns and beside
// the rows, the hand (the viewer's; of others only what is public). Every
// word is a page.<…> message of the game's catalogue
// (games/englishgardens/texts), read with ctx.t.

import { caption, deck, el, g, hue, mark, rect, svgRoot, target, text } from "../svg";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/englishgardens";

const CW = 72; // card width
const CH = 92;
const GAP = 6;

const FEATURE_MARK: Record<string, string> = { pond: "≈", structure: "⌂", trees: "♣" };

function cardFace(ctx: Ctx, c: W.CardView, x: number, y: number, w = CW, h = CH): SVGElement[] {
  if (c.lawn) {
    return [
      rect(x, y, w, h, { fill: "#8fc46a", stroke: "#3f6b2a" }),
      el("path", { d: `M${x + 10} ${y + h - 14}l6 -12l6 12m6 0l6 -14l6 14m6 0l6 -10l6 10`, stroke: "#3f6b2a", fill: "none", "stroke-width": 2 }),
      text(x + w / 2, y + 18, ctx.t("page.lawn"), { "font-size": 12, fill: "#1f3a12" }),
    ];
  }
  const hu = hue(c.colour);
  const out: SVGElement[] = [rect(x, y, w, h, { fill: "#fffdf5", stroke: "#6b5d45" }), el("rect", { x: x + 3, y: y + 3, width: w - 6, height: 26, rx: 4, fill: hu.fill })];
  out.push(mark(hu.mark, x + 14, y + 16, 8, hu.ink));
  out.push(text(x + w / 2 + 8, y + 16, c.flower ? ctx.t("page.flower", { flower: c.flower }) : "", { "font-size": 11, fill: hu.ink, "font-weight": 600 }));
  if (c.feature) {
    out.push(text(x + w / 2, y + 52, FEATURE_MARK[c.feature] ?? "?", { "font-size": 26, fill: "#4a5d3a" }));
    out.push(text(x + w / 2, y + h - 12, ctx.t("page.feature", { feature: c.feature }), { "font-size": 10, fill: "#555" }));
  } else if (c.trees?.length) {
    (c.trees ?? []).forEach((t, i) => {
      const tx = x + w / 2 + (i - ((c.trees?.length ?? 0) - 1) / 2) * 22;
      out.push(el("path", { d: treePath(t, tx, y + 54), fill: t === "willow" ? "#7fae5a" : t === "birch" ? "#c7d98e" : "#2f6b2a", stroke: "#223", "stroke-width": 1 }));
      out.push(text(tx, y + 76, ctx.t("page.tree-initial", { tree: t }), { "font-size": 10, fill: "#333" }));
    });
  }
  return out;
}

/** Three tree silhouettes that differ by shape, not only colour: oak round, birch narrow, willow drooping. */
function treePath(t: string, x: number, y: number): string {
  if (t === "birch") return `M${x} ${y - 16}L${x + 6} ${y + 8}H${x - 6}Z`;
  if (t === "willow") return `M${x - 9} ${y + 8}Q${x - 10} ${y - 14} ${x} ${y - 14}Q${x + 10} ${y - 14} ${x + 9} ${y + 8}L${x + 4} ${y - 4}L${x} ${y + 8}L${x - 4} ${y - 4}Z`;
  return `M${x} ${y + 8}a10 10 0 1 1 0.1 0Z`;
}

function trophyFace(ctx: Ctx, tr0: W.TrophyView, x: number, y: number, w = CW, h = CH): SVGElement[] {
  const name = ctx.comp(tr0.id)?.name ?? "";
  const words = wrap(name, 11).slice(0, 4);
  return [
    rect(x, y, w, h, { fill: "#fff4d6", stroke: "#b08a2e" }),
    mark("star", x + w / 2, y + 16, 10, "#d4a017"),
    text(x + w / 2, y + 34, `#${tr0.n}`, { "font-size": 11, fill: "#7a5a00", "font-weight": 700 }),
    ...words.map((s, i) => text(x + w / 2, y + 50 + i * 11, s, { "font-size": 9, fill: "#3a2e00" })),
  ];
}

function wrap(s: string, n: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of s.split(/\s+/)) {
    if (cur && (cur + " " + w).length > n) {
      out.push(cur);
      cur = w;
    } else cur = cur ? cur + " " + w : w;
  }
  if (cur) out.push(cur);
  return out;
}

function nameOf(ctx: Ctx, c: W.CardView | W.TrophyView): string {
  return ctx.comp(c.id)?.name ?? "";
}

export function drawEnglishGardens(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  // displays
  let x = 16;
  const y = 34;
  kids.push(caption(16, 22, ctx.t("page.land-display.caption")));
  kids.push(target(v.landDeck.id, ctx.t("page.land-deck.count", { n: v.landDeck.count }), ctx.comp(v.landDeck.id)?.help, deck(x, y, CW, CH, v.landDeck.count, ctx.t("page.land-deck"))));
  x += CW + 16;
  const landSlots = slotsOf(v.landDisplay).map((s, i) =>
    target(s.id, s.card ? nameOf(ctx, s.card) : ctx.t("page.display-slot.empty", { n: i + 1 }), s.card ? ctx.comp(s.card.id)?.help : undefined, ...(s.card ? cardFace(ctx, s.card, x + i * (CW + GAP), y) : [rect(x + i * (CW + GAP), y, CW, CH, { fill: "none", stroke: "#aaa", "stroke-dasharray": "4 3" })])),
  );
  // The display as a whole (a refresh names it) is the band under its cards:
  // a sibling of the cards, never their parent, so that no button holds another.
  kids.push(displayBand(v.landDisplay.id ?? "land-display", ctx.t("page.land-display"), ctx, x, y));
  kids.push(...landSlots);
  x += 3 * (CW + GAP) + 24;
  // On a phone the trophies go under the landscapes (the drawing then is
  // as wide as a village, not two); the card to place stays beside them.
  const landW = x;
  let ty = y;
  if (ctx.narrow) {
    x = 16;
    ty = y + CH + 60;
  }
  kids.push(caption(x, ty - 12, ctx.t("page.trophies.caption")));
  kids.push(target(v.trophyDeck.id, ctx.t("page.trophy-deck.count", { n: v.trophyDeck.count }), ctx.comp(v.trophyDeck.id)?.help, deck(x, ty, CW, CH, v.trophyDeck.count, ctx.t("page.trophy-deck"))));
  x += CW + 16;
  const trophySlots = slotsOf(v.trophyDisplay).map((s, i) =>
    target(s.id, s.trophy ? nameOf(ctx, s.trophy) : ctx.t("page.display-slot.empty", { n: i + 1 }), s.trophy ? ctx.comp(s.trophy.id)?.help : undefined, ...(s.trophy ? trophyFace(ctx, s.trophy, x + i * (CW + GAP), ty) : [rect(x + i * (CW + GAP), ty, CW, CH, { fill: "none", stroke: "#aaa", "stroke-dasharray": "4 3" })])),
  );
  kids.push(displayBand(v.trophyDisplay.id ?? "trophy-display", ctx.t("page.trophy-display"), ctx, x, ty));
  kids.push(...trophySlots);
  x += 3 * (CW + GAP) + 16;
  if (v.held) {
    kids.push(caption(x, ty - 12, ctx.t("page.to-place")));
    kids.push(target(v.held.id, nameOf(ctx, v.held), ctx.comp(v.held.id)?.help, ...trophyFace(ctx, v.held, x, ty)));
  }
  const topW = ctx.narrow ? Math.max(landW, x + CW + 16, 16 + 470 + 16) : Math.max(x + CW + 16, 16 + 2 * 470 + 12 + 16);

  // villages, two per row
  const PW = 470;
  const PH = 4 * (CH + GAP) + 120;
  const villages: W.VillageView[] = v.villages ?? [];
  villages.forEach((vil, i) => {
    const per = ctx.narrow ? 1 : 2;
    const px = 16 + (i % per) * (PW + 12);
    const py = ty + CH + 40 + Math.floor(i / per) * (PH + 12);
    const turn = v.toMove === vil.seat;
    const parts: SVGElement[] = [
      rect(px, py, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("text", { x: px + 12, y: py + 22, class: "seat-name" }, vil.seat === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, vil.seat) }) : seatName(ctx, vil.seat)),
      el("text", { x: px + PW - 12, y: py + 22, "text-anchor": "end", class: "score" }, String(vil.score)),
    ];
    const gx = px + 12;
    const gy = py + 34;
    // village card in the corner, trophy slots c1..c3 above the columns, r1..r3 right of the rows
    const vc = vil.village;
    const vname = ctx.comp(vc.id)?.name ?? "";
    const vlabel = ctx.t("page.village", { name: vname, side: vc.faceUp ? "up" : "down" });
    parts.push(target(vc.id, vlabel, ctx.comp(vc.id)?.help, rect(gx, gy, CW, CH, { fill: vc.faceUp ? "#e8dcc0" : "#9c8566", stroke: "#6b5d45" }), text(gx + CW / 2, gy + CH / 2 - 8, "⌂", { "font-size": 24 }), ...wrap(vname, 11).slice(0, 2).map((s, k) => text(gx + CW / 2, gy + CH / 2 + 16 + k * 11, s, { "font-size": 9 }))));
    const slot = (id: string, sx: number, sy: number) => {
      const st = vil.trophies.find((t) => t.id === id);
      const top = st?.stack?.[st.stack.length - 1];
      // c1..c3 score a column, r1..r3 a row; the empty slot shows an arrow
      // towards its line, not its id.
      const place = ctx.t(id[0] === "c" ? "page.slot.column" : "page.slot.row", { n: Number(id.slice(1)) });
      const label = ctx.t("page.named", { place, name: top ? nameOf(ctx, top) : ctx.t("page.empty") });
      return target(`${id}`, label, top ? ctx.comp(top.id)?.help : undefined, ...(top ? trophyFace(ctx, top, sx, sy) : [rect(sx, sy, CW, CH, { fill: "#f6f1e4", stroke: "#c9bfa6", "stroke-dasharray": "4 3" }), text(sx + CW / 2, sy + CH / 2, id[0] === "c" ? "↓" : "→", { fill: "#a99", "font-size": 16 })]), st && st.stack.length > 1 ? text(sx + CW - 10, sy + 10, `×${st.stack.length}`, { "font-size": 10 }) : null);
    };
    for (let c = 0; c < 3; c++) parts.push(ownSlot(vil, ctx, slot(`c${c + 1}`, gx + (c + 1) * (CW + GAP), gy)));
    for (let r = 0; r < 3; r++) {
      parts.push(ownSlot(vil, ctx, slot(`r${r + 1}`, gx, gy + (r + 1) * (CH + GAP))));
      for (let c = 0; c < 3; c++) {
        const cell = vil.cells[r * 3 + c];
        const cx = gx + (c + 1) * (CW + GAP);
        const cy = gy + (r + 1) * (CH + GAP);
        const top = cell.stack[cell.stack.length - 1];
        const place = ctx.t("page.cell", { row: r + 1, col: c + 1 });
        const what = !top ? ctx.t("page.empty") : cell.stack.length > 1 ? ctx.t("page.stack", { name: nameOf(ctx, top), n: cell.stack.length }) : nameOf(ctx, top);
        const label = ctx.t("page.named", { place, name: what });
        const id = vil.seat === ctx.seat ? cell.id : `${vil.seat}:${cell.id}`;
        parts.push(target(id, label, top ? ctx.comp(top.id)?.help : undefined, ...(top ? cardFace(ctx, top, cx, cy) : [rect(cx, cy, CW, CH, { fill: "#eef2e2", stroke: "#b9c29f" })]), cell.stack.length > 1 ? text(cx + CW - 10, cy + CH - 8, `×${cell.stack.length}`, { "font-size": 10 }) : null));
      }
    }
    // hand
    const hx = gx + 4 * (CW + GAP) + 8;
    parts.push(el("text", { x: hx, y: gy + 10, class: "small" }, ctx.t("page.hand", { n: vil.handSize })));
    // Hand cards are drawn small and side by side in rows of two, so
    // that none covers another (each is a target of its own).
    vil.hand.forEach((slot, k) => {
      const sx = hx + (k % 2) * (CW / 1.5 + 6);
      const sy = gy + 18 + Math.floor(k / 2) * (CH / 1.5 + 6);
      const face = (c: W.CardView) => g({ transform: `translate(${sx} ${sy}) scale(${1 / 1.5})` }, ...cardFace(ctx, c, 0, 0, CW, CH));
      if (slot.card && vil.seat === ctx.seat) {
        parts.push(target(slot.id, nameOf(ctx, slot.card), ctx.comp(slot.card.id)?.help, rect(sx, sy, CW / 1.5, CH / 1.5, { fill: "transparent", stroke: "none" }), face(slot.card)));
      } else if (slot.card) {
        parts.push(face(slot.card));
      } else {
        parts.push(g({ role: "img", "aria-label": ctx.t("page.face-down") }, rect(sx, sy, CW / 1.5, CH / 1.5, { fill: "#9c8566", stroke: "#4a3f33" })));
      }
    });
    parts.push(el("text", { x: gx, y: py + PH - 10, class: "small" }, ctx.t("page.village-stats", { discards: vil.discards, visible: vil.visible })));
    kids.push(g({ class: "village" }, ...parts));
  });
  const rows = Math.ceil(villages.length / (ctx.narrow ? 1 : 2));
  const H = ty + CH + 40 + rows * (PH + 12) + 8;
  return svgRoot(topW, H, ctx.t("page.table"), ...kids);
}

/** A display is {id, slots} (an older view gave the slots alone). */
function slotsOf<S>(d: { slots: S[] } | S[] | undefined): S[] {
  return Array.isArray(d) ? d : (d?.slots ?? []);
}

function displayBand(id: string, name: string, ctx: Ctx, x: number, y: number): SVGGElement {
  const w = 3 * (CW + GAP) - GAP;
  return target(id, name, ctx.comp(id)?.help, rect(x, y + CH + 4, w, 18, { fill: "#efe9da", stroke: "#c9bfa6" }), text(x + w / 2, y + CH + 13, "⟳ " + name, { "font-size": 10, fill: "#555" }));
}

/** Trophy slots are named by their bare id only in the viewer's own village. */
function ownSlot(vil: W.VillageView, ctx: Ctx, e: SVGGElement): SVGGElement {
  if (vil.seat !== ctx.seat) e.setAttribute("data-id", `${vil.seat}:${e.getAttribute("data-id")}`);
  return e;
}

/**
 * englishGardensChoice words a choice that is not on the drawing: a kind of
 * move (special action 2, discard, declare the game over, pass) by its
 * page.move.<kind> message, never its id.
 */
export function englishGardensChoice(id: string, part: string, _v: W.View, ctx: Ctx): string | undefined {
  if (part === "kind" && id.startsWith("#")) return ctx.t("page.move." + id.slice(1));
  return undefined;
}
