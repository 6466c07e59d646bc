// Happy Garden: the two-shelf shop, the turn-token pile and the revealed
// tokens, the supply of wheelbarrows, worms and moles, butterflies and
// watering cans, the held tile, and each player's garden of tiles around
// the house (empty squares next to it drawn, as places to plant).

import { caption, el, g, hue, type Mark, mark, rect, svgRoot, target, text, tip, wrapLines } from "../svg";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/happygarden";

const T = 54; // tile size
/** The least width of the drawing on a phone: the info lines are wrapped to it. */
const NARROW_W = 390;
/** The width, in CSS px, a 390 px phone gives the drawing: words are sized so that they render at 12 px or more. */
const PHONE_PX = 316;
/** The width of the info lines beside the shop on a desktop. */
const INFO_W = 400;
/** The width the desktop's table gives the drawing at 1366 px: gardens wrap to it rather than shrink it all. */
const DESK_W = 740;

const COLOUR: Record<string, string> = { R: "red", O: "orange", Y: "yellow", B: "blue", P: "pink", V: "purple", G: "green", W: "white" };
// Each flower shape gets its own mark, so a flower reads without its colour.
const SHAPE: Record<string, Mark> = { D: "circle", T: "triangle", L: "diamond", S: "star", H: "heart", C: "square" };
/** Token symbols drawn, not typed: no emoji font is needed. */
function symbol(kind: string, x: number, y: number): SVGElement {
  switch (kind) {
    case "butterfly":
      return el("path", { d: `M${x} ${y}l-6 -5v10zM${x} ${y}l6 -5v10z`, fill: "#7b4fb0", stroke: "#222", "stroke-width": 0.8 });
    case "worm":
      return el("path", { d: `M${x - 7} ${y}q2 -4 4 0t4 0t4 0`, fill: "none", stroke: "#b5651d", "stroke-width": 2.5 });
    case "mole":
      return el("path", { d: `M${x - 6} ${y + 3}a6 6 0 0 1 12 0z`, fill: "#555", stroke: "#111" });
    case "wheelbarrow":
      return g({}, el("path", { d: `M${x - 7} ${y - 3}h12l-3 5h-7z`, fill: "#888", stroke: "#222" }), el("circle", { cx: x + 1, cy: y + 4, r: 2, fill: "#222" }));
    default:
      return el("path", { d: `M${x} ${y - 6}q5 6 0 10q-5 -4 0 -10z`, fill: "#3a7bd5", stroke: "#123" });
  }
}

function colourOf(id: string | undefined): string {
  return COLOUR[(id ?? "").replace("colour:", "")] ?? "grey";
}

