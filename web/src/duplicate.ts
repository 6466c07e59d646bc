// Duplicate tables on the table page (server/duplicate.go): "play this
// deal too" (a spectator gets a seat at a new table that deals the same
// game; a player gets an invite link to one for friends), and once the
// game is over, the comparison: the score pads of every finished table of
// the deal, seat by seat, side by side, with a link to each replay. The
// server says nothing of the other tables to a player before their own
// game is over, so the comparison is asked for only then.

import { botName, type Lang, t } from "./i18n";
import { clear, h } from "./dom";
import type { DuplicatesJSON, DupTableJSON } from "./gen/server";
import type { CompText } from "./gen/server";

export interface DupState {
  /** The table's stage. */
  status: string;
  /** The viewer's seat, or the one they held before a bot took it (-1: none). */
  seat: number;
  /** The game's texts: the score categories' names (score.<id>). */
  comps?: Record<string, CompText>;
}

export class DuplicateBox {
  readonly root = h("section", { class: "duplicate", hidden: true });
  private offer = h("div", { class: "dup-offer" });
  private compare = h("div", { class: "dup-compare" });
  private asked = false;
  private state: DupState = { status: "", seat: -1 };
  private inviteUrl = "";
  private offerKey = "";

  constructor(
    private lang: Lang,
    private id: string,
  ) {
    this.root.append(this.compare, this.offer);
  }

  update(s: DupState): void {
    this.state = s;
    const ended = s.status === "over" || s.status === "aborted";
    this.root.hidden = !s.status;
    this.drawOffer();
    if (ended && !this.asked) {
      this.asked = true;
      void this.load();
    }
  }

  /** drawOffer: the way to play the deal again, drawn again only when what it shows changes. */
  private drawOffer(): void {
    const L = this.lang;
    const player = this.state.seat >= 0;
    const key = JSON.stringify([player, this.inviteUrl]);
    if (key === this.offerKey) return;
    this.offerKey = key;
    clear(this.offer);
    const err = h("p", { class: "err", role: "alert" });
    if (player) {
      // A player knows the deal: they invite friends to it, and do not sit.
      if (this.inviteUrl) {
        const link = h("input", { class: "invite-url dup-url", readonly: true, value: this.inviteUrl, "aria-label": t(L, "invite") }) as HTMLInputElement;
        const note = h("span", { class: "copy-note", role: "status" });
        const copy = h("button", { type: "button", class: "copy" }, t(L, "copy"));
        copy.addEventListener("click", () => void copyLink(L, link, note));
        link.addEventListener("focus", () => link.select());
        this.offer.append(h("p", {}, t(L, "dup.inviteSend")), h("div", { class: "invite-row" }, link, copy), note);
        return;
      }
      const b = h("button", { type: "button", class: "dup-invite" }, t(L, "dup.invite"));
      b.addEventListener("click", () => void this.duplicate(-1, err));
      this.offer.append(h("p", { class: "note" }, t(L, "dup.inviteHelp")), b, err);
      return;
    }
    const b = h("button", { type: "button", class: "dup-play" }, t(L, "dup.play"));
    b.addEventListener("click", () => void this.duplicate(undefined, err));
    this.offer.append(h("p", { class: "note" }, t(L, "dup.playHelp")), b, err);
  }

