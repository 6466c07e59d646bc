// Text measured as the browser draws it, for the renderers that wrap or
// fit words to a box. An estimate per letter (0.6 em) was wide for the
// page's sans serif: Happy Garden's lines broke at half the room they had.
// A canvas's measureText uses the same font machinery as SVG text, so a
// line measured here is the line drawn; widths are cached per font and
// string (a drawing measures the same labels at every redraw).

/** The page's font family, read once from the body (app.css sets it there). */
let family: string | undefined;

let ctx2d: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();
let current = "";

function context(): CanvasRenderingContext2D | null {
  if (ctx2d === undefined) {
    ctx2d = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
    family = typeof document === "undefined" || !document.body ? "sans-serif" : getComputedStyle(document.body).fontFamily || "sans-serif";
  }
  return ctx2d;
}

/**
 * textWidth is the width, in the drawing's units, of s set at font size
 * size (same units) and weight (400 regular, 600 semi-bold, 700 bold) in
 * the page's font. Without a canvas it falls back to a wide estimate per
 * letter, so that a line errs short rather than spilling.
 */
export function textWidth(s: string, size: number, weight = 400): number {
  const c = context();
  if (!c) return s.length * size * (weight >= 600 ? 0.66 : 0.6);
  // measured at 100 px and scaled: one cache entry serves every size
  const key = `${weight}|${s}`;
  let w = cache.get(key);
  if (w === undefined) {
    // setting a canvas's font parses it: only when the weight changes
    const font = `${weight} 100px ${family}`;
    if (font !== current) c.font = current = font;
    w = c.measureText(s).width / 100;
    // a long game keeps no unbounded cache: the labels of one table are a few hundred
    if (cache.size > 5000) cache.clear();
    cache.set(key, w);
  }
  return w * size;
}
