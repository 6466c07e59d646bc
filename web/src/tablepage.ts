// The table page on a `jardin serve` table: the server's shell holds
// <main id="table" data-table="ID">; this draws the table in it and keeps it
// in step with the table's WebSocket.

import { DuplicateBox } from "./duplicate";
import { Absence } from "./absence";
import { forkNote } from "./fork";
import { ratingChange } from "./ratingchange";
import { dailyStanding } from "./daily";
import { clear, h } from "./dom";
import { botName, type Lang, t } from "./i18n";
import type { HintJSON, SyncMsg } from "./gen/server";
import { type ChatOut, type EventOut, type ServerMsg, type SeatInfo, TableSocket } from "./net";
import { type LastMove, type TableData, TableView } from "./table";
import { asyncClock } from "./timeleft";
import { twinNames } from "./twins";
import { invitedWords, programMark } from "./botapi";
import { TableHead } from "./tablehead";

export function tablePage(root: HTMLElement, lang: Lang): void {
  const id = root.dataset.table!;
  const params = new URLSearchParams(location.search);
  const watch = params.has("watch");
  /** A private table's invite code, when the address carries it (a stranger may then take a seat here). */
  const inviteParam = params.get("invite") ?? "";
  // The table as the last sync and the updates after it left it.
  let last: Partial<Omit<SyncMsg, "t">> | undefined;
  let events: EventOut[] = [];
  let seats: SeatInfo[] = [];
  /** How many spectators watch (sync and presence tell it). */
  let watching = 0;
  let seat = -1;
  let game = "";
  let title = "";
  let moveSentAt = 0;

  const conn = h("p", { class: "conn", role: "status", hidden: true });
  const seatList = h("ol", { class: "seats" });
  /** Under the seats: how many watch, and on a phone the way to the chat. */
  const bar = h("div", { class: "table-bar" });
  /** While the table waits for players: the invite link, or the open seat to take. */
  const waitBox = h("section", { class: "wait-box", hidden: true });
  const extra = h("div", { class: "after" });
  const heading = h("h1", {}, "");
  // Leave, Resign, the away seat's hand-over, why seats changed hands, the rematch offer (absence.ts).
  const absence = new Absence(lang, id);
  // Play this deal too, and the comparison with its other tables at the end (duplicate.ts).
  const dup = new DuplicateBox(lang, id);

  const socket = new TableSocket(id, lang, watch, {
    connection: (s) => connection(s),
    message: (m) => handle(m),
  });

  const view = new TableView(lang, {
    move: (i) => {
      moveSentAt = performance.now();
      document.body.dataset.sentAt = String(Date.now());
      if (!socket.move(i)) queued();
    },
    undo: () => socket.undo(),
    hint: () => askHint(),
  });

  /** askHint asks for the seat's hint (POST /api/tables/{id}/hint): the hint, or the refusal in words. */
  async function askHint(): Promise<HintJSON | string> {
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(id)}/hint?lang=${encodeURIComponent(lang)}`, { method: "POST" });
      if (r.ok) return (await r.json()) as HintJSON;
      const e = (await r.json().catch(() => ({}))) as { error?: string };
      return e.error ?? t(lang, "reconnecting");
    } catch {
      return t(lang, "reconnecting");
    }
  }
  const chat = chatPanel();

  // The running clock ticks on the page between messages.
  setInterval(() => {
    if (last?.clocks?.running !== undefined && last.clocks.running >= 0) drawSeats();
  }, 1000);

  // "Your turn" notifications, with the player's permission, for tables
  // played by correspondence (one comes back to them hours later).
  const notifyBtn = h("button", { type: "button", class: "notify", hidden: true }, t(lang, "notify"));
  notifyBtn.addEventListener("click", () => {
    void Notification.requestPermission().then(() => (notifyBtn.hidden = true));
  });
  let wasMine = false;

  clear(root);
  view.side.append(chat.root);
  view.underStatus(waitBox);
  // "How to play" opens the game's rules beside the table (rules.ts), never in its place.
  const howTo = h("a", { class: "how-to", target: "_blank", rel: "noopener", hidden: true }, t(lang, "learn.howTo"));
  // A table forked from a replay says from where (fork.ts).
  const forkLine = forkNote(lang);
  // A rated table says so: its result changes the players' ratings (docs/ratings.md).
  const ratedNote = h("p", { class: "rated-note", hidden: true }, t(lang, "ratedGame"));
  root.append(notifyBtn, heading, howTo, forkLine.root, ratedNote, conn, absence.banner, seatList, bar, absence.controls, absence.rematch, view.root, extra, dup.root);
  // On a phone the header is one thin bar and a menu (tablehead.ts).
  const head = new TableHead(lang, {
    site: document.querySelector("body > h1"),
    title: heading,
    howTo,
    topBar: document.querySelector(".top-bar") ?? document.querySelector("nav.top"),
    chat: chat.jump,
    placeLeave: (host) => absence.placeLeave(host),
    moved: () => drawBar(),
  });
  root.prepend(head.root);

  function handle(m: ServerMsg): void {
    // For the browser tests' round-trip measure: when news arrived, before drawing.
    if (m.t === "update" || m.t === "sync") document.body.dataset.recvAt = String(Date.now());
    switch (m.t) {
      case "sync":
      case "update":
        if (m.t === "sync") {
          seat = m.you ?? -1;
          chat.players(seat >= 0 || (m.was ?? -1) >= 0, seat >= 0 ? seat : (m.was ?? -1));
          game = m.table?.game ?? game;
          title = m.table?.title ?? title;
          if (m.from === undefined) events = [];
          if (m.chat) chat.reset(m.chat);
        }
        mergeEvents(m.events ?? []);
        if (m.t === "sync" && m.from === undefined) void earlier();
        if (m.seats) seats = m.seats;
        if (m.t === "sync") watching = m.watching ?? 0;
        last = { ...last, ...m };
        draw();
        if (m.t === "sync" && moveQueued) view.stillWaiting();
        if (moveSentAt && m.t === "update") {
          document.body.dataset.rtt = String(Math.round(performance.now() - moveSentAt));
          moveSentAt = 0;
        }
        // For the browser tests' round-trip measure: when this page last drew news.
        document.body.dataset.updatedAt = String(Date.now());
        document.body.dataset.version = String(m.v);
        // …and when the frame showing it was painted: style, layout and
        // paint come after this task, before the next frame's callbacks.
        requestAnimationFrame(() => setTimeout(() => (document.body.dataset.paintedAt = String(Date.now()))));
        break;
      case "presence":
        if (m.seats) seats = m.seats;
        watching = m.watching ?? 0;
        drawSeats();
        drawAbsence();
        break;
      case "offer":
        if (last) {
          last.offer = m.offer;
          drawAbsence();
        }
        break;
      case "chat":
        if (m.line) chat.line(m.line, m.id);
        break;
      case "ack":
        // The move made while the connection was lost got through.
        if (moveQueued) {
          moveQueued = false;
          view.notice("");
          if (!conn.hidden) conn.textContent = t(lang, "together.backSent");
          // Applied before the connection broke: the sync already showed it, no update follows.
          if (socket.v >= m.v) view.release();
        }
        break;
      case "refused":
        if (chat.refused(m.id, m.message ?? "")) break;
        moveQueued = false;
        // A stale move gets a fresh sync right after: nothing to tell.
        // The reason in words; the rule's id (m.rule) is for programs, not players.
        if (m.reason !== "stale") view.refused(m.message ?? "");
        else view.refused("");
        break;
      case "rematch":
        if (m.rematch) location.href = "/t/" + encodeURIComponent(m.rematch);
        break;
      case "error":
        // The server's sentence in the page's language; its code (m.code)
        // is for programs. The socket closes after it, and the page
        // reconnects: the banner says why it was lost.
        closedWhy = m.message;
        view.refused(m.message);
        break;
    }
  }

  // ---- The connection (issue 23): lost, a move made meanwhile, back again.

  /** A move was made while the connection was lost: it waits in the socket. */
  let moveQueued = false;
  /** The server's sentence of the error it closed the socket for (the next "down" says it). */
  let closedWhy = "";
  let wasDown = false;
  let backTimer = 0;

  /**
   * connection shows the socket's state: while it is lost, a banner says
   * so, the status says so instead of whose turn it is, and the seats'
   * presence greys out (nobody's is known); once it is back, "Connected
   * again" for a few seconds.
   */
  function connection(s: "open" | "down"): void {
    document.body.dataset.conn = s;
    clearTimeout(backTimer);
    if (s === "down") {
      wasDown = true;
      conn.textContent = closedWhy ? t(lang, "together.lostWhy", closedWhy) : t(lang, "together.lost");
      closedWhy = "";
      conn.className = "conn lost";
      conn.hidden = false;
      chat.lost();
      // A move on its way when the connection broke is sent again once it is back: say so.
      if (socket.unanswered) queued();
    } else if (wasDown) {
      wasDown = false;
      conn.textContent = t(lang, "together.back");
      conn.className = "conn back";
      conn.hidden = false;
      chat.back();
      backTimer = window.setTimeout(() => (conn.hidden = true), 6000);
    }
    view.setOffline(s === "down");
    drawSeats();
    drawTitle();
  }

  /** drawTitle: the tab says "● Your turn" while it is the seat's decision and the table can be reached. */
  function drawTitle(): void {
    document.title = (view.myTurn() && socket.online ? "● " + t(lang, "yourTurn") + " — " : "") + (title || "jardin");
  }

  /** queued says that the move just made waits for the connection (the socket sends it once it is back). */
  function queued(): void {
    moveQueued = true;
    view.notice(t(lang, "together.queued"));
  }

  // ---- Waiting for players (issue 23): the invite link, or the open seat to take.

  /** The invite link, for the seated (GET /api/tables/{id} gives them the code). */
  let inviteUrl = "";
  /** Who the browser is (GET /api/me; id "" before it has a name), for a stranger taking a seat. */
  let me: { id: string; name: string } | undefined;
  let waitAsked = "";
  let waitDrawn = "";

  /**
   * drawWaiting fills the box above the table while it waits for players:
   * for those seated, the invite link and a copy button; for a stranger on a
   * public table (or a private one whose invite code is in the address), a
   * button to take the open seat, with a name first if the browser has none.
   */
  function drawWaiting(): void {
    const m = last;
    // A seat kept for an invited bot identity is not for people: no invite link for it.
    const open = m?.status === "open" && seats.some((s) => s.kind === "open" && !s.invited);
    waitBox.hidden = !open;
    if (!open) return;
    const canTake = seat < 0 && (m?.table?.public || inviteParam !== "");
    const ask = seat >= 0 ? "invite" : canTake ? "me" : "";
    if (ask && waitAsked !== ask) {
      waitAsked = ask;
      void askWaiting(ask);
    }
    // Drawn again only when what it shows changes: a name being typed stays.
    const key = JSON.stringify([seat, canTake, inviteUrl, me?.id ?? null]);
    if (key === waitDrawn) return;
    waitDrawn = key;
    clear(waitBox);
    if (seat >= 0) {
      if (!inviteUrl) return;
      const link = h("input", { class: "invite-url", readonly: true, value: inviteUrl, "aria-label": t(lang, "invite") }) as HTMLInputElement;
      const note = h("span", { class: "copy-note", role: "status" });
      const copy = h("button", { type: "button", class: "copy" }, t(lang, "copy"));
      copy.addEventListener("click", () => void copyLink(link, note));
      link.addEventListener("focus", () => link.select());
      waitBox.append(h("p", {}, t(lang, "together.inviteHelp")), h("div", { class: "invite-row" }, link, copy), note);
      return;
    }
    if (!canTake) {
      waitBox.append(h("p", {}, t(lang, "together.privateHelp")));
      return;
    }
    if (!me) return;
    const err = h("p", { class: "err", role: "alert" });
    const name = me.id ? null : (h("input", { name: "name", maxlength: "40", required: true, autocomplete: "nickname" }) as HTMLInputElement);
    const form = h(
      "form",
      { class: "take-seat" },
      name ? h("label", {}, t(lang, "name"), " ", name) : null,
      h("button", { type: "submit", class: "primary" }, t(lang, "together.takeSeat")),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void takeSeat(name?.value.trim(), form, err);
    });
    waitBox.append(h("p", {}, t(lang, "together.takeSeatHelp")), form, err);
  }

  async function askWaiting(what: "invite" | "me"): Promise<void> {
    try {
      if (what === "invite") {
        const r = await fetch(`/api/tables/${encodeURIComponent(id)}`);
        const code = r.ok ? ((await r.json()) as { invite?: string }).invite : undefined;
        if (code) inviteUrl = `${location.origin}/join/${encodeURIComponent(id)}?invite=${encodeURIComponent(code)}`;
      } else {
        const r = await fetch("/api/me");
        me = r.ok ? ((await r.json()) as { id: string; name: string }) : { id: "", name: "" };
      }
    } finally {
      if (last) drawWaiting();
    }
  }

  /** copyLink puts the invite link on the clipboard, or selects it for the person to copy. */
  async function copyLink(link: HTMLInputElement, note: HTMLElement): Promise<void> {
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

  /**
   * takeSeat names the browser if it has no name yet (POST /api/me), takes
   * the open seat (POST /api/tables/{id}/join, with the address's invite
   * code for a private table) and opens the table again as that seat.
   */
  async function takeSeat(name: string | undefined, form: HTMLElement, err: HTMLElement): Promise<void> {
    const post = (url: string, body: object) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const fail = async (r: Response) => {
      const j = (await r.json().catch(() => ({}))) as { error?: string };
      err.textContent = t(lang, "error", j.error ?? String(r.status));
    };
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    try {
      if (name !== undefined) {
        const r = await post("/api/me", { name });
        if (!r.ok) return await fail(r);
      }
      const r = await post(`/api/tables/${encodeURIComponent(id)}/join`, inviteParam ? { invite: inviteParam } : {});
      if (!r.ok) return await fail(r);
      location.replace(`/t/${encodeURIComponent(id)}`);
    } catch {
      err.textContent = t(lang, "together.statusLost");
    } finally {
      for (const b of form.querySelectorAll("button")) b.disabled = false;
    }
  }

  // ---- The chat (issue 23): beside the log, with times, unread lines, failed lines kept.

  /**
   * chatPanel builds the chat: a section of the side panel, under the log.
   * Each line has its time (the server's); lines that arrive while the chat
   * is out of sight are counted as unread, on its heading and on the link
   * to it under the seats (a phone shows the panel below the board). A line
   * that could not be sent (refused, too many, the connection lost) stays in
   * the input with the reason under it.
   */
  function chatPanel() {
    const list = h("ol", { class: "chat", "aria-label": t(lang, "chat"), tabindex: "0" });
    const empty = h("p", { class: "chat-empty" }, t(lang, "together.chatEmpty"));
    const unreadHead = h("span", { class: "unread", hidden: true });
    const unreadJump = h("span", { class: "unread", hidden: true });
    const input = h("input", { name: "chat", maxlength: "300", autocomplete: "off", "aria-label": t(lang, "chat") }) as HTMLInputElement;
    const form = h("form", { class: "chatbox" }, input, h("button", { type: "submit" }, t(lang, "together.chatSend")));
    const err = h("p", { class: "chat-error", role: "alert" });
    const onlyPlayers = h("p", { class: "chat-note", hidden: true }, t(lang, "together.chatPlayers"));
    const root = h("section", { class: "chat-panel", id: "chat", "aria-labelledby": "chat-head" }, h("h2", { id: "chat-head" }, t(lang, "chat"), " ", unreadHead), list, empty, form, err, onlyPlayers);
    const jump = h("a", { href: "#chat", class: "chat-jump" }, t(lang, "chat"), " ", unreadJump);
    let unread = 0;
    let inView = false;
    /** The line sent and not yet back: its id and text. */
    let pending: { id: string; text: string } | undefined;
    /** The line on its way when the connection broke: it may have got through (the next sync tells). */
    let unsure: string | undefined;
    /** The lines shown, to count those a sync brings that were missed. */
    const shown = new Set<string>();
    let first = true;
    /** The seat whose lines are this person's: her seat, or the one she held before a bot took it. */
    let me = seat;
    const keyOf = (c: ChatOut) => `${c.at}\u0000${c.seat}\u0000${c.text}`;
    const setUnread = (n: number) => {
      unread = n;
      for (const e of [unreadHead, unreadJump]) {
        e.hidden = n === 0;
        e.textContent = n ? t(lang, "together.unread", n) : "";
      }
      document.body.dataset.unread = String(n);
    };
    const seen = () => {
      if (inView && !document.hidden) setUnread(0);
    };
    new IntersectionObserver((es) => {
      for (const e of es) inView = e.intersectionRatio >= 0.5;
      seen();
    }, { threshold: [0, 0.5, 1] }).observe(root);
    document.addEventListener("visibilitychange", seen);
    jump.addEventListener("click", (e) => {
      e.preventDefault();
      root.scrollIntoView({ block: "start" });
      if (!form.hidden) input.focus({ preventScroll: true });
    });
    const fail = (why: string) => {
      err.textContent = t(lang, "together.chatNotSent", why);
      pending = undefined;
    };
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text || pending) return;
      const lineId = socket.chat(text);
      if (!lineId) return fail(t(lang, "together.chatLost"));
      pending = { id: lineId, text };
      err.textContent = "";
    });
    const add = (c: ChatOut) => {
      shown.add(keyOf(c));
      list.append(h("li", { class: c.seat === me && me >= 0 ? "mine" : null }, h("time", { datetime: new Date(c.at).toISOString() }, fmtTime(c.at, lang)), " ", h("b", { class: "who" }, c.name), " ", c.text));
      empty.hidden = true;
      requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
    };
    const missed = (c: ChatOut) => (c.seat !== me || me < 0) && !(inView && !document.hidden);
    return {
      root,
      jump,
      /** reset shows a sync's lines; those not shown before (sent while the connection was lost) count as unread. */
      reset(lines: ChatOut[]): void {
        const fresh = first ? 0 : lines.filter((c) => !shown.has(keyOf(c)) && missed(c)).length;
        // The line on its way when the connection broke got through after all: not to be sent twice.
        if (unsure !== undefined && lines.some((c) => c.seat === me && c.text === unsure && !shown.has(keyOf(c)))) {
          if (input.value.trim() === unsure) input.value = "";
          err.textContent = "";
        }
        unsure = undefined;
        first = false;
        clear(list);
        shown.clear();
        empty.hidden = lines.length > 0;
        for (const c of lines) add(c);
        if (fresh) setUnread(unread + fresh);
      },
      /** line adds a new line; id is this page's id of it when it is the line this page sent. */
      line(c: ChatOut, lineId?: string): void {
        add(c);
        if (lineId !== undefined && lineId === pending?.id) {
          if (input.value.trim() === pending.text) input.value = "";
          pending = undefined;
          err.textContent = "";
        }
        if (missed(c)) setUnread(unread + 1);
      },
      /** refused tells whether a refusal is about the line sent (then it shows why, the line stays in the input). */
      refused(refusedId: string | undefined, why: string): boolean {
        if (refusedId === undefined || refusedId !== pending?.id) return false;
        fail(why);
        return true;
      },
      /** lost: the line sent may not have got through; it is still in the input, to send again. */
      lost(): void {
        if (!pending) return;
        unsure = pending.text;
        fail(t(lang, "together.chatLost"));
      },
      /** back: the connection is back; a line kept while it was lost can be sent now. */
      back(): void {
        if (err.textContent === t(lang, "together.chatNotSent", t(lang, "together.chatLost"))) err.textContent = t(lang, "together.chatResend");
      },
      /** players: only the players chat; a spectator reads. mine is the seat whose lines are this person's (-1: none). */
      players(on: boolean, mine: number): void {
        me = mine;
        form.hidden = !on;
        onlyPlayers.hidden = on;
      },
    };
  }

  function mergeEvents(evs: EventOut[]): void {
    const top = events.length ? events[events.length - 1].v : -1;
    for (const e of evs) if (e.v > top || events.length === 0) events.push(e);
  }

  /**
   * earlier fetches the events a full sync does not carry (the server
   * keeps the recent ones in memory), so that the log holds the whole
   * game; GET /api/tables/{id}/log answers them as this seat may see them.
   */
  let fetching = false;
  async function earlier(): Promise<void> {
    const first = events.length ? events[0].v : 0;
    if (first <= 1 || fetching) return;
    fetching = true;
    try {
      const q = new URLSearchParams({ before: String(first), lang });
      if (watch) q.set("seat", "-1");
      const r = await fetch(`/api/tables/${encodeURIComponent(id)}/log?${q}`);
      if (!r.ok) return; // the log shows the recent events only
      const got = ((await r.json()) as { events?: EventOut[] }).events ?? [];
      const now = events.length ? events[0].v : 0;
      events = [...got.filter((e) => e.v < now), ...events];
      if (last) draw();
    } finally {
      fetching = false;
    }
  }

  /**
   * lastMoves lists what each seat's latest move named, from the events of
   * its latest version: the cells and components, which the table marks in
   * that seat's own area or in shared parts only (table.ts lastMarks).
   */
  function lastMoves(): LastMove[] {
    const latest = new Map<number, number>();
    for (const e of events) if (e.actor >= 0) latest.set(e.actor, Math.max(latest.get(e.actor) ?? -1, e.v));
    const by = new Map<number, string[]>();
    for (const e of events) {
      if (e.actor < 0 || latest.get(e.actor) !== e.v) continue;
      for (const a of e.args ?? []) {
        const id = a.cell ?? a.comp;
        if (!id) continue;
        if (!by.has(e.actor)) by.set(e.actor, []);
        by.get(e.actor)!.push(id);
      }
    }
    return [...by].map(([seat, ids]) => ({ seat, ids }));
  }

  function names(): string[] {
    // a bot named after its kind is named in the page's language; two
    // alike are numbered (twins.ts)
    return twinNames(lang, seats.map((s, i) => (s.kind === "bot" && (!s.name || s.name === `${s.bot} bot`) ? botName(lang, s.bot) : s.name || t(lang, "seatN", i + 1))));
  }

  function drawSeats(): void {
    clear(seatList);
    const m = last;
    // Before the start nobody is to move, whatever the engine's first seat.
    const toMove = m?.status === "live" ? m.toMove : -1;
    // While the connection is lost, who is online is not known: every dot greys out.
    const online = socket.online;
    seatList.classList.toggle("stale", !online);
    // The viewer's seat, or the one they held before a bot took it over (they resigned or left): "Ann (you)".
    const mine = seat >= 0 ? seat : (last?.was ?? -1);
    seats.forEach((s, i) => {
      const who = s.kind === "open" ? (s.invited ? invitedWords(lang, s.name) : t(lang, "seatFree")) : names()[i];
      let clock = m?.clocks?.remaining?.[i];
      if (clock !== undefined && m?.clocks?.running === i && m.clocks.deadline) clock = m.clocks.deadline - Date.now();
      const here = s.online || s.kind === "bot";
      const presence = s.kind === "open" ? "" : !online ? "unknown" : here ? "on" : "off";
      const said = presence === "unknown" ? "together.unknown" : presence === "on" ? "together.online" : "together.away";
      const left = m?.clocks?.mode === "async" && m.clocks.running === i && m.clocks.deadline ? asyncClock(lang, m.clocks.deadline, m.table?.clock?.hours) : null;
      seatList.append(
        h(
          "li",
          { class: (toMove === i ? "to-move " : "") + (i === mine ? "me" : ""), "aria-current": toMove === i ? "true" : null },
          presence ? h("span", { class: "dot " + presence, title: t(lang, said), "aria-hidden": "true" }, "●") : null,
          // its own box: on a phone a long name is cut short, never the clock (tablehead.ts)
          h("span", { class: "seat-name" }, ` ${i === mine ? t(lang, "youMark", who) : who}`),
          // in words: no font here drew the robot emoji it was (a box)
          s.zombie ? h("span", { class: "botmark" }, " ", t(lang, "together.botPlays")) : null,
          s.program && !s.zombie ? programMark(lang) : null,
          presence ? h("span", { class: "sr" }, ` (${t(lang, said)})`) : null,
          clock !== undefined ? h("span", { class: "clock" }, fmtClock(clock)) : null,
          left,
        ),
      );
    });
    drawBar();
  }

  /** drawBar: how many watch ("2 watching"), and on a phone the way to the chat with its unread count. */
  function drawBar(): void {
    clear(bar);
    if (watching > 0) bar.append(h("span", { class: "watching" }, t(lang, "together.watching", watching)));
    if (!head.narrow) bar.append(chat.jump); // on a phone it is in the header's bar
  }

  function drawAbsence(): void {
    if (!last) return;
    absence.update({ status: last.status ?? "", seat, was: last.was ?? -1, seats, names: names(), toMove: last.toMove ?? -1, events, offer: last.offer, rematch: last.rematch });
  }

  function draw(): void {
    const m = last!;
    // Only the players chat (the server refuses a stranger's line); a person
    // whose seat went to a bot (resigned, left) played here and chats still.
    chat.players(seat >= 0 || (m.was ?? -1) >= 0, seat >= 0 ? seat : (m.was ?? -1));
    heading.textContent = title;
    howTo.setAttribute("href", `/rules/${encodeURIComponent(game)}`);
    howTo.hidden = !game;
    forkLine.update(m.table?.fork);
    // At the end the rating box under the pad says what the game did (or why it changed nothing).
    ratedNote.hidden = !m.table?.rated || m.status === "over";
    drawSeats();
    const data: TableData = {
      game,
      seat,
      names: names(),
      toMove: m.status === "open" ? -1 : (m.toMove ?? -1),
      prompt: m.prompt,
      over: m.status === "over",
      view: m.view!, // every sync carries one; net.ts makes an update's from its patch
      moves: (m.legal ?? []).map((d) => ({ desc: d })),
      events: events.map((e) => ({ text: e.text, v: e.v, actor: e.actor, key: e.key })),
      result: m.result,
      left: seats.map((s) => !!s.zombie),
      waiting: m.status === "open",
      waitingFor: seats.filter((s) => s.kind === "open").length,
      undo: m.undo,
      comps: m.texts,
      replay: m.status === "over" ? `/replay/${encodeURIComponent(id)}` : undefined,
      last: lastMoves(),
      v: m.v,
      hints: m.table?.hints ?? false,
    };
    view.update(data);
    const mine = view.myTurn();
    const canNotify = "Notification" in window && m.table?.clock?.mode === "async" && seat >= 0;
    notifyBtn.hidden = !canNotify || Notification.permission !== "default";
    if (mine && !wasMine && canNotify && Notification.permission === "granted" && document.hidden) {
      new Notification(t(lang, "yourTurn"), { body: title, tag: `jardin-${id}` });
    }
    wasMine = mine;
    drawTitle();
    drawWaiting();
    clear(extra);
    if (m.status === "over") {
      if (m.record) extra.append(h("a", { href: m.record, download: `${id}.json`, class: "record" }, t(lang, "download")), " ");
      dailyStanding(extra, id, lang); // daily.ts: a daily deal's way back to its ranking
      if (m.table?.rated) ratingChange(id, lang, names(), game); // ratingchange.ts: before → after under the pad
    }
    drawAbsence();
    dup.update({ status: m.status ?? "", seat: seat >= 0 ? seat : (m.was ?? -1), comps: m.texts });
  }
}

function fmtClock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return (hh ? `${hh}:${String(mm).padStart(2, "0")}` : String(mm)) + ":" + String(ss).padStart(2, "0");
}

/** fmtTime is a chat line's time in the page's language: the hour today, the day and hour before. */
function fmtTime(at: number, lang: Lang): string {
  const d = new Date(at);
  const today = d.toDateString() === new Date().toDateString();
  const opts: Intl.DateTimeFormatOptions = today ? { hour: "numeric", minute: "2-digit" } : { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" };
  return new Intl.DateTimeFormat(lang === "xx" ? "en" : lang, opts).format(d);
}
