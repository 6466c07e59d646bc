// Leaving, absence and the rematch on the table page (issue 23): the Leave
// and Resign buttons, the away seat that another player may hand to a bot,
// the banner saying why a seat changed hands, and the rematch offer at the
// end. Every irreversible step asks first in a <dialog>. The calls are the
// HTTP API's (docs/server.md); their refusals come back in the page's
// language and are shown as they are.

import { clear, h } from "./dom";
import { type Lang, t } from "./i18n";
import type { EventOut, OfferInfo, SeatInfo } from "./gen/server";

/** What the page knows of the table, for these controls. */
export interface AbsenceState {
  status: string; // open, live, over, aborted
  seat: number; // the viewer's seat (-1: watching)
  was: number; // the seat the viewer held before a bot took it over (resigned, left; -1: none): they may still rematch
  seats: SeatInfo[];
  names: string[];
  toMove: number;
  events: EventOut[];
  offer?: OfferInfo;
  rematch?: string; // the rematch's table, once it exists
}

export class Absence {
  /** The banner saying why a seat changed hands, above the table. */
  readonly banner = h("div", { class: "handed", role: "status", hidden: true });
  /** Leave, Resign, and the away seat's notice and button, under the seats. */
  readonly controls = h("div", { class: "absence" });
  /** The rematch offer, in the end-of-game area. */
  readonly rematch = h("section", { class: "offer", role: "status" });
  private readonly dialog = h("dialog", { class: "confirm" }) as HTMLDialogElement;
  private readonly error = h("p", { class: "absence-error", role: "alert", hidden: true });
  /** Where Resign and Leave go instead of the controls: the table's menu on a phone (tablehead.ts). */
  private leaveHost?: HTMLElement;
  private st?: AbsenceState;
  /** Zombie events up to this version were dismissed. */
  private dismissed = -1;
  private busy = false;

  constructor(
    private readonly lang: Lang,
    private readonly table: string,
  ) {
    document.body.append(this.dialog);
    // The away seat's countdown ticks.
    setInterval(() => this.st && this.drawControls(), 1000);
  }

  update(st: AbsenceState): void {
    this.st = st;
    this.rematch.setAttribute("aria-label", t(this.lang, "rematch"));
    this.drawBanner();
    this.drawControls();
    this.drawRematch();
  }

  private name(i: number): string {
    return this.st?.names[i] || t(this.lang, "seatN", i + 1);
  }

  /** ask shows question with a confirming and a cancelling button; run follows a confirmation. */
  private ask(question: string, yes: string, no: string, run: () => void): void {
    const d = this.dialog;
    clear(d);
    const form = h(
      "form",
      { method: "dialog" },
      h("p", {}, question),
      h(
        "div",
        { class: "confirm-buttons" },
        h("button", { type: "submit", value: "no", class: "ctl" }, no),
        h("button", { type: "submit", value: "yes", class: "danger" }, yes),
      ),
    );
    d.append(form);
    d.returnValue = "";
    d.onclose = () => {
      if (d.returnValue === "yes") run();
    };
    d.showModal();
    // The safe answer has the focus: Enter does not give a seat away.
    (form.querySelector('button[value="no"]') as HTMLButtonElement).focus();
  }

