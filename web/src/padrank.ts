// The score pad's Rank row at a table someone left (a newcomer's review):
// the pad said "Rank 1" for the seat a bot finished after its person left,
// under a banner saying the other player won. The row now places seats as
// the banner and the ratings do: those who stayed by their rank among
// themselves, a seat whose person left says so.

import type { Result } from "./gen/engine";
import { type Lang, t } from "./i18n";

/** padRanks is each seat's Rank cell: its place among the seats kept, or "left" for a seat whose person left. */
export function padRanks(lang: Lang, r: Result, left?: boolean[]): string[] {
  const gone = (i: number) => !!left?.[i] && !left.every(Boolean);
  const kept = r.players.filter((_, i) => !gone(i));
  return r.players.map((p, i) => (gone(i) ? t(lang, "table.padLeft") : String(1 + kept.filter((k) => k.rank < p.rank).length)));
}
