// Seats that would read alike at one table (two Quick bots) are numbered
// among themselves, in seat order: "Quick bot 1", "Quick bot 2"
// (page.seatTwin), as the server numbers them in the events' texts
// (server/twins.go). Otherwise the seats, the score pad and the winner's
// sentence name two players the same.
import { type Lang, t } from "./i18n";

export function twinNames(lang: Lang, names: string[]): string[] {
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    if (!n || (count.get(n) ?? 0) < 2) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return t(lang, "seatTwin", n, k);
  });
}
