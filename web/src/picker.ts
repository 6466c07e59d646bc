// The step machine that turns clicks into moves. Each legal move's
// description ({"kind":"place","card":"hand:2","cell":"r1c3"}) is read as
// a path of ids in the order a player chooses them, ending with "#kind".
// The page offers the distinct next ids of the moves that match what was
// chosen so far; once one move is left it is played, when the player chose
// where it goes (else that one place is asked for). A decision with many
// moves (a tile anywhere on a board) is thus a few small choices.

import type { MoveDesc } from "./gen/engine";

export type { MoveDesc };

export interface LegalMove {
  desc?: MoveDesc;
  notation?: string;
}

export interface Choice {
  /** The id to pick: a view id, or "#kind" to tell moves apart by kind. */
  id: string;
  /** The part's role ("card", "cell"), or "kind". */
  part: string;
  /** How many legal moves go through this choice. */
  count: number;
}

/** path lists a move's ids in the order of its parts, then "#kind". */
export function path(m: LegalMove): string[] {
  if (!m.desc) return ["=" + (m.notation ?? "?")];
  const out: string[] = [];
  for (const [k, v] of Object.entries(m.desc)) if (k !== "kind") out.push(v);
  out.push("#" + m.desc.kind);
  return out;
}

function partName(m: LegalMove, i: number): string {
  if (!m.desc) return "notation";
  const keys = Object.keys(m.desc).filter((k) => k !== "kind");
  return keys[i] ?? "kind";
}

/**
 * WHERE names the parts that say where a piece goes: a move whose place
 * the player did not choose waits for a tap on it (Picker.last).
 */
const WHERE = new Set(["cell", "to"]);

export class Picker {
  readonly moves: LegalMove[];
  private paths: string[][];
  chosen: string[] = [];
  /** How many leading choices were forced (one possible answer): Back stops there. */
  floor = 0;

  constructor(moves: LegalMove[]) {
    this.moves = moves;
    this.paths = moves.map(path);
    this.start();
  }

  /** start answers the leading steps that have a single possible answer (the only tile to place). */
  private start(): void {
    this.chosen = [];
    for (;;) {
      const next = this.choices();
      if (next.length !== 1 || this.matching().length < 2) break;
      this.chosen.push(next[0].id);
    }
    this.floor = this.chosen.length;
  }

  /** canGoBack reports whether the player made a choice that Back would undo. */
  canGoBack(): boolean {
    return this.chosen.length > this.floor;
  }

  /** The moves still possible after the choices made. */
  matching(): number[] {
    const out: number[] = [];
    this.paths.forEach((p, i) => {
      if (this.chosen.every((c, k) => p[k] === c)) out.push(i);
    });
    return out;
  }

  /** The next choices, in the order of the legal moves. */
  choices(): Choice[] {
    const seen = new Map<string, Choice>();
    const k = this.chosen.length;
    for (const i of this.matching()) {
      const id = this.paths[i][k];
      if (id === undefined) continue;
      const c = seen.get(id);
      if (c) c.count++;
      else seen.set(id, { id, part: partName(this.moves[i], k), count: 1 });
    }
    return [...seen.values()];
  }

  /**
   * pick chooses id; it returns the move's index once a single move is left,
   * else -1 (more to choose). An id that is not a choice changes nothing
   * and returns -2.
   */
  pick(id: string): number {
    if (!this.choices().some((c) => c.id === id)) return -2;
    this.chosen.push(id);
    for (;;) {
      const left = this.matching();
      if (left.length === 1) return this.last(left[0]);
      // A step with one possible answer (the square a chosen pawn stands
      // on) is answered for the player.
      const next = this.choices();
      if (next.length !== 1) return -1;
      this.chosen.push(next[0].id);
    }
  }

  /**
   * last plays move i, the only one left, unless a place it goes to (a
   * part in WHERE) is still unchosen: nothing irreversible happens on a
   * selecting click. Then the steps before that place are answered and the
   * place is asked for, one target to tap, as a step with two answers is
   * (in Schlossgarten a click on the pool that fits one place built it).
   */
  private last(i: number): number {
    const p = this.paths[i];
    const where = (k: number) => WHERE.has(partName(this.moves[i], k));
    let k = this.chosen.length;
    while (k < p.length && !where(k)) k++;
    if (k === p.length) return i;
    while (this.chosen.length < k) this.chosen.push(p[this.chosen.length]);
    return -1;
  }

  /** peek returns the choices that would follow picking id, without picking it. */
  peek(id: string): Choice[] {
    const saved = this.chosen;
    this.chosen = [...saved, id];
    const next = this.choices();
    this.chosen = saved;
    return next;
  }

  /** back undoes the last choice the player made, with the forced ones that followed it. */
  back(): void {
    if (!this.canGoBack()) return;
    while (this.chosen.length > this.floor && this.forced(this.chosen.length - 1)) this.chosen.pop();
    if (this.chosen.length > this.floor) this.chosen.pop();
  }

  /** forced reports whether choice k had a single possible answer. */
  private forced(k: number): boolean {
    const ids = new Set<string>();
    this.paths.forEach((p) => {
      if (this.chosen.slice(0, k).every((c, i) => p[i] === c) && p[k] !== undefined) ids.add(p[k]);
    });
    return ids.size === 1;
  }

  reset(): void {
    this.start();
  }
}

/**
 * turn steps through orientation ids ("r0", "orient:r90f": an angle or index
 * after "r", "f" when flipped): how "rotate" gives the next angle with the
 * same side up, and "flip" the same angle on the other side, among the
 * orientations offered (symmetric ones are offered once). It returns cur
 * when no other orientation answers, or undefined when the ids do not read
 * as orientations.
 */
export function turn(ids: string[], cur: string, how: "rotate" | "flip"): string | undefined {
  const parse = (id: string) => {
    const m = /r(\d+)(f?)$/.exec(id);
    return m ? { id, angle: Number(m[1]), flipped: m[2] === "f" } : undefined;
  };
  const all = ids.map(parse);
  const c = parse(cur);
  if (!c || all.some((o) => !o)) return undefined;
  const os = all as { id: string; angle: number; flipped: boolean }[];
  if (how === "rotate") {
    const same = os.filter((o) => o.flipped === c.flipped).sort((a, b) => a.angle - b.angle);
    const i = same.findIndex((o) => o.id === cur);
    return same[(i + 1) % same.length]?.id ?? cur;
  }
  const other = os.filter((o) => o.flipped !== c.flipped);
  return (other.find((o) => o.angle === c.angle) ?? other[0])?.id ?? cur;
}