function tileFace(ctx: Ctx, t: W.TileView, x: number, y: number, s = T): SVGElement[] {
  const out: SVGElement[] = [];
  if (t.kind === "flower") {
    const h = hue(colourOf(t.colour));
    out.push(rect(x, y, s, s, { fill: h.fill, stroke: "#333" }));
    out.push(mark(SHAPE[(t.shape ?? "").replace("shape:", "")] ?? "ring", x + s / 2, y + s / 2 - 4, s * 0.26, h.ink));
  } else if (t.kind === "gnome") {
    out.push(rect(x, y, s, s, { fill: "#f7f3e8", stroke: "#333" }));
    out.push(el("path", { d: `M${x + s / 2} ${y + 6}L${x + s / 2 + 12} ${y + s / 2}H${x + s / 2 - 12}Z`, fill: "#c0392b", stroke: "#333" }));
    ((t.gnomeColours as string[]) ?? []).forEach((c, i, a) => {
      const hh = hue(colourOf(c));
      const cx = x + s / 2 + (i - (a.length - 1) / 2) * 14;
      out.push(el("circle", { cx, cy: y + s - 14, r: 6, fill: hh.fill, stroke: "#333" }));
      out.push(mark(hh.mark, cx, y + s - 14, 3.5, hh.ink));
    });
  } else if (t.kind === "windmill") {
    out.push(rect(x, y, s, s, { fill: "#e8eef7", stroke: "#333" }));
    out.push(el("path", { d: `M${x + s / 2} ${y + s / 2}l-14 -14M${x + s / 2} ${y + s / 2}l14 -14M${x + s / 2} ${y + s / 2}l14 14M${x + s / 2} ${y + s / 2}l-14 14`, stroke: "#456", "stroke-width": 5 }));
    ((t.colours as string | undefined) ?? "").split("").forEach((c, i, a) => {
      const hh = hue(COLOUR[c]);
      out.push(el("rect", { x: x + s / 2 - a.length * 6 + i * 12, y: y + s - 12, width: 10, height: 8, fill: hh.fill, stroke: "#333" }));
    });
  } else {
    out.push(rect(x, y, s, s, { fill: "#eee", stroke: "#333" }));
  }
  if (t.symbol) out.push(g({}, el("circle", { cx: x + 10, cy: y + 10, r: 8, fill: "#fff", stroke: "#333" }), symbol(t.symbol, x + 10, y + 10)));
  // The tokens on the tile: a symbol and its count, two to a row from the
  // bottom, large enough to read on a phone.
  const toks = ([["worm", t.worms], ["mole", t.moles], ["butterfly", t.butterflies]] as [string, number][]).filter(([, n]) => n);
  toks.forEach(([k, n], i) => {
    const bx = x + 2 + (i % 2) * 26;
    const by = y + s - 18 - Math.floor(i / 2) * 18;
    // The count as pips (a phone shrinks the drawing: no digit to read),
    // up to four; a digit only beyond, which the rules hardly allow.
    const pips = n <= 4 ? Array.from({ length: n }, (_, j) => el("circle", { cx: bx + 17 + (j % 2) * 5, cy: by + 5 + Math.floor(j / 2) * 6, r: 2.2, fill: "#111" })) : [text(bx + 20, by + 9, n, { "font-size": 13, "font-weight": "bold", fill: "#111" })];
    out.push(el("rect", { x: bx, y: by, width: 25, height: 16, rx: 3, fill: "#fff", stroke: "#333" }), symbol(k, bx + 8, by + 8), ...pips);
  });
  // A happy tile is turned to its green side in the box: here a green
  // frame and a smiling face, so that it does not rest on colour alone.
  if (t.happy) {
    out.push(el("rect", { x: x + 2, y: y + 2, width: s - 4, height: s - 4, fill: "none", stroke: "#1e7a32", "stroke-width": 4 }));
    const fx = x + s - 11;
    const fy = y + 11;
    out.push(
      g(
        { class: "happy" },
        el("circle", { cx: fx, cy: fy, r: 8, fill: "#2e9a46", stroke: "#0d3d18" }),
        el("circle", { cx: fx - 3, cy: fy - 2, r: 1.3, fill: "#fff" }),
        el("circle", { cx: fx + 3, cy: fy - 2, r: 1.3, fill: "#fff" }),
        el("path", { d: `M${fx - 4} ${fy + 2}q4 4 8 0`, fill: "none", stroke: "#fff", "stroke-width": 1.6 }),
      ),
    );
  }
  return out;
}

/** A component's name, else its id without the kind ("turn:blank" → "blank"). */
function nameOr(ctx: Ctx, id: string | undefined): string {
  if (!id) return "—";
  return ctx.comp(id)?.name ?? id.replace(/^[a-z]+:/, "");
}

/** The revealed turn tokens, `per` to a line. */
function revealedLines(ctx: Ctx, ids: string[], per: number): string[] {
  const names = ids.map((r) => nameOr(ctx, r));
  const out: string[] = [];
  for (let i = 0; i < names.length; i += per) {
    const line = names.slice(i, i + per).join(", ");
    out.push(i === 0 ? ctx.t("page.revealed", { tokens: line }) : line);
  }
  return out.length ? out : [ctx.t("page.revealed.none")];
}

/** A garden's squares: the 2×2 house (cells 0,0 to 1,1), its tiles and one empty square all round. */
function bounds(garden: W.TileView[]): { minX: number; maxX: number; minY: number; maxY: number } {
  const b = { minX: -1, maxX: 2, minY: -1, maxY: 2 };
  for (const t of garden) {
    b.minX = Math.min(b.minX, t.x - 1);
    b.maxX = Math.max(b.maxX, t.x + 1);
    b.minY = Math.min(b.minY, t.y - 1);
    b.maxY = Math.max(b.maxY, t.y + 1);
  }
  return b;
}

