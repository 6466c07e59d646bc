// The table page on a `jardin serve` table: the server's shell holds
// <main id="table" data-table="ID">; this draws the table in it and keeps it
// in step with the table's WebSocket.

import { clear, h } from "./dom";
import { botName, type Lang, t } from "./i18n";
import type { SyncMsg } from "./gen/server";
import { type EventOut, type ServerMsg, type SeatInfo, TableSocket } from "./net";
import { type LastMove, type TableData, TableView } from "./table";
import { asyncClock } from "./timeleft";

export function tablePage(root: HTMLElement, lang: Lang): void {
  const id = root.dataset.table!;
  const watch = new URLSearchParams(location.search).has("watch");
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

  const conn = h("p", { class: "conn", role: "status", hidden: true }, t(lang, "reconnecting"));
  const seatList = h("ol", { class: "seats" });
  const extra = h("div", { class: "after" });
  const chatLog = h("ol", { class: "chat", "aria-label": t(lang, "chat") });
  const chatInput = h("input", { maxlength: "300", "aria-label": t(lang, "chat"), placeholder: t(lang, "chat") }) as HTMLInputElement;
  const chatForm = h("form", { class: "chatbox" }, chatInput, h("button", { type: "submit" }, "↵"));
  const heading = h("h1", {}, "");

  const socket = new TableSocket(id, lang, watch, {
    connection: (s) => {
      conn.hidden = s === "open";
      document.body.dataset.conn = s;
    },
    message: (m) => handle(m),
  });

  const view = new TableView(lang, {
    move: (i) => {
      moveSentAt = performance.now();
      document.body.dataset.sentAt = String(Date.now());
      if (!socket.move(i)) view.refused(t(lang, "reconnecting"));
    },
    typed: (n) => {
      moveSentAt = performance.now();
      document.body.dataset.sentAt = String(Date.now());
      if (!socket.moveByNotation(n)) view.refused(t(lang, "reconnecting"));
    },
    undo: () => socket.undo(),
  });

  chatForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const s = chatInput.value.trim();
    if (s) socket.chat(s);
    chatInput.value = "";
  });

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
  root.append(notifyBtn, heading, conn, seatList, view.root, extra, h("details", { class: "chat-wrap" }, h("summary", {}, t(lang, "chat")), chatLog, chatForm));

  function handle(m: ServerMsg): void {
    // For the browser tests' round-trip measure: when news arrived, before drawing.
    if (m.t === "update" || m.t === "sync") document.body.dataset.recvAt = String(Date.now());
    switch (m.t) {
      case "sync":
      case "update":
        if (m.t === "sync") {
          seat = m.you ?? -1;
          game = m.table?.game ?? game;
          title = m.table?.title ?? title;
          if (m.from === undefined) events = [];
          if (m.chat) {
            clear(chatLog);
            for (const c of m.chat) chatLog.append(h("li", {}, `${c.name}: ${c.text}`));
          }
        }
        mergeEvents(m.events ?? []);
        if (m.t === "sync" && m.from === undefined) void earlier();
        if (m.seats) seats = m.seats;
        if (m.t === "sync") watching = m.watching ?? 0;
        last = { ...last, ...m };
        draw();
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
        break;
      case "chat":
        if (m.line) chatLog.append(h("li", {}, `${m.line.name}: ${m.line.text}`));
        break;
      case "refused":
        // A stale move gets a fresh sync right after: nothing to tell.
        // The reason in words; the rule's id (m.rule) is for programs, not players.
        if (m.reason !== "stale") view.refused(m.message ?? "");
        else view.refused("");
        break;
      case "rematch":
        if (m.rematch) location.href = "/t/" + encodeURIComponent(m.rematch);
        break;
      case "error":
        view.refused(m.message ?? "error");
        break;
    }
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
    // a bot named after its kind is named in the page's language
    return seats.map((s, i) => (s.kind === "bot" && (!s.name || s.name === `${s.bot} bot`) ? botName(lang, s.bot) : s.name || t(lang, "seatN", i + 1)));
  }

  function drawSeats(): void {
    clear(seatList);
    const m = last;
    seats.forEach((s, i) => {
      const who = s.kind === "open" ? t(lang, "open") : names()[i];
      let clock = m?.clocks?.remaining?.[i];
      if (clock !== undefined && m?.clocks?.running === i && m.clocks.deadline) clock = m.clocks.deadline - Date.now();
      const left = m?.clocks?.mode === "async" && m.clocks.running === i && m.clocks.deadline ? asyncClock(lang, m.clocks.deadline, m.table?.clock?.hours) : null;
      seatList.append(
        h(
          "li",
          { class: (m?.toMove === i ? "to-move " : "") + (i === seat ? "me" : ""), "aria-current": m?.toMove === i ? "true" : null },
          h("span", { class: "dot " + (s.online || s.kind === "bot" ? "on" : "off"), "aria-hidden": "true" }, "●"),
          ` ${i === seat ? t(lang, "youMark", who) : who}${s.zombie ? " 🤖" : ""}`,
          clock !== undefined ? h("span", { class: "clock" }, fmtClock(clock)) : null,
          left,
        ),
      );
    });
    if (watching > 0) seatList.append(h("li", { class: "watching" }, h("span", { "aria-hidden": "true" }, "👁 "), t(lang, "watching", watching)));
  }

  function draw(): void {
    const m = last!;
    chatForm.hidden = seat < 0; // only the players chat (the server refuses a spectator's line)
    heading.textContent = title;
    drawSeats();
    const data: TableData = {
      game,
      seat,
      names: names(),
      toMove: m.toMove ?? -1,
      prompt: m.prompt,
      over: m.status === "over",
      view: m.view!, // every sync and update carries one
      moves: (m.legal ?? []).map((d) => ({ desc: d })),
      events: events.map((e) => ({ text: e.text, v: e.v, actor: e.actor })),
      result: m.result,
      waiting: m.status === "open",
      undo: m.undo,
      comps: m.texts,
      replay: m.status === "over" ? `/replay/${encodeURIComponent(id)}` : undefined,
      last: lastMoves(),
    };
    view.update(data);
    const mine = view.myTurn();
    const canNotify = "Notification" in window && m.table?.clock?.mode === "async" && seat >= 0;
    notifyBtn.hidden = !canNotify || Notification.permission !== "default";
    if (mine && !wasMine && canNotify && Notification.permission === "granted" && document.hidden) {
      new Notification(t(lang, "yourTurn"), { body: title, tag: `jardin-${id}` });
    }
    wasMine = mine;
    document.title = (mine ? "● " + t(lang, "yourTurn") + " — " : "") + (title || "jardin");
    clear(extra);
    if (m.status === "over") {
      if (m.record) extra.append(h("a", { href: m.record, download: `${id}.json`, class: "record" }, t(lang, "download")), " ");
      if (seat >= 0) extra.append(h("button", { type: "button", onclick: () => fetch(`/api/tables/${encodeURIComponent(id)}/rematch`, { method: "POST" }) }, t(lang, "rematch")));
    }
  }
}

function fmtClock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return (hh ? `${hh}:${String(mm).padStart(2, "0")}` : String(mm)) + ":" + String(ss).padStart(2, "0");
}
