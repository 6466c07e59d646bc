// Der Prestel Schlossgarten: the 7×7 garden of landscape tiles (1–3 points),
// excavations, garden elements and the three pawns of each colour; each
// seat's elements (a legend of the six, those on the board faded), collected
// tiles and score; the deck, the played card and the viewer's hand, each card
// drawn as the figure it asks for (king, gardener and architect in their
// places on a 3×3 grid), never as its number.

import { el, g, hue, type Mark, mark, rect, svgRoot, target, text, wrapLines } from "../svg";
import type { Ctx } from "./types";
import type * as W from "../gen/schlossgarten";

// Every word is a page.<…> message of the game's catalogue (ctx.t), or a
// component's name: "pool:red" is "the red pool", "king:blue" "the blue king".

/** A pawn's letter on its disc: page.letter.king is K, R in French. */
const letter = (ctx: Ctx, kind: string) => ctx.t(`page.letter.${kind}`);

/** Short label of an element (page.short.<element>). */
const short = (ctx: Ctx, e: string) => ctx.t(`page.short.${e}`);

/**
 * fit sizes a one-line label to width px: size when it fits, else smaller
 * down to floor, and at the floor the glyphs are pressed together rather
 * than the word cut. The width of a character is estimated at 0.58 em
 * (0.62 bold), wide enough for German capitals and French accents.
 */
function fit(label: string, width: number, size: number, floor: number, bold = false): Record<string, string | number> {
  const em = bold ? 0.62 : 0.58;
  const need = (s: number) => label.length * s * em;
  if (need(size) <= width) return { "font-size": size };
  const s = Math.max(floor, Math.floor((width / (label.length * em)) * 10) / 10);
  return need(s) <= width ? { "font-size": s } : { "font-size": floor, textLength: width, lengthAdjust: "spacingAndGlyphs" };
}

/**
 * Fills of the pawns on a card's figure: no seat's colour (the gardener and
 * the architect may be anyone's, the king is the player's own), the letter
 * says which pawn, the king's ring is thicker.
 */
const FIG = { king: "#ffffff", gardener: "#e4e4e4", architect: "#e4e4e4" } as const;

/**
 * A pictogram of an element kind centred on (x, y) in a box of size s, drawn
 * in ink: hedges as bushes, the labyrinth as a spiral path, the column, the
 * pool's waves, the terrace's steps. With the owner's mark and the kind's name
 * in the legend, a square of the board is read without hovering.
 */
function picto(e: string, x: number, y: number, s: number, ink: string): SVGElement {
  const r = s / 2;
  const line = { fill: "none", stroke: ink, "stroke-width": Math.max(1.5, s / 12), "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (e) {
    case "hedge1":
    case "hedge2":
      return g({}, el("circle", { cx: x - r * 0.45, cy: y + r * 0.1, r: r * 0.42, fill: ink }), el("circle", { cx: x + r * 0.45, cy: y + r * 0.1, r: r * 0.42, fill: ink }), el("circle", { cx: x, cy: y - r * 0.35, r: r * 0.45, fill: ink }), el("path", { d: `M${x - r} ${y + r * 0.75}H${x + r}`, ...line }));
    case "labyrinth":
      return el("path", { d: `M${x - r} ${y + r}V${y - r}H${x + r}V${y + r}H${x - r * 0.5}V${y - r * 0.5}H${x + r * 0.5}V${y + r * 0.5}H${x}V${y}`, ...line });
    case "column":
      return el("path", { d: `M${x - r * 0.6} ${y - r}H${x + r * 0.6}M${x - r * 0.6} ${y + r}H${x + r * 0.6}M${x - r * 0.3} ${y - r}V${y + r}M${x + r * 0.3} ${y - r}V${y + r}`, ...line });
    case "pool":
      return el("path", { d: [-0.45, 0.2, 0.85].map((dy) => `M${x - r} ${y + r * dy}q${r / 2} ${-r * 0.4} ${r} 0t${r} 0`).join(""), ...line });
    default: // terrace
      return el("path", { d: `M${x - r} ${y + r}V${y + r * 0.33}H${x - r * 0.33}V${y - r * 0.33}H${x + r * 0.33}V${y - r}H${x + r}V${y + r}Z`, ...line });
  }
}

