// What a renderer gets besides the view: the viewer, seat names, the
// language and the game's component texts. A renderer is a pure function
// of (view, ctx): it returns an SVG drawing of the table and tags with
// data-id every thing a move description may name (same ids as the view).

import type { CompText } from "../gen/server";
import { type Lang, t } from "../i18n";

export type { CompText };

export interface Ctx {
  lang: Lang;
  /** The seat the page plays, or -1 for a spectator. */
  seat: number;
  names: string[];
  /** A narrow screen (a phone): renderers lay gardens out one per row. */
  narrow: boolean;
  /** Name and help of a component id from the game's catalogue, if known. */
  comp(id: string): CompText | undefined;
  /**
   * t formats the renderer's word id (page.<…> in the game's catalogue,
   * games/<pkg>/texts/<lang>.json) with named arguments; a missing id shows
   * as itself.
   */
  t(id: string, args?: Record<string, string | number>): string;
}

/** A game's renderer, of its view type V (web/src/gen, generated from the Go view). */
export type Renderer<V> = (view: V, ctx: Ctx) => SVGSVGElement;

/** seatName is a seat's display name, or "Seat N" (the shell's page.seatN). */
export function seatName(ctx: Ctx, i: number): string {
  return ctx.names[i] || t(ctx.lang, "seatN", i + 1);
}

/**
 * A game's label for a choice that is not on the drawing (an orientation,
 * "stop"): text or a small drawing; undefined leaves the default (the
 * catalogue's name, else the id).
 */
export type ChoiceLabel<V> = (id: string, part: string, view: V, ctx: Ctx, chosen: string[]) => Node | string | undefined;

/**
 * A game's preview of a placement: while the player points at (hovers or
 * focuses) target, a choice of the current step, the ids on the drawing the
 * move would cover (the cells a tile lands on), to draw as a ghost; chosen
 * is the path chosen so far, with the orientation shown when one is being
 * turned. undefined: no preview.
 */
export type Preview<V> = (view: V, ctx: Ctx, chosen: string[], target: string) => string[] | undefined;