  /** post calls the table's API; a refusal is shown in the page's words. */
  private async post(path: string, body?: unknown): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.error.hidden = true;
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.table)}/${path}?lang=${encodeURIComponent(this.lang)}`, {
        method: "POST",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (r.ok) return true;
      const e = (await r.json().catch(() => ({}))) as { error?: string };
      this.showError(e.error ?? t(this.lang, "reconnecting"));
    } catch {
      this.showError(t(this.lang, "reconnecting"));
    } finally {
      this.busy = false;
    }
    return false;
  }

  private showError(msg: string): void {
    this.error.textContent = msg.charAt(0).toLocaleUpperCase(this.lang) + msg.slice(1);
    this.error.hidden = false;
  }

  /**
   * drawBanner says why seats changed hands, until dismissed or until the
   * viewer's own next move.
   */
  private drawBanner(): void {
    const st = this.st!;
    const b = this.banner;
    const mine = st.seat >= 0 ? Math.max(-1, ...st.events.filter((e) => e.actor === st.seat && e.key !== "server.zombie").map((e) => e.v)) : -1;
    const shown = st.events.filter((e) => e.key === "server.zombie" && e.v > this.dismissed && e.v > mine).slice(-3);
    clear(b);
    b.hidden = shown.length === 0;
    if (b.hidden) return;
    const top = shown[shown.length - 1].v;
    b.append(
      h("ul", {}, shown.map((e) => h("li", {}, e.text))),
      h("button", { type: "button", class: "ctl dismiss", onclick: () => { this.dismissed = top; this.drawBanner(); } }, t(this.lang, "table.dismiss")),
    );
  }

  /** placeLeave puts Resign and Leave in host (the table's menu on a phone), or back in the controls. */
  placeLeave(host: HTMLElement | undefined): void {
    if (this.leaveHost && this.leaveHost !== host) clear(this.leaveHost);
    this.leaveHost = host;
    if (this.st) this.drawControls();
  }

  private drawControls(): void {
    const st = this.st!;
    const L = this.lang;
    const box = this.controls;
    clear(box);
    if (this.leaveHost) clear(this.leaveHost);
    const me = st.seat >= 0 ? st.seats[st.seat] : undefined;
    const holder = !!me && me.kind === "human" && !me.zombie;
    // The away seat to move: a countdown, then the button that hands it over.
    const p = st.toMove;
    const away = st.status === "live" && p >= 0 && p !== st.seat ? st.seats[p] : undefined;
    if (away?.handOver && holder) {
      const left = away.handOver - Date.now();
      const who = this.name(p);
      if (left > 0) {
        box.append(h("p", { class: "away" }, t(L, "awayWait", who, clock(left))));
      } else {
        box.append(
          h("p", { class: "away" }, t(L, "awayNow", who)),
          h("button", {
            type: "button",
            class: "handover",
            onclick: () => this.ask(t(L, "handOverAsk", who), t(L, "confirmHandOver"), t(L, "cancel"), () => void this.post("handover", { seat: p })),
          }, t(L, "handOver", who)),
        );
      }
    }
    if (holder && (st.status === "live" || st.status === "open")) {
      const row = h("div", { class: "leave-row" });
      if (st.status === "live") {
        row.append(h("button", { type: "button", class: "ctl resign", onclick: () => this.ask(t(L, "resignAsk"), t(L, "confirmResign"), t(L, "keepPlaying"), () => void this.post("resign")) }, t(L, "resign")));
      }
      const open = st.status === "open";
      row.append(
        h("button", {
          type: "button",
          class: "ctl leave",
          onclick: () =>
            this.ask(t(L, open ? "leaveOpenAsk" : "leaveAsk"), t(L, "confirmLeave"), t(L, "keepPlaying"), () =>
              void this.post("leave").then((ok) => {
                if (ok && open) location.href = "/";
              }),
            ),
        }, t(L, "leave")),
      );
      if (this.leaveHost) this.leaveHost.append(row);
      else box.append(row);
    }
    box.append(this.error);
    box.hidden = box.childElementCount === 1 && this.error.hidden;
    if (box.hidden) this.error.remove(); // the rematch's box shows it at the end
  }

  private drawRematch(): void {
    const st = this.st!;
    const L = this.lang;
    const box = this.rematch;
    clear(box);
    if (st.status !== "over" || st.rematch) return;
    const o = st.offer;
    // A player who resigned (or left) watches, and may still offer or answer a rematch.
    const me = st.seat >= 0 ? st.seat : st.was;
    const list = (seats: number[]) => listOf(L, seats.map((i) => (i === me ? t(L, "youMark", this.name(i)) : this.name(i))));
    const seated = me >= 0 && st.seats[me]?.kind === "human";
    const offerBtn = () => h("button", { type: "button", class: "rematch-offer", onclick: () => void this.post("rematch") }, t(L, "rematchOffer"));
    if (!o) {
      if (seated) box.append(offerBtn());
    } else if (o.declined !== undefined) {
      box.append(h("p", {}, o.declined === me ? t(L, "rematchYouDeclined") : t(L, "rematchDeclined", this.name(o.declined))));
      if (seated) box.append(offerBtn());
    } else {
      box.append(h("p", { class: "offer-by" }, o.by === me ? t(L, "rematchYouOffered") : t(L, "rematchOffered", this.name(o.by))));
      if (o.agreed.length > 1) box.append(h("p", {}, t(L, "rematchAgreed", list(o.agreed))));
      // The viewer asked is asked by the buttons, not in the list.
      // A player replaced by a bot is not waited for, but may still say yes (and then plays the rematch).
      const asked = seated && (o.waiting.includes(me) || (st.seat < 0 && !o.agreed.includes(me)));
      const others = o.waiting.filter((i) => !asked || i !== me);
      if (others.length) box.append(h("p", {}, t(L, "rematchWaiting", list(others))));
      if (asked) {
        box.append(
          h("div", { class: "offer-buttons" },
            h("button", { type: "button", class: "rematch-accept", onclick: () => void this.post("rematch") }, t(L, "rematchAccept")),
            h("button", { type: "button", class: "ctl rematch-decline", onclick: () => void this.post("rematch/decline") }, t(L, "rematchDecline")),
          ),
        );
      }
    }
    if (box.childElementCount || !this.error.hidden) box.append(this.error);
  }
}

/** listOf joins names as the language does ("Ann, Bob and Cid"). */
function listOf(lang: Lang, names: string[]): string {
  // Intl.ListFormat is ES2021 (every browser the page supports has it);
  // the page's TypeScript library is ES2020.
  const LF = (Intl as unknown as { ListFormat?: new (l: string, o: object) => { format(x: string[]): string } }).ListFormat;
  try {
    if (LF) return new LF(lang, { type: "conjunction" }).format(names);
  } catch {
    // an unknown language tag: the plain list below
  }
  return names.join(", ");
}

function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