/**
 * colour is a seat colour's fill and ink for this drawing: the shared
 * palette's, with red and blue a shade deeper, so that their white letters
 * and names contrast 4.5:1 or more (the shared fills give 4.0).
 */
function colour(name: string | undefined): { fill: string; ink: string; mark: Mark } {
  const h = hue(name);
  const deep: Record<string, string> = { red: "#c0392b", blue: "#2f6bc4" };
  return { ...h, fill: deep[name ?? ""] ?? h.fill };
}

/** A pawn: a disc of its colour with its letter (page.letter.<kind>). */
function pawn(x: number, y: number, r: number, col: string, letter: string): SVGElement {
  const h = colour(col);
  return g({ class: "pawn" }, el("circle", { cx: x, cy: y, r, fill: h.fill, stroke: "#222", "stroke-width": 2 }), text(x, y, letter, { fill: h.ink, "font-size": r * 1.1, "font-weight": 700 }));
}

/** The element kinds in the order of the seat's legend: the gardener's three, then the architect's. */
const KINDS: { id: string; builder: string }[] = [
  { id: "hedge1", builder: "gardener" },
  { id: "hedge2", builder: "gardener" },
  { id: "labyrinth", builder: "gardener" },
  { id: "column", builder: "architect" },
  { id: "pool", builder: "architect" },
  { id: "terrace", builder: "architect" },
];

