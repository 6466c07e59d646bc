// Happy Garden: the two-shelf shop, the turn-token pile and the revealed
// tokens, the supply of wheelbarrows, worms and moles, butterflies and
// watering cans, the held tile, and each player's garden of tiles around
// the house (empty squares next to it drawn, as places to plant).

import { caption, el, g, hue, type Mark, mark, rect, svgRoot, target, text, tip, wrapLines } from "../svg";
import { textWidth } from "../textwidth";
import { capped } from "./capped";
import { type Ctx, seatName } from "./types";
import type * as W from "../gen/happygarden";

const T = 54; // tile size
/**
 * The width, in CSS px, a 390 px phone gives the drawing (the page's margins
 * and the board's frame taken off, a little to spare): on a phone the
 * drawing is laid out at this width, so that a unit is a pixel or more and
 * words and cells keep the sizes they are drawn at.
 */
const PHONE_PX = 344;
/** The least size of a garden's cell on a phone, in px: a tap target of 40 px (a cell's frame is a unit inside it). */
const PHONE_CELL = 41.5;
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

/** A turn token drawn small at (x, y), its centre: what it does at a glance. */
function turnIcon(kind: string, x: number, y: number): SVGElement {
  switch (kind) {
    case "wheelbarrow":
    case "worm":
      return symbol(kind, x, y);
    case "truck":
      return g({}, el("rect", { x: x - 8, y: y - 5, width: 10, height: 8, fill: "#c0392b", stroke: "#222" }), el("rect", { x: x + 2, y: y - 2, width: 6, height: 5, fill: "#ddd", stroke: "#222" }), el("circle", { cx: x - 5, cy: y + 4, r: 2, fill: "#222" }), el("circle", { cx: x + 5, cy: y + 4, r: 2, fill: "#222" }));
    case "gust":
      return el("path", { d: `M${x - 8} ${y - 4}h10q4 0 3 -3M${x - 8} ${y}h13M${x - 8} ${y + 4}h9q4 0 3 3`, fill: "none", stroke: "#2c5d8a", "stroke-width": 1.8 });
    case "drum":
      return g({}, el("rect", { x: x - 7, y: y - 4, width: 14, height: 9, fill: "#d35400", stroke: "#222" }), el("ellipse", { cx: x, cy: y - 4, rx: 7, ry: 2.5, fill: "#f5e6c8", stroke: "#222" }));
    case "watering-can":
      return g({}, el("path", { d: `M${x - 6} ${y - 4}h9v9h-9z M${x + 3} ${y - 2}l6 -4`, fill: "#3a7bd5", stroke: "#123", "stroke-width": 1.5 }));
    default: // blank: nothing happens
      return el("circle", { cx: x, cy: y, r: 6, fill: "#fff", stroke: "#777", "stroke-dasharray": "2 2" });
  }
}

/**
 * The revealed turn tokens, as icons with their counts after "Revealed:",
 * wrapped to width; each icon names its token on hover. Returns the
 * drawing and its height.
 */
