// Der Prestel Schlossgarten: the 7×7 garden of landscape tiles (1–3 points),
// pits, elements and the three pawns of each colour; each seat's supply,
// collected tiles and score; the viewer's constellation cards.

import { caption, deck, el, g, hue, mark, pawn, rect, svgRoot, target, text } from "../svg";
import type { Ctx } from "./types";
import type * as W from "../gen/schlossgarten";

const C = 60; // cell size
const X0 = 16;
const Y0 = 40;

// Every word is a page.<…> message of the game's catalogue (ctx.t), or a
// component's name: "pool:red" is "the red pool", "king:blue" "the blue king".

/** A pawn's letter on its disc: page.letter.king is K, R in French. */
const letter = (ctx: Ctx, kind: string) => ctx.t(`page.letter.${kind}`);

/** Short label of an element drawn in a small box (page.short.<element>). */
const short = (ctx: Ctx, e: string) => ctx.t(`page.short.${e}`);

/** squeeze fits a label into width px when it is long. */
const squeeze = (label: string, width: number, size: number) =>
  label.length * size * 0.55 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};

export function drawSchlossgarten(v: W.View, ctx: Ctx): SVGSVGElement {
  const n = v.board.length;
  const boardW = n * C;
  // On a phone the seats and cards go under the board.
  const side = ctx.narrow ? X0 : X0 + boardW + 24;
  const W = ctx.narrow ? X0 * 2 + boardW : side + 300;
  const seats: W.PlayerView[] = v.seats ?? [];
  const sideY = ctx.narrow ? Y0 + boardW + 40 : Y0;
  const H = ctx.narrow ? sideY + seats.length * 118 + 190 : Math.max(Y0 + boardW + 24, Y0 + seats.length * 118 + 190);
  const kids: SVGElement[] = [caption(X0, 24, ctx.t("page.garden"))];
  const pawns: SVGElement[] = [];
  const moverColour: string | undefined = seats[v.toMove]?.color;

  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const sq = v.board[y][x];
      const px = X0 + x * C;
      const py = Y0 + y * C;
      const id: string = sq.id ?? `${x},${y}`;
      const parts: (SVGElement | null)[] = [];
      let name: string;
      if (sq.element) {
        const h = hue(sq.owner);
        const label = short(ctx, sq.element);
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: h.fill, stroke: "#333", "stroke-width": 1.5 }));
        parts.push(mark(h.mark, px + 12, py + 12, 7, h.ink));
        parts.push(text(px + C / 2, py + C - 14, label, { "font-size": 11, fill: h.ink, ...squeeze(label, C - 6, 11) }));
        name = ctx.comp(`${sq.element}:${sq.owner}`)?.name ?? label;
      } else if (sq.pit) {
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: "#6b4a2b", stroke: "#3d2a18" }));
        parts.push(el("path", { d: `M${px + 8} ${py + C - 8}L${px + C - 8} ${py + 8}M${px + 8} ${py + C / 2}L${px + C / 2} ${py + 8}M${px + C / 2} ${py + C - 8}L${px + C - 8} ${py + C / 2}`, stroke: "#8f6a44", "stroke-width": 3 }));
        parts.push(text(px + C - 12, py + C - 12, sq.tile, { "font-size": 12, fill: "#f3e3cc" }));
        name = ctx.t("page.pit", { n: sq.tile });
      } else if (sq.tile) {
        const shade = ["#e9f0d8", "#cfe2b0", "#a9cd86"][sq.tile - 1] ?? "#eee";
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: shade, stroke: "#8ea26f" }));
        for (let i = 0; i < sq.tile; i++) parts.push(el("circle", { cx: px + 10 + i * 9, cy: py + 10, r: 3, fill: "#4d6b2f" }));
        parts.push(text(px + C - 12, py + C - 12, sq.tile, { "font-size": 13, fill: "#3d5424", "font-weight": 600 }));
        name = ctx.t("page.tile", { n: sq.tile });
      } else {
        parts.push(el("rect", { x: px, y: py, width: C, height: C, fill: "#f7f3ea", stroke: "#ccc" }));
        name = ctx.t("page.empty");
      }
      let pawnEl: SVGElement | null = null;
      if (sq.pawn) {
        const pname = ctx.comp(`${sq.pawn}:${sq.pawnOf}`)?.name ?? ctx.comp(sq.pawn)?.name ?? "?";
        name = ctx.t("page.square.pawn", { ground: name, pawn: pname });
        // The mover's own pawns are named by their kind alone, as the
        // move descriptions name them ("pawn": "king", "worker": "gardener").
        const pid = sq.pawnOf === moverColour ? sq.pawn : `${sq.pawn}:${sq.pawnOf}`;
        pawnEl = target(pid, pname, ctx.comp(sq.pawn)?.help, el("circle", { cx: px + C / 2, cy: py + C / 2, r: 17, fill: "transparent", stroke: "none" }), pawn(px + C / 2, py + C / 2, 15, sq.pawnOf ?? "", letter(ctx, sq.pawn)));
      }
      const ground = ctx.comp(sq.ground ?? "");
      kids.push(target(id, ctx.t("page.square", { cell: id, what: name }), ground?.help, ...parts));
      if (pawnEl) pawns.push(pawnEl);
    }
  }
  kids.push(...pawns);
  // coordinates
  for (let i = 0; i < n; i++) {
    kids.push(text(X0 + i * C + C / 2, Y0 + boardW + 10, i, { "font-size": 10, fill: "#777" }));
  }

  // seats
  let y = sideY;
  seats.forEach((s, i) => {
    const h = hue(s.color);
    const turn = v.toMove === i;
    const box: SVGElement[] = [
      rect(side, y - 8, 280, 108, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("circle", { cx: side + 18, cy: y + 12, r: 11, fill: h.fill, stroke: "#222" }),
      mark(h.mark, side + 18, y + 12, 6, h.ink),
      el("text", { x: side + 36, y: y + 17, class: "seat-name" }, i === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, i) }) : seatName(ctx, i)),
      el("text", { x: side + 270, y: y + 17, "text-anchor": "end", class: "score" }, `${s.score}`),
      el("text", { x: side + 10, y: y + 42, class: "small" }, ctx.t("page.seat.tiles", { t1: s.tiles[0], t2: s.tiles[1], t3: s.tiles[2], hand: s.handCount })),
    ];
    (s.supply as string[]).forEach((e, k) => {
      const comp = ctx.comp(e);
      const owned = ctx.comp(`${e}:${s.color}`);
      const label = short(ctx, e);
      box.push(
        target(i === v.toMove ? e : `${e}:${s.color}`, owned?.name ?? comp?.name ?? label, comp?.help, rect(side + 10 + k * 44, y + 56, 40, 34, { fill: h.fill, stroke: "#333" }), text(side + 30 + k * 44, y + 73, label, { "font-size": 10, fill: h.ink, ...squeeze(label, 36, 10) })),
      );
    });
    kids.push(g({ class: "seat" }, ...box));
    y += 118;
  });

  if (v.struck) {
    const [kind, col] = String(v.struck).split(":");
    kids.push(el("text", { x: side + 200, y: y - 6, class: "small" }, ctx.t("page.struck")));
    kids.push(target(v.struck, ctx.comp(v.struck)?.name ?? ctx.comp(kind)?.name ?? "?", ctx.comp(kind)?.help, el("circle", { cx: side + 230, cy: y + 30, r: 20, fill: "transparent" }), pawn(side + 230, y + 30, 16, col, letter(ctx, kind))));
  }
  // cards: deck, played, the viewer's hand
  kids.push(deck(side, y, 44, 62, v.deck, ctx.t("page.deck")));
  kids.push(el("text", { x: side + 22, y: y + 92, "text-anchor": "middle", class: "small" }, ctx.t("page.deck")));
  const cardAt = (id: string, x: number, played: boolean) => {
    const comp = ctx.comp(id);
    const name = comp?.name ?? ctx.t("page.card", { n: id.slice(1) });
    return target(id, played ? ctx.t("page.played", { card: name }) : name, comp?.help, rect(x, y, 44, 62, { fill: "#fffdf5", stroke: "#555" }), text(x + 22, y + 31, ctx.t("page.card", { n: id.slice(1) }), { "font-size": 13, "font-weight": 600 }));
  };
  if (v.played) kids.push(cardAt(v.played, side + 64, true));
  const me = seats[ctx.seat];
  if (me?.hand) {
    kids.push(el("text", { x: side + 128, y: y - 6, class: "small" }, ctx.t("page.hand")));
    (me.hand as string[]).forEach((c, k) => kids.push(cardAt(c, side + 128 + k * 52, false)));
  }
  return svgRoot(W, H, ctx.t("page.table"), ...kids);
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
    const colour = hue(v.seats?.[v.toMove]?.color);
    return el(
      "svg",
      { width: w * S + 2, height: hgt * S + 2, viewBox: `-1 -1 ${w * S + 2} ${hgt * S + 2}`, role: "img", "aria-label": ctx.comp(id)?.name ?? ctx.t("page.orientation", { n: Number(id.slice(1)) + 1 }) },
      ...sq.map((p) => el("rect", { x: (p[0] - minX) * S, y: p[1] * S, width: S, height: S, fill: colour.fill, stroke: "#222" })),
    );
  }
  // a kind of move: "#stop" is the button Stop moving, "#done" End the turn
  if (id.startsWith("#")) return ctx.t(`page.move.${id.slice(1)}`);
  return undefined;
}