export function drawSchlossgarten(v: W.View, ctx: Ctx): SVGSVGElement {
  const narrow = ctx.narrow;
  // On a phone the drawing is about as wide as the screen (350 units shown
  // in about 350 px), so that a unit is a CSS pixel and 13-unit text is 13 px.
  const C = narrow ? 46 : 60;
  const X0 = 16; // room for the row numbers
  const Y0 = 40; // the caption, then the column numbers
  const F = narrow ? 14 : 13; // smallest text, less one: 12 units shown at 11.4 px on a desktop, 13 at 12.9 on a phone
  const n = v.board.length;
  const boardW = n * C;
  const seats: W.PlayerView[] = v.seats ?? [];
  const PW = narrow ? boardW : 300; // seat panel width
  const side = narrow ? X0 : X0 + boardW + 24;
  const W = narrow ? X0 + boardW + 12 : side + PW + 12;
  const kids: SVGElement[] = [el("text", { x: X0, y: 16, class: "caption" }, ctx.t("page.garden"))];
  // The axes numbered as the log names squares ("column 3, row 4",
  // cell.square): from 1, as people count (the notation's "2,3").
  for (let i = 0; i < n; i++) {
    kids.push(text(X0 + i * C + C / 2, Y0 - 9, i + 1, { "font-size": F - 1, fill: "#555" }));
    kids.push(text(X0 / 2, Y0 + i * C + C / 2, i + 1, { "font-size": F - 1, fill: "#555" }));
  }
  const pawns: SVGElement[] = [];
  const outlines: string[] = [];
  const moverColour: string | undefined = seats[v.toMove]?.color;
  const elemAt = (x: number, y: number) => {
    const sq = v.board[y]?.[x];
    return sq?.element ? `${sq.element}:${sq.owner}` : "";
  };

  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const sq = v.board[y][x];
      const px = X0 + x * C;
      const py = Y0 + y * C;
      const id: string = sq.id ?? `${x},${y}`;
      const parts: (SVGElement | null)[] = [];
      let name: string;
      if (sq.element) {
        const h = colour(sq.owner);
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: h.fill, stroke: h.fill }));
        parts.push(mark(h.mark, px + 10, py + 10, 6, h.ink));
        parts.push(picto(sq.element, px + C / 2, py + C / 2 + 2, C * 0.45, h.ink));
        name = ctx.comp(`${sq.element}:${sq.owner}`)?.name ?? short(ctx, sq.element);
        // The element's outline: the edges its neighbours do not share.
        const me = elemAt(x, y);
        if (elemAt(x, y - 1) !== me) outlines.push(`M${px} ${py}h${C}`);
        if (elemAt(x, y + 1) !== me) outlines.push(`M${px} ${py + C}h${C}`);
        if (elemAt(x - 1, y) !== me) outlines.push(`M${px} ${py}v${C}`);
        if (elemAt(x + 1, y) !== me) outlines.push(`M${px + C} ${py}v${C}`);
      } else if (sq.pit) {
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: "#6b4a2b", stroke: "#3d2a18" }));
        // the hatching keeps clear of the top-right corner, where the points are
        // written: the digit's ground is then the square, not the hatching's box
        parts.push(el("path", { d: `M${px + 6} ${py + C - 6}L${px + C - 20} ${py + 20}M${px + 6} ${py + C / 2}L${px + C / 2} ${py + 6}`, stroke: "#8f6a44", "stroke-width": 3 }));
        parts.push(text(px + C - 9, py + 11, sq.tile, { "font-size": F, fill: "#fff", "font-weight": 700 }));
        name = ctx.t("page.pit", { n: sq.tile });
      } else if (sq.tile) {
        const shade = ["#eef4e0", "#cfe2b0", "#a9cd86"][sq.tile - 1] ?? "#eee";
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: shade, stroke: "#8ea26f" }));
        // points in the top corners, clear of a pawn in the middle
        for (let i = 0; i < sq.tile; i++) parts.push(el("circle", { cx: px + 8 + i * 7, cy: py + 8, r: 2.8, fill: "#4d6b2f" }));
        parts.push(text(px + C - 9, py + 11, sq.tile, { "font-size": F, fill: "#2f4419", "font-weight": 700 }));
        name = ctx.t("page.tile", { n: sq.tile });
      } else {
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: "#f7f3ea", stroke: "#ccc" }));
        name = ctx.t("page.empty");
      }
      let pawnEl: SVGElement | null = null;
      if (sq.pawn) {
        const pname = ctx.comp(`${sq.pawn}:${sq.pawnOf}`)?.name ?? ctx.comp(sq.pawn)?.name ?? "";
        name = ctx.t("page.square.pawn", { ground: name, pawn: pname });
        // The mover's own pawns are named by their kind alone, as the
        // move descriptions name them ("pawn": "king", "worker": "gardener").
        const pid = sq.pawnOf === moverColour ? sq.pawn : `${sq.pawn}:${sq.pawnOf}`;
        const r = C * 0.26;
        const cy = py + C / 2 + 4;
        pawnEl = target(pid, pname, ctx.comp(sq.pawn)?.help, el("circle", { cx: px + C / 2, cy: py + C / 2, r: C / 2 - 2, fill: "transparent", stroke: "none" }), pawn(px + C / 2, cy, r, sq.pawnOf ?? "", letter(ctx, sq.pawn)));
      }
      const ground = ctx.comp(sq.ground ?? "");
      // page.square names the square as the log does (cell.square), in its own words: ctx.t reads page.* only
      kids.push(target(id, ctx.t("page.square", { col: x + 1, row: y + 1, what: name }), ground?.help, ...parts));
      if (pawnEl) pawns.push(pawnEl);
    }
  }
  if (outlines.length) kids.push(el("path", { d: outlines.join(""), stroke: "#222", "stroke-width": 3, fill: "none", "pointer-events": "none" }));
  kids.push(...pawns);

  // The cards: deck, the played card, the struck subject, the viewer's hand.
  const S = 20; // a card: its figure on a 3×3 grid of S-unit squares
  const CW = 3 * S + 10;
  const CH = 3 * S + 12;
  const DW = narrow ? 40 : 48; // the deck
  // On a phone the cards go under the board; on a desktop at the top of the
  // side column, beside the board and over the seats' panels: under the
  // board they were below a 900 px screen's bottom, and a newcomer told to
  // play a card saw none.
  let y = narrow ? Y0 + boardW + 14 : Y0 - 8;
  const labelY = y + 8;
  y += 18;
  const cardsRow: SVGElement[] = [];
  const deckX = narrow ? X0 : side;
  cardsRow.push(
    g({ role: "img", "aria-label": ctx.t("page.deck.count", { n: v.deck }) }, el("title", {}, ctx.t("page.deck.count", { n: v.deck })),
      // both cards dark enough for the white count (6.6:1 and more): the one
      // under it is as large as the top one, and the count's ground is either
      v.deck > 1 ? rect(deckX + 4, y + 4, DW, CH - 8, { fill: "#4f4030", stroke: "#2e251b" }) : null,
      rect(deckX, y, DW, CH - 8, { fill: v.deck ? "#6e5a40" : "none", stroke: "#4a3f33", "stroke-dasharray": v.deck ? null : "4 3" }),
      text(deckX + DW / 2, y + (CH - 8) / 2, v.deck, { "font-size": F + 4, "font-weight": 700, fill: v.deck ? "#fff" : "#555" })),
    el("text", { x: deckX, y: labelY, fill: "#444", ...fit(ctx.t("page.deck"), DW + 10, F, F - 1) }, ctx.t("page.deck")),
  );
  const figure = (id: string) => (v.cards ?? []).find((c) => c.id === id);
  const cardAt = (id: string, x: number, played: boolean) => {
    const comp = ctx.comp(id);
    const name = comp?.name ?? "";
    const f = figure(id);
    const body: SVGElement[] = [rect(x, y, CW, CH, { fill: "#fffdf5", stroke: "#555", "stroke-width": 1.5 })];
    if (f) {
      const pts: [string, number[]][] = [["king", [0, 0]], ["gardener", f.gardener], ["architect", f.architect]];
      const xs = pts.map((p) => p[1][0]);
      const ys = pts.map((p) => p[1][1]);
      const ox = Math.min(...xs);
      const oy = Math.min(...ys);
      // centre the figure's box on the 3×3 grid
      const gx = x + (CW - 3 * S) / 2 + ((3 - (Math.max(...xs) - ox + 1)) * S) / 2;
      const gy = y + (CH - 3 * S) / 2 + ((3 - (Math.max(...ys) - oy + 1)) * S) / 2;
      const bx = x + (CW - 3 * S) / 2;
      const by = y + (CH - 3 * S) / 2;
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) body.push(el("rect", { x: bx + i * S, y: by + j * S, width: S, height: S, fill: "#f1ead8", stroke: "#d8cdb3" }));
      for (const [kind, [dx, dy]] of pts) {
        const cx = gx + (dx - ox) * S + S / 2;
        const cy = gy + (dy - oy) * S + S / 2;
        body.push(el("circle", { cx, cy, r: S / 2 - 0.5, fill: FIG[kind as keyof typeof FIG], stroke: "#222", "stroke-width": kind === "king" ? 2.5 : 1 }));
        body.push(text(cx, cy + 0.5, letter(ctx, kind), { "font-size": F, "font-weight": 700, fill: "#111" }));
      }
    }
    return target(id, played ? ctx.t("page.played", { card: name }) : name, comp?.help, ...body);
  };
  let cx = deckX + DW + 14;
  if (v.played) {
    cardsRow.push(el("text", { x: cx, y: labelY, fill: "#444", ...fit(ctx.t("page.played.label"), CW + 8, F, F - 1) }, ctx.t("page.played.label")));
    cardsRow.push(g({ "data-owner": v.toMove }, cardAt(v.played, cx, true)));
    cx += CW + 16;
  }
  const me = seats[ctx.seat];
  if (me?.hand?.length) {
    const hand = me.hand as string[];
    cardsRow.push(g({ "data-owner": ctx.seat }, el("text", { x: cx, y: labelY, fill: "#444", ...fit(ctx.t("page.hand"), hand.length * (CW + 8), F, F - 1) }, ctx.t("page.hand")), ...hand.map((c, k) => cardAt(c, cx + k * (CW + 8), false))));
    cx += hand.length * (CW + 8) + 8;
  }
  if (v.struck) {
    const [kind, col] = String(v.struck).split(":");
    const sx = narrow && cx + 60 > W ? W - 40 : cx + 30;
    cardsRow.push(el("text", { x: sx, y: labelY, "font-size": F, fill: "#444", "text-anchor": "middle" }, ctx.t("page.struck")));
    cardsRow.push(target(v.struck, ctx.comp(v.struck)?.name ?? "", ctx.comp(kind)?.help, el("circle", { cx: sx, cy: y + CH / 2, r: 22, fill: "transparent" }), pawn(sx, y + CH / 2, 18, col, letter(ctx, kind))));
  }
  kids.push(...cardsRow);
  const cardsBottom = y + CH + 10;
  const cardsRight = v.struck ? cx + 60 : cx; // the struck subject stands about 30 units after the hand

  // Seats: name and score, collected tiles and cards in hand, the six
  // elements (those on the board faded), gardener's row and architect's row.
  const slotW = (PW - 34) / 3;
  const SEAT_H = 162;
  let sy = cardsBottom + 10;
  seats.forEach((s, i) => {
    const h = colour(s.color);
    const turn = v.toMove === i;
    const nm = i === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, i) }) : seatName(ctx, i);
    // A long name wraps onto a second line (the panel grows), and a word
    // longer than the line is pressed, never cut.
    const nameW = PW - 48 - 40;
    let lines = wrapLines(nm, nameW, 15, 600); // semi-bold, as drawn
    if (lines.length > 2) lines = [lines[0], lines.slice(1).join(" ")];
    const extra = (lines.length - 1) * 18;
    const box: (SVGElement | null)[] = [
      rect(side, sy, PW, SEAT_H - 8 + extra, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#bbb", "stroke-width": turn ? 3 : 1 }),
      el("circle", { cx: side + 18, cy: sy + 18, r: 11, fill: h.fill, stroke: "#222" }),
      mark(h.mark, side + 18, sy + 18, 6, h.ink),
      ...lines.map((l, k) => el("text", { x: side + 36, y: sy + 23 + k * 18, "font-weight": 600, fill: "#222", ...fit(l, nameW, 15, F, true) }, l)),
      // the score, and the word under it: "points"
      el("text", { x: side + PW - 10, y: sy + 24, "text-anchor": "end", "font-size": 20, "font-weight": 700, fill: "#222" }, String(s.score)),
      el("text", { x: side + PW - 10, y: sy + 45, "text-anchor": "end", "font-size": F, fill: "#444" }, ctx.t("page.points", { n: s.score })),
    ];
    // collected tiles by value, then the cards in hand
    const tx = side + 12;
    const ty = sy + 36 + extra;
    const tiles = g({ role: "img", "aria-label": ctx.t("page.seat.tiles", { t1: s.tiles[0], t2: s.tiles[1], t3: s.tiles[2], hand: s.handCount }) }, el("title", {}, ctx.t("page.seat.tiles", { t1: s.tiles[0], t2: s.tiles[1], t3: s.tiles[2], hand: s.handCount })));
    [0, 1, 2].forEach((k) => {
      const x = tx + k * 56;
      // the seat's own pile of each value is what its score's tile line
      // counts (data-part "tiles:V", the server's score parts)
      tiles.append(g({ "data-part": i === ctx.seat ? `tiles:${k + 1}` : null }, rect(x, ty, 22, 22, { fill: ["#eef4e0", "#cfe2b0", "#a9cd86"][k], stroke: "#6f8a4f" }), text(x + 11, ty + 11.5, k + 1, { "font-size": F, "font-weight": 700, fill: "#2f4419" }), text(x + 26, ty + 11.5, `×${s.tiles[k]}`, { "font-size": F + 1, fill: "#222", "text-anchor": "start" })));
    });
    const hx = tx + 3 * 56 + 4;
    tiles.append(rect(hx, ty - 2, 18, 26, { fill: "#9c8566", stroke: "#4a3f33" }), text(hx + 22, ty + 11.5, `×${s.handCount}`, { "font-size": F + 1, fill: "#222", "text-anchor": "start" }));
    box.push(tiles);
    // the six elements: a legend of pictogram, shape and name
    const supply = new Set(s.supply as string[]);
    KINDS.forEach((k, j) => {
      const row = Math.floor(j / 3);
      const x = side + 30 + (j % 3) * slotW;
      const ey = sy + 68 + extra + row * 44;
      if (j % 3 === 0) box.push(pawn(side + 15, ey + 20, 12, s.color, letter(ctx, k.builder)));
      const free = supply.has(k.id);
      const size = (v.elements ?? []).find((e) => e.id === k.id)?.size ?? 1;
      const label = short(ctx, k.id);
      const ink = free ? h.ink : "#555";
      const slot: SVGElement[] = [
        rect(x + 2, ey, slotW - 4, 40, { fill: free ? h.fill : "#fff", stroke: free ? "#333" : "#999", "stroke-dasharray": free ? null : "4 3" }),
        picto(k.id, x + 15, ey + 12, 14, ink),
        // its shape: one, two or three squares
        ...[[0, 0], [1, 0], [0, 1]].slice(0, size).map(([dx, dy]) => el("rect", { x: x + slotW - 26 + dx * 9, y: ey + 4 + dy * 9, width: 8, height: 8, fill: ink, opacity: 0.85 })),
        el("text", { x: x + slotW / 2, y: ey + 33, "text-anchor": "middle", fill: ink, ...fit(label, slotW - 10, F, F - 1) }, label),
      ];
      const owned = ctx.comp(`${k.id}:${s.color}`)?.name ?? label;
      const nameOf = free ? owned : ctx.t("page.onboard", { item: owned });
      const sg = free ? target(i === v.toMove ? k.id : `${k.id}:${s.color}`, nameOf, ctx.comp(k.id)?.help, ...slot) : g({ role: "img", "aria-label": nameOf }, el("title", {}, nameOf), ...slot);
      sg.classList.add("slot"); // its name fits in its box (tests/schlossgarten.spec.ts)
      box.push(sg);
    });
    kids.push(g({ class: "seat", "data-owner": i }, ...box));
    sy += SEAT_H + extra;
  });
  const H = Math.max(Y0 + boardW + 8, cardsBottom, sy) + 4;
  return svgRoot(narrow ? W : Math.max(W, cardsRight + 12), H, ctx.t("page.table"), ...kids);
}