  /** duplicate asks for a table of the same deal: the player's invite link, or the spectator's seat there. */
  private async duplicate(seat: number | undefined, err: HTMLElement): Promise<void> {
    err.textContent = "";
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.id)}/duplicate`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(seat === undefined ? {} : { seat }),
      });
      const j = (await r.json().catch(() => ({}))) as { error?: string; id?: string; inviteUrl?: string; invite?: string };
      if (!r.ok) throw new Error(j.error ?? String(r.status));
      if (seat === -1) {
        this.inviteUrl = `${location.origin}/join/${encodeURIComponent(j.id!)}?invite=${encodeURIComponent(j.invite!)}`;
        this.drawOffer();
        return;
      }
      location.href = `/t/${encodeURIComponent(j.id!)}`;
    } catch (e) {
      err.textContent = t(this.lang, "error", e instanceof Error ? e.message : String(e));
    }
  }

  /** load asks for the comparison (GET /api/tables/{id}/duplicates) and draws it. */
  private async load(): Promise<void> {
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.id)}/duplicates`);
      if (!r.ok) return;
      this.drawCompare((await r.json()) as DuplicatesJSON);
    } catch {
      this.asked = false; // asked again at the next update
    }
  }

  private drawCompare(d: DuplicatesJSON): void {
    const L = this.lang;
    clear(this.compare);
    if (d.tables.length < 2) return;
    const label = (tb: DupTableJSON, i: number) => (tb.you !== undefined ? t(L, "dup.yours") : t(L, "dup.table", i + 1));
    const done = d.tables.map((tb, i) => ({ tb, i })).filter((x) => x.tb.result?.players?.length);
    const playing = d.tables.map((tb, i) => ({ tb, i })).filter((x) => !x.tb.result?.players?.length && x.tb.status !== "aborted");
    const name = (tb: DupTableJSON, s: number) => (tb.bots[s] ? botName(L, tb.bots[s]) : tb.names[s] || t(L, "dup.open"));
    this.compare.append(h("h2", {}, t(L, "dup.title")), h("p", { class: "note" }, t(L, "dup.help")));
    const first = done[0]?.tb.result;
    if (first) {
      const seats = first.players.length;
      for (let s = 0; s < seats; s++) {
        const head = h(
          "tr",
          {},
          h("th", { scope: "col" }, ""),
          ...done.map(({ tb, i }) => h("th", { scope: "col", class: tb.you !== undefined ? "you" : null }, h("span", { class: "dup-label" }, label(tb, i)), h("span", { class: "dup-name" }, name(tb, s)))),
        );
        const rows = first.categories.map((c, k) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, this.state.comps?.[`score.${c.id}`]?.name ?? c.id),
            ...done.map(({ tb }) => h("td", { class: tb.you !== undefined ? "you" : null }, String(tb.result!.players[s]?.points[k] ?? ""))),
          ),
        );
        const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t(L, "total")), ...done.map(({ tb }) => h("td", { class: tb.you !== undefined ? "you" : null }, String(tb.result!.players[s]?.total ?? ""))));
        const rank = h("tr", {}, h("th", { scope: "row" }, t(L, "rank")), ...done.map(({ tb }) => h("td", { class: tb.you !== undefined ? "you" : null }, String(tb.result!.players[s]?.rank ?? ""))));
        this.compare.append(
          h("table", { class: "scorepad dup-pad" }, h("caption", {}, t(L, "seatN", s + 1)), h("thead", {}, head), h("tbody", {}, ...rows, total, rank)),
        );
      }
      const replays = done.filter(({ tb }) => tb.replay && tb.you === undefined);
      if (replays.length) {
        this.compare.append(
          h("p", { class: "dup-replays" }, t(L, "dup.replays"), " ", ...replays.flatMap(({ tb, i }, k) => [k ? ", " : "", h("a", { href: tb.replay!, class: "dup-replay" }, label(tb, i))])),
        );
      }
    }
    if (playing.length) {
      this.compare.append(h("p", { class: "note dup-playing" }, t(L, "dup.playing", playing.map(({ tb, i }) => label(tb, i)).join(", "))));
      // The others end later: look again in a while, while the page is open.
      setTimeout(() => void this.load(), 30_000);
    }
  }
}

/** copyLink puts the link on the clipboard, or selects it for the person to copy. */
async function copyLink(lang: Lang, link: HTMLInputElement, note: HTMLElement): Promise<void> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(link.value);
    ok = true;
  } catch {
    link.select();
    ok = document.execCommand?.("copy") ?? false;
  }
  note.textContent = t(lang, ok ? "copied" : "together.copyByHand");
}
