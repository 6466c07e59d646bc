// The rating change at the end of a rated table (issue 26, docs/ratings.md):
// under the score pad, each rated seat's rating before → after, from the
// changes the server stored (GET /api/tables/{id}/rating). The server rates
// a table a moment after its end, so the page asks again until it has.

import { clear, h } from "./dom";
import type { TableRatingJSON } from "./gen/server";
import { type Lang, t } from "./i18n";

// One box a page: a table page shows one table.
let box: HTMLElement | undefined;
let asked = false;

/** The tries and their spacing while the table is not rated yet (some 10 s in all). */
const TRIES = 10;
const WAIT_MS = 1000;

/**
 * ratingChange shows a finished rated table's rating changes under its
 * score pad; names are the seats' names as the page shows them, game the
 * table's game (for the leaderboard's link).
 */
export function ratingChange(id: string, lang: Lang, names: string[], game: string): void {
  if (!box) {
    box = h("section", { class: "rating-change", "aria-live": "polite" }, h("p", {}, t(lang, "ratingChange.pending")));
    const pad = document.querySelector("section.pad");
    // The table draws its pad again (cleared, then filled) when it likes:
    // the box goes back each time, after the score pad.
    const put = () => {
      if (pad && !pad.contains(box!) && pad.querySelector(".scorepad")) pad.append(box!);
    };
    if (pad) new MutationObserver(put).observe(pad, { childList: true });
    put();
  }
  if (asked) return;
  asked = true;
  void ask(id, lang, names, game, TRIES);
}

async function ask(id: string, lang: Lang, names: string[], game: string, tries: number): Promise<void> {
  let r: TableRatingJSON | undefined;
  try {
    const resp = await fetch(`/api/tables/${encodeURIComponent(id)}/rating`);
    if (resp.ok) r = (await resp.json()) as TableRatingJSON;
  } catch {
    r = undefined;
  }
  if (r && !r.rated) {
    box?.remove();
    return;
  }
  if (!r?.settled) {
    if (tries > 1) setTimeout(() => void ask(id, lang, names, game, tries - 1), WAIT_MS);
    return; // the "being updated" line stays; the player's page will have it
  }
  draw(r, lang, names, game);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

function draw(r: TableRatingJSON, lang: Lang, names: string[], game: string): void {
  if (!box) return;
  clear(box);
  box.append(h("h3", {}, t(lang, "ratingChange.title")));
  if (r.seats.length === 0) {
    box.append(h("p", {}, t(lang, "ratingChange.none")));
    return;
  }
  const list = h("ul", { class: "rating-rows" });
  // Seat order, as the score pad lists them.
  for (const s of [...r.seats].sort((a, b) => a.seat - b.seat)) {
    const name = names[s.seat] ?? "";
    if (s.anchor) {
      list.append(h("li", { class: "anchor" }, h("span", { class: "who" }, name), " ", h("span", { class: "what" }, t(lang, "ratingChange.fixed", s.after))));
      continue;
    }
    const cls = s.after > s.before ? "up" : s.after < s.before ? "down" : "same";
    const li = h("li", { class: cls }, h("span", { class: "who" }, name), " ", h("span", { class: "what" }, t(lang, "ratingChange.move", s.before, s.after, signed(s.after - s.before))));
    if (s.provisional) li.append(" ", h("small", { class: "provisional" }, t(lang, "ratingChange.provisional", s.left)));
    list.append(li);
  }
  box.append(list, h("p", {}, h("a", { href: `/ratings/${encodeURIComponent(game)}` }, t(lang, "ratingChange.board"))));
}