function revealedRow(ctx: Ctx, ids: string[], x: number, y: number, width: number, font: number): { el: SVGElement; h: number } {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const label = ctx.t("page.revealed");
  const kids: SVGElement[] = [el("text", { x, y: y + Math.max(22, font + 10) / 2, "dominant-baseline": "central", class: "small", "font-size": font }, label)];
  // The icons grow with the words (a phone draws both larger).
  const I = Math.max(22, font + 10);
  const sc = I / 22;
  let cx = x + textWidth(label, font) + 8;
  let cy = y;
  for (const [id, n] of counts) {
    const w = I + 6 + textWidth(`×${n}`, font) + 14;
    if (cx + w > x + width) {
      cx = x;
      cy += I + 6;
    }
    const name = nameOr(ctx, id);
    kids.push(
      g(
        { role: "img", "aria-label": `${name} ×${n}` },
        tip(`${name} ×${n} — ${ctx.comp(id)?.help ?? ""}`),
        g({ transform: `translate(${cx} ${cy}) scale(${sc})` }, el("rect", { x: 0, y: 0, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#555" }), turnIcon(id.replace(/^turn:/, ""), 11, 11)),
        el("text", { x: cx + I + 4, y: cy + I / 2, "dominant-baseline": "central", class: "small", "font-size": font }, `×${n}`),
      ),
    );
    cx += w;
  }
  return { el: g({ class: "revealed" }, ...kids), h: cy - y + I + 4 };
}

/** A cell's name as the drawing shows it: where it lies from the house (as the log's sentences say it). */
function placeName(ctx: Ctx, x: number, y: number): string {
  const h = x < 0 ? "left" : x > 1 ? "right" : "";
  const dx = x < 0 ? -x : x - 1;
  const v = y < 0 ? "above" : y > 1 ? "below" : "";
  const dy = y < 0 ? -y : y - 1;
  if (h && v) return dx === 1 && dy === 1 ? ctx.t("page.at.corner", { h, v }) : ctx.t("page.at.corner-far", { h, v, dx, dy });
  const [dir, n, half] = h ? [h, dx, y === 1 ? "bottom" : "top"] : [v, dy, x === 1 ? "right" : "left"];
  return n > 1 ? ctx.t("page.at.side-far", { dir, n, half }) : ctx.t("page.at.side", { dir, n, half });
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
    { class: "house", role: "img", "aria-label": name, "data-name": name },
    tip(help ? `${name} — ${help}` : name),
    rect(x + 1, y + 1, w - 2, w - 2, { fill: "#efe3cc", stroke: "#6b4f23", "stroke-width": 2, rx: 4 }),
    el("path", { d: `M${x + 18} ${y + w - 14}V${y + 48}L${x + w / 2} ${y + 14}L${x + w - 18} ${y + 48}V${y + w - 14}Z`, fill: h.fill, stroke: "#3a2a10", "stroke-width": 2 }),
    el("rect", { x: x + w / 2 - 9, y: y + w - 40, width: 18, height: 26, fill: "#fff", stroke: "#3a2a10" }),
    mark(h.mark, x + w / 2, y + 52, 9, h.ink),
    // the gardener mouse turned over: its bonus counts (HP-T23)
    pl.bonus ? g({}, el("circle", { cx: x + w - 14, cy: y + 14, r: 10, fill: "#fff", stroke: "#3a2a10" }), mark("star", x + w - 14, y + 14, 8, "#b8860b")) : null,
  );
}

/** The scale of the other players' gardens beside the player's own on a desktop. */
const SMALL = 0.6;

/**
 * One player's garden panel at (gx, gy): name, score, first-player marker,
 * the tiles round the house at scale sc (1 full size), the tokens held.
 * Words are drawn outside the scaled part, so that they keep their size.
 * With a width (a phone), the panel is that wide, its grid centred in it
 * and a long seat name wrapped; else it is as wide as its grid, and a long
 * name shrinks to a floor, then widens it.
 */
function garden(v: W.View, ctx: Ctx, pl: W.PlayerView, p: number, gx: number, gy: number, sc: number, font: number, width?: number): { el: SVGElement; w: number; h: number } {
  const tiles: W.TileView[] = pl.garden ?? [];
  const { minX, maxX, minY, maxY } = bounds(tiles);
  const cols = maxX - minX + 1;
  const rows = maxY - minY + 1;
  const who = p === ctx.seat ? ctx.t("page.seat.you", { name: seatName(ctx, p) }) : seatName(ctx, p);
  const scoreSize = font + 4;
  const scoreW = textWidth(String(pl.score), scoreSize, 700) + 16;
  let PW: number;
  let nameSize: number;
  let names: string[];
  if (width) {
    PW = width;
    nameSize = font + 1;
    // semi-bold, as app.css's .seat-name draws it
    names = wrapLines(who, PW - 30 - scoreW, nameSize, 600);
  } else {
    PW = Math.max(cols * T * sc + 24, sc < 1 ? 150 : 260);
    const em = textWidth(who, 1, 600);
    nameSize = Math.max(font, Math.min(font + 2, (PW - 70) / em));
    PW = Math.max(PW, em * nameSize + 70);
    names = [who];
  }
  const nameLine = nameSize + 5;
  const nameH = (names.length - 1) * nameLine;
  const first = v.firstPlayer === p;
  const firstLine = first ? font + 8 : 0;
  const top = 32 + nameH + firstLine;
  const PH = top + rows * T * sc + 36;
  const turn = v.toMove === p;
  const mh = hue(colourOf(pl.mouseColour));
  const parts: SVGElement[] = [
    rect(gx, gy, PW, PH, { fill: turn ? "#fff7d6" : "#fbfaf6", stroke: turn ? "#c99a00" : "#ccc", "stroke-width": turn ? 3 : 1 }),
    el("circle", { cx: gx + 16, cy: gy + 16, r: 8, fill: mh.fill, stroke: "#222" }),
    mark(mh.mark, gx + 16, gy + 16, 4, mh.ink),
    ...names.map((s, i) => el("text", { x: gx + 30, y: gy + 21 + i * nameLine, class: "seat-name", "font-size": nameSize.toFixed(1) }, s)),
    el("text", { x: gx + PW - 12, y: gy + 22, "text-anchor": "end", class: "score", "font-size": scoreSize }, String(pl.score)),
  ];
  if (first) {
    // The first player's marker, in words beside its sign, explained on hover.
    const fy = gy + 32 + nameH + font / 2;
    parts.push(
      g(
        { class: "first-player", role: "img", "aria-label": ctx.t("page.first") },
        tip(`${ctx.t("page.first")} — ${ctx.t("page.first.help")}`),
        el("path", { d: `M${gx + 16} ${fy - 6}l6 6l-6 6l-6 -6z`, fill: "#222" }),
        el("text", { x: gx + 30, y: fy, "dominant-baseline": "central", class: "small", "font-size": font }, ctx.t("page.first")),
      ),
    );
  }
  const at = new Map<string, W.TileView>();
  for (const t of tiles) at.set(`${t.x},${t.y}`, t);
  const own = p === ctx.seat;
  const lifted = v.lifted?.id;
  const cells: SVGElement[] = [];
  for (let yy = minY; yy <= maxY; yy++) {
    for (let xx = minX; xx <= maxX; xx++) {
      const cid = `${xx},${yy}`;
      const sx = (xx - minX) * T;
      const sy = (yy - minY) * T;
      const t = at.get(cid);
      if (isHouse(xx, yy)) {
        if (xx === 0 && yy === 0) cells.push(house(ctx, pl, sx, sy));
        continue;
      }
      const where = placeName(ctx, xx, yy);
      if (t) {
        // A tile is named by its id, in every garden: ids are unique, and
        // moves name an opponent's tile so (a butterfly taken from it).
        const moving = t.id === lifted;
        const label = ctx.t("page.cell.tile", { cell: where, tile: tileName(ctx, t) }) + (moving ? ` (${ctx.t("page.repotting")})` : "");
        const face = tileFace(ctx, t, sx, sy);
        if (moving) {
          // The tile being repotted: a thick dashed frame and arrows, while its new cell is chosen.
          face.push(
            el("rect", { x: sx - 2, y: sy - 2, width: T + 4, height: T + 4, fill: "none", stroke: "#b03a00", "stroke-width": 4, "stroke-dasharray": "7 4", class: "repotting" }),
            el("path", { d: `M${sx + T / 2 - 10} ${sy + T / 2}h20m-4 -4l4 4l-4 4M${sx + T / 2 - 6} ${sy + T / 2 - 4}l-4 4l4 4`, fill: "none", stroke: "#b03a00", "stroke-width": 2.5 }),
          );
        }
        cells.push(target(t.id, label, ctx.comp(t.id)?.help, ...face));
      } else {
        cells.push(target(own ? cid : `${p}:${cid}`, ctx.t("page.cell.empty", { cell: where }), undefined, el("rect", { x: sx + 0.5, y: sy + 0.5, width: T - 1, height: T - 1, fill: "#eef4e4", stroke: "#d5dcc8", "stroke-dasharray": "3 3" })));
      }
    }
  }
  const left = width ? gx + (PW - cols * T * sc) / 2 : gx + 12;
  parts.push(g({ transform: `translate(${left} ${gy + top}) scale(${sc})` }, ...cells));
  // The tokens held: icons and counts, in words on hover.
  const held = ctx.t("page.player.tokens", { wheelbarrows: pl.wheelbarrows, cans: pl.wateringCans });
  const by = gy + PH - 24;
  parts.push(
    g(
      { role: "img", "aria-label": held },
      tip(held),
      el("rect", { x: gx + 12, y: by, width: 20, height: 20, rx: 4, fill: "#fff", stroke: "#555" }),
      symbol("wheelbarrow", gx + 22, by + 10),
      el("text", { x: gx + 36, y: by + 10, "dominant-baseline": "central", class: "small", "font-size": font }, `×${pl.wheelbarrows}`),
      el("rect", { x: gx + 72, y: by, width: 20, height: 20, rx: 4, fill: "#fff", stroke: "#555" }),
      turnIcon("watering-can", gx + 81, by + 10),
      el("text", { x: gx + 96, y: by + 10, "dominant-baseline": "central", class: "small", "font-size": font }, `×${pl.wateringCans}`),
    ),
  );
  // The seat's own area: the table page marks a seat's last move only there.
  return { el: g({ class: "garden", "data-owner": p }, ...parts), w: PW, h: PH };
}

export function drawHappyGarden(v: W.View, ctx: Ctx): SVGSVGElement {
  const kids: SVGElement[] = [];
  const players: W.PlayerView[] = v.players ?? [];
  // A phone draws at its own width, each garden across it with cells a
  // finger can tap; a garden too wide for that widens the drawing, which
  // the phone then shrinks: its words are drawn larger in proportion, so
  // that they still read at 12 px or more.
  const cols = (pl: W.PlayerView) => {
    const b = bounds(pl.garden ?? []);
    return b.maxX - b.minX + 1;
  };
  const narrowW = Math.max(PHONE_PX, ...players.map((pl) => cols(pl) * PHONE_CELL + 16));
  const FONT = ctx.narrow ? Math.ceil((2 * 12.5 * narrowW) / PHONE_PX) / 2 : 12;
  const LINE = FONT + 6;
  kids.push(caption(16, 22, ctx.t("page.shop"), { "font-size": FONT + 2 }));
  const shop = (v.shop ?? []).filter((s): s is W.TileView => s !== null);
  // Top shelf (T) above the bottom one (B), as on the table.
  const shelves = [...new Set(shop.map((s) => String(s.slot).replace(/^shop:([A-Z]).*$/, "$1")))].sort().reverse();
  const shelfName = (k: string) => (k === "T" ? ctx.t("page.shelf.top") : k === "B" ? ctx.t("page.shelf.bottom") : k);
  // The shelves' names, written level at their left (measured: German
  // "unten" is as long as it needs).
  const labelW = Math.max(...shelves.map((k) => textWidth(shelfName(k), FONT)), 0) + 14;
  // On a phone the shop's tiles fill the drawing's width (a newcomer saw
  // a box mostly empty beside small tiles): up to 4/3 of full size.
  const ST = ctx.narrow ? Math.min(Math.round((T * 4) / 3), Math.floor((narrowW - 32 - labelW) / 3 - 8)) : T;
  let maxX = 16 + labelW + 3 * (ST + 8);
  shelves.forEach((shelf, si) => {
    const y = 34 + si * (ST + 14);
    kids.push(el("text", { x: 16, y: y + ST / 2, "dominant-baseline": "central", class: "small", "font-size": FONT }, shelfName(shelf)));
    shop
      .filter((s) => String(s.slot).startsWith(`shop:${shelf}`))
      .forEach((s, k) => {
        const x = 16 + labelW + k * (ST + 8);
        maxX = Math.max(maxX, x + ST);
        // slot and tile are siblings (no button inside another): the slot's frame, the tile on it
        const slot = String(s.slot ?? "").replace(/^shop:/, "");
        const slotLabel = ctx.t("page.slot", { col: slot.slice(1), shelf: slot.startsWith("T") ? "top" : "bottom", tile: tileName(ctx, s) });
        kids.push(target(s.slot ?? "", slotLabel, undefined, rect(x - 4, y - 4, ST + 8, ST + 8, { fill: "transparent", stroke: "#bbb" })));
        kids.push(target(s.id, tileName(ctx, s), ctx.comp(s.id)?.help, ...tileFace(ctx, s, x, y, ST)));
      });
  });
  // An empty shop (the setup) keeps no empty shelf's height under its name.
  const shopEnd = shelves.length ? 34 + shelves.length * (ST + 14) : 34;
  // The tile to place, beside its label, under the shop.
  let y = shopEnd;
  // where each section's elements start in kids, for a phone's order (bands below)
  const at = { held: kids.length, info: 0, gardens: 0 };
  if (v.held) {
    const label = ctx.t("page.to-place");
    kids.push(el("text", { x: 16, y: y + T / 2, "dominant-baseline": "central", class: "small", "font-size": FONT }, label));
    kids.push(target(v.held.id, tileName(ctx, v.held), ctx.comp(v.held.id)?.help, ...tileFace(ctx, v.held, 16 + textWidth(label, FONT) + 12, y)));
    y += T + 12;
  }
  // The game's state in lines under the shop (the left column on a
  // desktop, the drawing's width on a phone), each wrapped to its room.
  const colW = ctx.narrow ? narrowW - 24 : Math.max(maxX - 16, 280);
  at.info = kids.length;
  const infoTop = y;
  const sup = v.supply ?? {};
  const info = [
    v.round === 0 ? ctx.t("page.setup", { rounds: v.rounds }) : ctx.t("page.round", { round: v.round, rounds: v.rounds }),
    ctx.t("page.left", { pile: v.pileLeft, bag: v.bagLeft }),
    ctx.t("page.supply.1", { wheelbarrows: sup.wheelbarrows ?? 0, wormMole: sup.wormMole ?? 0 }) + " " + ctx.t("page.supply.2", { butterflies: sup.butterflies ?? 0, cans: sup.wateringCans ?? 0 }),
    ctx.t("page.token", { token: v.token ? nameOr(ctx, v.token) : ctx.t("page.token.none") }),
  ].map((s) => wrapLines(s, colW, FONT));
  y += FONT;
  // each sentence its group of lines, with the room it was wrapped to (the tests measure a line against it)
  let line = 0;
  for (const ls of info) kids.push(g({ class: "lines", "data-width": colW }, ...ls.map((s) => el("text", { x: 16, y: y + line++ * LINE, class: "small", "font-size": FONT }, s))));
  y += (line - 1) * LINE + 8;
  // "Revealed:" with nothing after it (before the first round) says nothing: no row.
  if (v.revealed?.length) {
    const rev = revealedRow(ctx, v.revealed, 16, y, colW, FONT);
    kids.push(rev.el);
    y += rev.h + 12;
  } else y += 4;
  // The player's own garden (a spectator's: the seat to move) first and at
  // full size; on a desktop beside the shop, the others smaller under it,
  // so that the shop and one's own garden are seen without scrolling.
  const main = ctx.seat >= 0 && ctx.seat < players.length ? ctx.seat : Math.max(0, v.toMove);
  const order = players.map((_, p) => p).sort((a, b) => (a === main ? -1 : b === main ? 1 : a - b));
  let W = ctx.narrow ? narrowW : 16 + colW + 16;
  let H = y;
  if (ctx.narrow) {
    // One garden to a row, across the drawing, the player's own first;
    // cells as large as the width allows, up to full size.
    let gy = y;
    at.gardens = kids.length;
    const gardenTops: number[] = [];
    for (const p of order) {
      gardenTops.push(gy);
      const cs = Math.min(T, (narrowW - 16) / cols(players[p]));
      const r = garden(v, ctx, players[p], p, 4, gy, cs / T, FONT, narrowW - 8);
      kids.push(r.el);
      gy += r.h + 14;
    }
    const names = ["shop", "held", "info", ...order.map((p) => `garden${p}`)];
    const starts = [0, at.held, at.info, ...order.map((_, i) => at.gardens + i), kids.length];
    const bands = phoneOrder(v, kids, order, names, starts, [0, shopEnd, infoTop, ...gardenTops, gy]);
    const root = svgRoot(W, bands.h + 16, ctx.t("page.table"), ...bands.kids);
    // the page may scroll to the prompt, this drawing under it (stepview.ts)
    root.classList.add("follows-step");
    return capped(root);
  } else {
    const mx = 16 + colW + 20;
    const big = garden(v, ctx, players[main], main, mx, 8, 1, FONT);
    if (players.length) kids.push(big.el);
    W = Math.max(W, mx + big.w + 8);
    let gy = Math.max(y, players.length ? 8 + big.h + 14 : 0);
    let gx = 16;
    let rowH = 0;
    const rowW = Math.max(DESK_W, W);
    for (const p of order.slice(1)) {
      const r0 = garden(v, ctx, players[p], p, gx, gy, SMALL, FONT);
      let r = r0;
      if (gx + r0.w > rowW && gx > 16) {
        gx = 16;
        gy += rowH + 14;
        rowH = 0;
        r = garden(v, ctx, players[p], p, gx, gy, SMALL, FONT);
      }
      kids.push(r.el);
      gx += r.w + 14;
      rowH = Math.max(rowH, r.h);
      W = Math.max(W, gx);
    }
    H = gy + rowH;
  }
  const root = svgRoot(W, H + 16, ctx.t("page.table"), ...kids);
  // the page may scroll to the prompt, this drawing under it (stepview.ts)
  root.classList.add("follows-step");
  return capped(root);
}

/** The steps that act on the garden of the player to move (their own): its tiles or its empty cells. */
const GARDEN_STEPS = new Set(["setup", "token", "place", "after", "receive", "repot-tile", "repot-destination"]);

/**
 * phoneOrder stacks a phone's sections (the shop, the tile to place, the
 * game's lines, then one garden each) so that the ones the step acts on
 * come first, under the prompt: a newcomer placing a tile saw the shop
 * and the game's lines, their garden cut by the screen's bottom. Section
 * k is kids[starts[k]:starts[k+1]], drawn from tops[k] to tops[k+1].
 */
function phoneOrder(v: W.View, kids: SVGElement[], order: number[], names: string[], starts: number[], tops: number[]): { kids: SVGElement[]; h: number } {
  const mover = v.toMove;
  let first: string[] = [];
  if (GARDEN_STEPS.has(v.step) && mover >= 0) first = ["held", `garden${mover}`];
  // a butterfly is taken from an opponent's flower: the opponents' gardens
  else if (v.step === "steal") first = order.filter((p) => p !== mover).map((p) => `garden${p}`);
  const sorted = [...first, ...names.filter((n) => !first.includes(n))];
  const out: SVGElement[] = [];
  // a garden or a tile drawn first keeps a margin above it, as the shop's caption has
  let cursor = sorted[0] === "shop" ? 0 : 8;
  for (const n of sorted) {
    const k = names.indexOf(n);
    if (k < 0 || starts[k] === starts[k + 1]) continue;
    out.push(g({ class: `band-${n.replace(/\d+$/, "")}`, transform: `translate(0 ${cursor - tops[k]})` }, ...kids.slice(starts[k], starts[k + 1])));
    cursor += tops[k + 1] - tops[k];
  }
  return { kids: out, h: cursor };
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
    const w = 32 + Math.ceil(textWidth(name, 14));
    const h = hue(colourOf(id));
    const icon =
      part === "colour"
        ? [el("rect", { x: 1, y: 1, width: 22, height: 22, fill: h.fill, stroke: "#333" }), mark(h.mark, 12, 12, 7, h.ink)]
        : [el("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#333" }), symbol(id.replace(/^token:/, ""), 12, 12)];
    return el("svg", { width: w, height: 24, viewBox: `0 0 ${w} 24`, role: "img", "aria-label": name }, ...icon, el("text", { x: 30, y: 17, "font-size": 14, fill: "currentColor" }, name));
  }
  return undefined;
}
