// The rating change at the end of a rated table (issue 26, docs/ratings.md):
// under the score pad, each rated seat's rating before → after, from the
// changes the server stored (GET /api/tables/{id}/rating). The server rates
// a table a moment after its end, so the page asks again until it has.

import { clear, h } from "./dom";
import type { TableRatingJSON } from "./gen/server";
import { type Lang, t } from "./i18n";

/**
 * What is known of each table asked: its answer once settled, that an ask
 * is under way, that the rater has not settled it after every try ("late":
 * the page says the ratings will appear later), or that it is not rated.
 */
const known = new Map<string, TableRatingJSON | "asking" | "late" | "gone">();

/**
 * The waits between asks while the table is not rated yet: quick at first
 * (the rater settles a table a moment after its end), then longer (a busy
 * rater, the arena's many tables), about three minutes in all: longer than
 * the server's sweep (every minute), which rates a table its full queue
 * dropped. Then the box says the ratings will appear later instead of
 * "being updated" for ever.
 */
const WAITS_MS = [1000, 1000, 1000, 2000, 2000, 4000, 8000, 15000, 30000, 30000, 30000, 60000];

/**
 * ratingChange shows a finished rated table's rating changes under its
 * score pad; names are the seats' names as the page shows them, game the
 * table's game (for the leaderboard's link). Called at every drawing of a
 * finished rated table: it keeps no element of its own between calls (the
 * table draws its pad again when it likes), only the answer.
 */
export function ratingChange(id: string, lang: Lang, names: string[], game: string): void {
  const k = known.get(id);
  if (k === undefined) {
    known.set(id, "asking");
    void ask(id, lang, names, game, 0);
  }
  place(id, lang, names, game);
  // The table draws its pad again (cleared, then filled) when it likes:
  // the box goes back each time.
  const pad = document.querySelector("section.pad");
  if (pad && !observed.has(pad)) {
    observed.add(pad);
    new MutationObserver(() => place(id, lang, names, game)).observe(pad, { childList: true });
  }
}

const observed = new WeakSet<Element>();

/** place puts the box, drawn from what is known, after the score pad. */
function place(id: string, lang: Lang, names: string[], game: string): void {
  const pad = document.querySelector("section.pad");
  const k = known.get(id);
  if (!pad || !pad.querySelector(".scorepad") || k === undefined) return;
  let box = pad.querySelector<HTMLElement>("section.rating-change");
  if (k === "gone") {
    box?.remove();
    return;
  }
  const want = k === "asking" ? "pending" : k === "late" ? "late" : "drawn";
  if (box && box.dataset.state === want) return;
  if (!box) {
    box = h("section", { class: "rating-change", "aria-live": "polite" });
    pad.append(box);
  } else {
    // The box never shrinks under the reader's eyes: what follows it stays put.
    box.style.minHeight = `${box.getBoundingClientRect().height}px`;
  }
  box.dataset.state = want;
  clear(box);
  if (k === "asking" || k === "late") waiting(box, lang, names, game, k === "late");
  else draw(box, k, lang, names, game);
}

/**
 * waiting draws the box before the rater has settled the table, in the
 * shape of its answer (the title, a row per seat, a line under them), so
 * that the answer takes the same place and nothing under it moves.
 */
function waiting(box: HTMLElement, lang: Lang, names: string[], game: string, late: boolean): void {
  box.append(h("h3", {}, t(lang, "ratingChange.title")));
  const list = h("ul", { class: "rating-rows" });
  for (const name of names) list.append(h("li", { class: "same" }, h("span", { class: "who" }, name), " ", h("span", { class: "what" }, "…")));
  box.append(list);
  if (!late) box.append(h("p", { class: "rating-wait" }, t(lang, "ratingChange.pending")));
  else box.append(h("p", { class: "rating-wait" }, t(lang, "ratingChange.later"), " ", h("a", { href: `/ratings/${encodeURIComponent(game)}` }, t(lang, "ratingChange.board"))));
}

async function ask(id: string, lang: Lang, names: string[], game: string, tried: number): Promise<void> {
  let r: TableRatingJSON | undefined;
  try {
    const resp = await fetch(`/api/tables/${encodeURIComponent(id)}/rating`);
    if (resp.ok) r = (await resp.json()) as TableRatingJSON;
  } catch {
    r = undefined;
  }
  if (r && !r.rated) {
    known.set(id, "gone");
  } else if (r?.settled) {
    known.set(id, r);
  } else if (tried < WAITS_MS.length) {
    setTimeout(() => void ask(id, lang, names, game, tried + 1), WAITS_MS[tried]);
    return;
  } else {
    known.set(id, "late"); // never "being updated" for ever: the ratings will show on the board
  }
  place(id, lang, names, game);
}

/** listOf joins names as the language does ("Ann and Bob", "Ann et Bob"): Intl.ListFormat, newer than the page's TypeScript library. */
function listOf(lang: Lang, names: string[]): string {
  const LF = (Intl as unknown as { ListFormat?: new (l: string, o: { type: string }) => { format(v: string[]): string } }).ListFormat;
  return LF ? new LF(lang, { type: "conjunction" }).format(names) : names.join(", ");
}

/** num writes a rating with a true minus sign, as signed does. */
function num(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

function draw(box: HTMLElement, r: TableRatingJSON, lang: Lang, names: string[], game: string): void {
  box.append(h("h3", {}, t(lang, "ratingChange.title")));
  if (r.seats.length === 0) {
    // Say what happened and why: nobody's rating moved, because someone never
    // made a move of their own (a game says nothing of them).
    const who = (r.unmoved ?? []).map((i) => names[i]).filter((n) => n);
    if (who.length === 0) box.append(h("p", { class: "rating-none" }, t(lang, "ratingChange.none")));
    else box.append(h("p", { class: "rating-none" }, t(lang, "ratingChange.unmoved", listOf(lang, who), who.length)));
    return;
  }
  const list = h("ul", { class: "rating-rows" });
  // Seat order, as the score pad lists them.
  for (const s of [...r.seats].sort((a, b) => a.seat - b.seat)) {
    const name = names[s.seat] ?? "";
    if (s.anchor) {
      list.append(h("li", { class: "anchor" }, h("span", { class: "who" }, name), " ", h("span", { class: "what" }, t(lang, "ratingChange.fixed", num(s.after)))));
      continue;
    }
    const cls = s.after > s.before ? "up" : s.after < s.before ? "down" : "same";
    const li = h("li", { class: cls }, h("span", { class: "who" }, name), " ", h("span", { class: "what" }, t(lang, "ratingChange.move", num(s.before), num(s.after), signed(s.after - s.before))));
    if (s.provisional) li.append(" ", h("small", { class: "provisional" }, t(lang, "ratingChange.provisional", s.left)));
    list.append(li);
  }
  box.append(list, h("p", {}, h("a", { href: `/ratings/${encodeURIComponent(game)}` }, t(lang, "ratingChange.board"))));
}