/** The width of a garden's panel. */
function gardenW(garden: W.TileView[]): number {
  const b = bounds(garden);
  return Math.max((b.maxX - b.minX + 1) * T + 24, 260);
}

function tileName(ctx: Ctx, t: W.TileView): string {
  const name = ctx.comp(t.id)?.name ?? t.id;
  return t.happy ? ctx.t("page.tile.happy", { tile: name }) : name;
}

/** A house cell: the house covers the 2×2 cells from 0,0 to 1,1 (HP-S2). */
const isHouse = (x: number, y: number) => (x === 0 || x === 1) && (y === 0 || y === 1);

/** The house, 2×2 squares at (x, y), in its mouse's colour with the colour's mark. */
function house(ctx: Ctx, pl: W.PlayerView, x: number, y: number): SVGElement {
  const h = hue(colourOf(pl.mouseColour));
  const w = 2 * T;
  const colour = ctx.comp(pl.mouseColour)?.name ?? "";
  const name = ctx.t("page.house", { colour });
  const help = [ctx.comp("house")?.help, pl.bonus ? ctx.comp("mouse")?.help : ""].filter(Boolean).join(" ");
  return g(
    { role: "img", "aria-label": name, "data-name": name },
    tip(help ? `${name} — ${help}` : name),
    rect(x + 1, y + 1, w - 2, w - 2, { fill: "#efe3cc", stroke: "#6b4f23", "stroke-width": 2, rx: 4 }),
    el("path", { d: `M${x + 18} ${y + w - 14}V${y + 48}L${x + w / 2} ${y + 14}L${x + w - 18} ${y + 48}V${y + w - 14}Z`, fill: h.fill, stroke: "#3a2a10", "stroke-width": 2 }),
    el("rect", { x: x + w / 2 - 9, y: y + w - 40, width: 18, height: 26, fill: "#fff", stroke: "#3a2a10" }),
    mark(h.mark, x + w / 2, y + 52, 9, h.ink),
    // the gardener mouse turned over: its bonus counts (HP-T23)
    pl.bonus ? g({}, el("circle", { cx: x + w - 14, cy: y + 14, r: 10, fill: "#fff", stroke: "#3a2a10" }), mark("star", x + w - 14, y + 14, 8, "#b8860b")) : null,
  );
}

