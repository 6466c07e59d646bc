// How far a game's drawing may grow on a wide screen (app.css's
// svg.board.capped): a drawing narrower than the table's column was scaled
// up to fill it, a two-player Happy Garden 1.6 times on a 1366 px desktop,
// its garden then taller than the screen. Capped, it grows by a fifth at
// most, and still shrinks to a narrower column (a phone).

/** The most a capped drawing is scaled up. */
export const GROW = 1.2;

/** capped marks root as growing by GROW at most: its width and height attributes are its largest size. */
export function capped(root: SVGSVGElement): SVGSVGElement {
  const vb = root.viewBox.baseVal;
  root.setAttribute("width", String(Math.round(vb.width * GROW)));
  root.setAttribute("height", String(Math.round(vb.height * GROW)));
  root.classList.add("capped");
  return root;
}
