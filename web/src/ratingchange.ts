// The rating change at the end of a rated table (issue 26, docs/ratings.md):
// under the score pad, each rated seat's rating before → after, from the
// changes the server stored (GET /api/tables/{id}/rating). The server rates
// a table a moment after its end, so the page asks again until it has.

import { clear, h } from "./dom";
import type { TableRatingJSON } from "./gen/server";
import { type Lang, t } from "./i18n";

/** What is known of each table asked: its answer once settled, or that an ask is under way. */
const known = new Map<string, TableRatingJSON | "asking" | "gone">();

/** The tries and their spacing while the table is not rated yet (some 10 s in all). */
const TRIES = 10;
const WAIT_MS = 1000;

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
    void ask(id, lang, names, game, TRIES);
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
  const want = k === "asking" ? "pending" : "drawn";
  if (box && box.dataset.state === want) return;
  if (!box) {
    box = h("section", { class: "rating-change", "aria-live": "polite" });
    pad.append(box);
  }
  box.dataset.state = want;
  clear(box);
  if (k === "asking") box.append(h("p", {}, t(lang, "ratingChange.pending")));
  else draw(box, k, lang, names, game);
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
    known.set(id, "gone");
  } else if (r?.settled) {
    known.set(id, r);
  } else if (tries > 1) {
    setTimeout(() => void ask(id, lang, names, game, tries - 1), WAIT_MS);
    return;
  } else {
    return; // the "being updated" line stays; the player's page will have it
  }
  place(id, lang, names, game);
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
    box.append(h("p", {}, t(lang, "ratingChange.none")));
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