/** seatName is a seat's display name, or "Seat N" (page.seat). */
function seatName(ctx: Ctx, i: number): string {
  return ctx.names[i] || ctx.t("page.seat", { n: i + 1 });
}

/** Labels for choices that are not on the board: an element's orientations drawn, the kinds of moves (stop, done). */
export function schlossgartenChoice(id: string, part: string, v: W.View, ctx: Ctx, chosen: string[]): Node | string | undefined {
  if (part === "orientation") {
    const elem = (v.elements ?? []).find((e) => e.id === chosen[chosen.length - 1]);
    const o = elem?.orientations?.find((o) => o.id === id);
    if (!o) return undefined;
    const sq: number[][] = o.squares;
    const w = Math.max(...sq.map((p) => p[0])) - Math.min(0, ...sq.map((p) => p[0])) + 1;
    const minX = Math.min(0, ...sq.map((p) => p[0]));
    const hgt = Math.max(...sq.map((p) => p[1])) + 1;
    const S = 14;
    const col = colour(v.seats?.[v.toMove]?.color);
    return el(
      "svg",
      { width: w * S + 2, height: hgt * S + 2, viewBox: `-1 -1 ${w * S + 2} ${hgt * S + 2}`, role: "img", "aria-label": ctx.t("page.orientation", { n: Number(id.slice(1)) + 1 }) },
      ...sq.map((p) => el("rect", { x: (p[0] - minX) * S, y: p[1] * S, width: S, height: S, fill: col.fill, stroke: "#222" })),
    );
  }
  // a kind of move: "#stop" is the button Stop moving, "#done" End the turn
  if (id.startsWith("#")) return ctx.t(`page.move.${id.slice(1)}`);
  return undefined;
}

/**
 * The squares a build covers while its first square is pointed at: the
 * chosen element in the chosen orientation from that square (the view's
 * offsets), so that the page draws where the element lands.
 */
export function schlossgartenPreview(v: W.View, _ctx: Ctx, chosen: string[], tgt: string): string[] | undefined {
  const ei = chosen.findIndex((c) => (v.elements ?? []).some((e) => e.id === c));
  if (ei < 0) return undefined;
  const elem = (v.elements ?? []).find((e) => e.id === chosen[ei]);
  const o = elem?.orientations?.find((o) => o.id === chosen[ei + 1]) ?? (elem?.orientations?.length === 1 ? elem.orientations[0] : undefined);
  const m = /^(\d+),(\d+)$/.exec(tgt);
  if (!o || !m) return undefined;
  return o.squares.map(([dx, dy]) => `${Number(m[1]) + dx},${Number(m[2]) + dy}`);
}