export function drawHappyGarden(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  // A phone shows the drawing shrunk to its width: its words are drawn
  // larger so that they still read at 12 px or more.
  const narrowW = Math.max(NARROW_W, ...(v.players ?? []).map((pl) => 16 + gardenW(pl.garden ?? []) + 14));
  const FONT = ctx.narrow ? Math.ceil((12.5 * narrowW) / PHONE_PX) : 12;
  const LINE = FONT + 6;
  kids.push(caption(16, 22, ctx.t("page.shop"), { "font-size": FONT + 2 }));
  const shop = (v.shop ?? []).filter((s): s is W.TileView => s !== null);
  // two shelves: slots shop:A1… and shop:B1…
  // Top shelf (T) above the bottom one (B), as on the table.
  const shelves = [...new Set(shop.map((s) => String(s.slot).replace(/^shop:([A-Z]).*$/, "$1")))].sort().reverse();
  const shelfName = (k: string) => (k === "T" ? ctx.t("page.shelf.top") : k === "B" ? ctx.t("page.shelf.bottom") : k);
  // The shelves' names, written level at their left (measured: German
  // "unten" is as long as it needs).
  const labelW = Math.max(...shelves.map((k) => shelfName(k).length * 0.62 * FONT), 0) + 14;
  let maxX = 0;
  shelves.forEach((shelf, si) => {
    const y = 34 + si * (T + 14);
    kids.push(el("text", { x: 16, y: y + T / 2, "dominant-baseline": "central", class: "small", "font-size": FONT }, shelfName(shelf)));
    shop
      .filter((s) => String(s.slot).startsWith(`shop:${shelf}`))
      .forEach((s, k) => {
        const x = 16 + labelW + k * (T + 8);
        maxX = Math.max(maxX, x + T);
        // slot and tile are siblings (no button inside another): the slot's frame, the tile on it
        const slot = String(s.slot ?? "").replace(/^shop:/, "");
        const slotLabel = ctx.t("page.slot", { col: slot.slice(1), shelf: slot.startsWith("T") ? "top" : "bottom", tile: tileName(ctx, s) });
        kids.push(target(s.slot ?? "", slotLabel, undefined, rect(x - 4, y - 4, T + 8, T + 8, { fill: "transparent", stroke: "#bbb" })));
        kids.push(target(s.id, tileName(ctx, s), ctx.comp(s.id)?.help, ...tileFace(ctx, s, x, y)));
      });
  });
  let x = Math.max(maxX + 30, 300);
  if (ctx.narrow) x = 16; // on a phone the counts go under the shop
  const sup = v.supply ?? {};
  const supply = [
    ctx.t("page.supply.1", { wheelbarrows: sup.wheelbarrows ?? 0, wormMole: sup.wormMole ?? 0 }),
    ctx.t("page.supply.2", { butterflies: sup.butterflies ?? 0, cans: sup.wateringCans ?? 0 }),
  ];
  const head = [ctx.t("page.round", { round: v.round, rounds: v.rounds }), ctx.t("page.left", { pile: v.pileLeft, bag: v.bagLeft })];
  const token = ctx.t("page.token", { token: v.token ? nameOr(ctx, v.token) : ctx.t("page.token.none") });
  // On a phone the lines go under the shop, across the drawing's width
  // (at least NARROW_W, else its widest garden, one to a row): each is
  // wrapped to it rather than cut at the edge.
  // Every line is wrapped to the room it has (German names are long).
  const info = ctx.narrow
    ? [...head, supply.join(" "), token, revealedLines(ctx, v.revealed ?? [], Infinity).join(" ")].flatMap((s) => wrapLines(s, narrowW - 32, FONT))
    : [...head, ...supply, token, revealedLines(ctx, v.revealed ?? [], Infinity).join(" ")].flatMap((s) => wrapLines(s, INFO_W, FONT));
  const shopEnd = 34 + Math.max(1, shelves.length) * (T + 14);
  const infoY = ctx.narrow ? shopEnd + FONT : 40;
  info.forEach((s, i) => kids.push(el("text", { x, y: infoY + i * LINE, class: "small", "font-size": FONT }, s)));
  // The tile to place, beside its label, under the shop (and the lines).
  const hy = ctx.narrow ? infoY + info.length * LINE : shopEnd;
  if (v.held) {
    const label = ctx.t("page.to-place");
    kids.push(el("text", { x: 16, y: hy + T / 2, "dominant-baseline": "central", class: "small", "font-size": FONT }, label));
    kids.push(target(v.held.id, tileName(ctx, v.held), ctx.comp(v.held.id)?.help, ...tileFace(ctx, v.held, 16 + label.length * 0.62 * FONT + 12, hy)));
  }
  let top = hy + (v.held ? T + 16 : 6);
  if (!ctx.narrow) top = Math.max(top, infoY + info.length * LINE);
  // gardens
  const players: W.PlayerView[] = v.players ?? [];
  let gy = top;
  let W = ctx.narrow ? narrowW : x + INFO_W + 20;
  let rowH = 0;
  let gx = 16;
  players.forEach((pl, p) => {
    const garden: W.TileView[] = pl.garden ?? [];
    const { minX, maxX: maxXc, minY, maxY } = bounds(garden);
    const rows = maxY - minY + 1;
    // The seat's name shrinks to a floor, then widens the panel: a long
    // name is never cut.
    const who = (p === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, p) }) : seatName(ctx, p)) + (v.firstPlayer === p ? " ◆" : "");
    const nameMax = FONT + 2;
    const nameMin = FONT;
    let PW = gardenW(garden);
    const nameSize = Math.max(nameMin, Math.min(nameMax, (PW - 70) / (who.length * 0.62)));
    PW = Math.max(PW, who.length * 0.62 * nameSize + 70);
    const PH = rows * T + 60;
    if (gx + PW > (ctx.narrow ? 420 : DESK_W) && gx > 16) {
      gx = 16;
      gy += rowH + 14;
      rowH = 0;
    }
    const turn = v.toMove === p;
    const mh = hue(colourOf(pl.mouseColour));
    const parts: SVGElement[] = [
      rect(gx, gy, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
      el("circle", { cx: gx + 16, cy: gy + 16, r: 8, fill: mh.fill, stroke: "#222" }),
      mark(mh.mark, gx + 16, gy + 16, 4, mh.ink),
      el("text", { x: gx + 30, y: gy + 21, class: "seat-name", "font-size": nameSize.toFixed(1) }, who),
      el("text", { x: gx + PW - 12, y: gy + 21, "text-anchor": "end", class: "score" }, String(pl.score)),
    ];
    const at = new Map<string, W.TileView>();
    for (const t of garden) at.set(`${t.x},${t.y}`, t);
    const own = p === ctx.seat;
    for (let yy = minY; yy <= maxY; yy++) {
      for (let xx = minX; xx <= maxXc; xx++) {
        const cid = `${xx},${yy}`;
        const sx = gx + 12 + (xx - minX) * T;
        const sy = gy + 32 + (yy - minY) * T;
        const t = at.get(cid);
        if (isHouse(xx, yy)) {
          if (xx === 0 && yy === 0) parts.push(house(ctx, pl, sx, sy));
          continue;
        }
        if (t) {
          // A tile is named by its id, in every garden: ids are unique, and
          // moves name an opponent's tile so (a butterfly taken from it).
          parts.push(target(t.id, ctx.t("page.cell.tile", { cell: cid, tile: tileName(ctx, t) }), ctx.comp(t.id)?.help, ...tileFace(ctx, t, sx, sy)));
        } else {
          parts.push(target(own ? cid : `${p}:${cid}`, ctx.t("page.cell.empty", { cell: cid }), undefined, el("rect", { x: sx + 1, y: sy + 1, width: T - 2, height: T - 2, fill: "#eef4e4", stroke: "#d5dcc8", "stroke-dasharray": "3 3" })));
        }
      }
    }
    parts.push(el("text", { x: gx + 12, y: gy + PH - 10, class: "small", "font-size": FONT }, ctx.t("page.player.tokens", { wheelbarrows: pl.wheelbarrows, cans: pl.wateringCans })));
    // The seat's own area: the table page marks a seat's last move only there.
    kids.push(g({ class: "garden", "data-owner": p }, ...parts));
    gx += PW + 14;
    rowH = Math.max(rowH, PH);
    W = Math.max(W, gx);
  });
  const H = gy + rowH + 16;
  return svgRoot(W, H, ctx.t("page.table"), ...kids);
}

export function happyGardenChoice(id: string, part: string, _v: W.View, ctx: Ctx): Node | string | undefined {
  // a kind of move: its button's words (page.move.<kind>)
  if (id.startsWith("#")) return ctx.t(`page.move.${id.slice(1)}`);
  // the seat a mole goes to: its player's name
  if (part === "seat") return seatName(ctx, Number(id.replace(/^seat:/, "")) - 1);
  // A colour the watering can names, or a token the wind moves: drawn,
  // with its name in words beside it.
  if (part === "colour" || part === "token") {
    const name = ctx.comp(id)?.name ?? "";
    const w = 30 + Math.ceil(name.length * 8.5);
    const h = hue(colourOf(id));
    const icon =
      part === "colour"
        ? [el("rect", { x: 1, y: 1, width: 22, height: 22, fill: h.fill, stroke: "#333" }), mark(h.mark, 12, 12, 7, h.ink)]
        : [el("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#333" }), symbol(id.replace(/^token:/, ""), 12, 12)];
    return el("svg", { width: w, height: 24, viewBox: `0 0 ${w} 24`, role: "img", "aria-label": name }, ...icon, el("text", { x: 30, y: 17, "font-size": 14, fill: "currentColor" }, name));
  }
  return undefined;
}
