// The lobby's tables (issue 23), kept apart from the new-table form in
// lobby.ts: the live list of open tables and games in progress, pushed by
// the server (GET /api/lobby, server-sent events; no polling), with
// filters by game, players and speed; "My tables" with date, whose turn
// and time left, the finished ones archived (shown on demand); "continue
// on another device" (POST /api/me/link). docs/web.md, "Lobby".

import { clear, h } from "./dom";
import { type Lang, t } from "./i18n";
import type { LobbyJSON, LobbyMsg, LobbySeat, LobbyTurn } from "./gen/server";
import { invitedWords, programMark } from "./botapi";
import { twinNames } from "./twins";

/** What the tables need to know of the page's lobby. */
export interface LiveCtx {
  lang: Lang;
  me?: { id: string; name: string };
  /** A game's title in the page's language, by id. */
  title: (game: string) => string;
  /** A bot seat's words ("Quick bot"). */
  botWord: (kind: string | undefined) => string;
  /** The games: ids, titles and their most players, for the filters. */
  games: { id: string; name: string; maxPlayers: number }[];
  fail: (e: unknown) => void;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error ?? `${r.status}`);
  return j as T;
}

/** duration says a length of time in its two largest units ("2 h 14 min", "45 s"). */
export function duration(lang: Lang, ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const units: [number, string][] = [
    [Math.floor(s / 86400), "lobby.dur.d"],
    [Math.floor(s / 3600) % 24, "lobby.dur.h"],
    [Math.floor(s / 60) % 60, "lobby.dur.min"],
    [s % 60, "lobby.dur.s"],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first < 0) return t(lang, "lobby.dur.s", 0);
  return units
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, w]) => t(lang, w, n))
    .join(" ");
}

function dateText(lang: Lang, ms: number): string {
  return new Intl.DateTimeFormat(lang === "xx" ? "en" : lang, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(ms));
}

function clockText(lang: Lang, r: LobbyJSON): string {
  return r.clock.mode === "realtime" ? t(lang, "realtime") : r.clock.mode === "async" ? t(lang, "async") : t(lang, "noClock");
}

/** seatWords names a seat for a person: its holder's name (a link to their page), a bot by strength, or "open". */
function seatWords(c: LiveCtx, s: LobbySeat): HTMLElement | string {
  if (s.kind === "bot" || s.zombie) return s.kind === "bot" && (!s.name || s.name === `${s.bot} bot`) ? c.botWord(s.bot) : s.name;
  if (s.kind === "open" && s.invited) return h("span", { class: "free-seat" }, invitedWords(c.lang, s.name));
  if (s.kind === "open") return h("span", { class: "free-seat" }, t(c.lang, "lobby.freeSeat"));
  const name = s.player ? h("a", { href: `/p/${encodeURIComponent(s.player)}`, class: "player" }, s.name) : s.name;
  return s.program ? h("span", {}, name, " ", programMark(c.lang)) : name;
}

function seatList(c: LiveCtx, r: LobbyJSON): (HTMLElement | string)[] {
  const out: (HTMLElement | string)[] = [];
  const words = r.seats.map((s) => seatWords(c, s));
  // two bots of one strength read apart, as at the table (twins.ts)
  const apart = twinNames(c.lang, words.map((w) => (typeof w === "string" ? w : "")));
  words.forEach((w, i) => {
    if (i) out.push(", ");
    out.push(typeof w === "string" ? apart[i] : w);
  });
  return out;
}

/**
 * ticking: the spans that count time ("waiting for 3 min", "2 h left"),
 * redrawn every second from the server's clock (offset: server − here).
 */
class Ticker {
  offset = 0;
  private spans = new Set<{ el: HTMLElement; draw: (now: number) => string }>();
  constructor() {
    setInterval(() => this.tick(), 1000);
  }
  add(el: HTMLElement, draw: (now: number) => string): HTMLElement {
    const e = { el, draw };
    this.spans.add(e);
    el.textContent = draw(Date.now() + this.offset);
    return el;
  }
  tick(): void {
    const now = Date.now() + this.offset;
    for (const e of this.spans) {
      if (!e.el.isConnected) this.spans.delete(e);
      else e.el.textContent = e.draw(now);
    }
  }
}

/**
 * liveTables is the public tables, kept up to date by the server's
 * stream: the filters, the open tables (with how long they have waited,
 * Join and Watch) and the games in progress (Watch). onMine is called when
 * a change concerns the caller's tables: with the turns the server sent
 * (their own stream hears of each of their tables, private ones too), or
 * none when a public row of theirs changed.
 */
export function liveTables(c: LiveCtx, ticker: Ticker, onMine: (turns: LobbyTurn[]) => void): HTMLElement {
  const { lang, me } = c;
  const rows = new Map<string, LobbyJSON>();
  const openList = h("ul", { class: "tables open-tables", "aria-live": "polite" });
  const playList = h("ul", { class: "tables live-tables" });
  const state = h("p", { class: "live-state", role: "status" });
  const sel = (id: string, label: string, opts: [string, string][]) => {
    const s = h("select", { id, name: id }, ...opts.map(([v, w]) => h("option", { value: v }, w))) as HTMLSelectElement;
    return { s, box: h("span", { class: "filter" }, h("label", { for: id }, label), s) };
  };
  const most = Math.max(...c.games.map((g) => g.maxPlayers));
  const fGame = sel("filter-game", t(lang, "game"), [["", t(lang, "lobby.filter.allGames")], ...c.games.map((g): [string, string] => [g.id, g.name])]);
  const fPlayers = sel("filter-players", t(lang, "players"), [["", t(lang, "lobby.filter.any")], ...Array.from({ length: most }, (_, i): [string, string] => [String(i + 1), String(i + 1)])]);
  const fSpeed = sel("filter-speed", t(lang, "lobby.filter.speed"), [
    ["", t(lang, "lobby.filter.any")],
    ["none", t(lang, "noClock")],
    ["realtime", t(lang, "realtime")],
    ["async", t(lang, "async")],
  ]);
  const filters = h("div", { class: "row filters", role: "group", "aria-label": t(lang, "lobby.filter.title") }, fGame.box, fPlayers.box, fSpeed.box);

  const seated = (r: LobbyJSON) => !!me && r.seats.some((s) => s.player === me.id);
  const openRow = (r: LobbyJSON) => {
    let action: HTMLElement | null = null;
    if (seated(r)) action = h("a", { href: `/t/${encodeURIComponent(r.id)}`, class: "button" }, t(lang, "lobby.yourTable"));
    else if (me && r.seats.some((s) => s.kind === "open")) {
      action = h("button", { type: "button", class: "join" }, t(lang, "join"));
      action.addEventListener("click", () => {
        api(`/api/tables/${encodeURIComponent(r.id)}/join`, {})
          .then(() => (location.href = `/t/${encodeURIComponent(r.id)}`))
          .catch(c.fail);
      });
    }
    const waited = ticker.add(h("span", { class: "waited" }), (now) => t(lang, "lobby.waited", duration(lang, now - r.created)));
    return h(
      "li",
      { "data-id": r.id, "data-status": r.status },
      h("span", { class: "what" }, h("b", {}, c.title(r.game)), " · ", ...seatList(c, r), " · ", clockText(lang, r), " · ", waited),
      h("span", { class: "acts" }, action, h("a", { href: `/t/${encodeURIComponent(r.id)}?watch=1`, class: "watch" }, t(lang, "watch"))),
    );
  };
  const playRow = (r: LobbyJSON) =>
    h(
      "li",
      { "data-id": r.id, "data-status": r.status },
      h("span", { class: "what" }, h("b", {}, c.title(r.game)), " · ", ...seatList(c, r), " · ", clockText(lang, r)),
      h("span", { class: "acts" }, h("a", { href: `/t/${encodeURIComponent(r.id)}${seated(r) ? "" : "?watch=1"}`, class: "watch" }, seated(r) ? t(lang, "lobby.yourTable") : t(lang, "watch"))),
    );
  const draw = () => {
    const all = [...rows.values()].sort((a, b) => b.created - a.created);
    clear(openList);
    clear(playList);
    for (const r of all) (r.status === "open" ? openList : playList).append(r.status === "open" ? openRow(r) : playRow(r));
    if (!openList.childElementCount) openList.append(h("li", { class: "none" }, t(lang, "lobby.live.noOpen")));
    if (!playList.childElementCount) playList.append(h("li", { class: "none" }, t(lang, "lobby.live.noPlaying")));
  };

  let es: EventSource | null = null;
  const connect = () => {
    es?.close();
    const q = new URLSearchParams();
    if (fGame.s.value) q.set("game", fGame.s.value);
    if (fPlayers.s.value) q.set("players", fPlayers.s.value);
    if (fSpeed.s.value) q.set("speed", fSpeed.s.value);
    const src = new EventSource(`/api/lobby${q.size ? `?${q}` : ""}`);
    es = src;
    src.onmessage = (ev) => {
      const m = JSON.parse(ev.data) as LobbyMsg;
      ticker.offset = m.now - Date.now();
      state.textContent = "";
      let mine = false;
      if (m.t === "snapshot") rows.clear();
      for (const r of m.rows) {
        mine ||= seated(r) || seated(rows.get(r.id) ?? r);
        rows.set(r.id, r);
      }
      for (const id of m.gone ?? []) {
        const was = rows.get(id);
        mine ||= !!was && seated(was);
        rows.delete(id);
      }
      draw();
      if (m.mine?.length || (mine && m.t === "changes")) onMine(m.mine ?? []);
    };
    // The browser reconnects by itself; the server then sends a fresh
    // snapshot. Meanwhile the page says the list may be behind.
    src.onerror = () => {
      state.textContent = t(lang, "reconnecting");
      // An answer that is not a stream (the server busy: 429, 503) ends
      // the browser's own retries: try again in a while.
      if (src.readyState === EventSource.CLOSED) setTimeout(() => es === src && connect(), 5000 + Math.random() * 5000);
    };
  };
  for (const f of [fGame.s, fPlayers.s, fSpeed.s]) f.addEventListener("change", connect);
  connect();
  draw();
  return h(
    "section",
    { class: "live-lobby" },
    h("h2", {}, t(lang, "publicTables")),
    filters,
    state,
    h("h3", {}, t(lang, "lobby.live.open")),
    openList,
    h("h3", {}, t(lang, "lobby.live.playing")),
    playList,
  );
}

/**
 * myTables is the caller's tables in play, those where it is their turn
 * first, each with its date, whose turn and the time left, and the
 * finished ones behind a button (archived). refresh reads them again.
 */
export function myTables(c: LiveCtx, ticker: Ticker): { section: HTMLElement; refresh: () => void; apply: (turns: LobbyTurn[]) => boolean } {
  const { lang, me } = c;
  const list = h("ul", { class: "tables mine" });
  const archive = h("ul", { class: "tables archive", hidden: true });
  const toggle = h("button", { type: "button", class: "show-finished", "aria-expanded": "false", "aria-controls": "archive" }, t(lang, "lobby.showFinished"));
  archive.id = "archive";
  let archived = false;
  const turnOf = (r: LobbyJSON): HTMLElement | string => {
    if (r.status === "open") return t(lang, "waiting");
    if (r.toMove === undefined) return "";
    if (r.toMove === r.you) return h("strong", { class: "your-turn" }, t(lang, "yourTurn"));
    const s = r.seats[r.toMove];
    if (!s) return "";
    const who = seatWords(c, s);
    return typeof who === "string" ? t(lang, "turnOf", who) : h("span", {}, t(lang, "turnOf", s.name));
  };
  const row = (r: LobbyJSON) => {
    const yours = r.status === "live" && r.toMove !== undefined && r.toMove === r.you;
    const parts: (HTMLElement | string | null)[] = [h("a", { href: `/t/${encodeURIComponent(r.id)}`, class: "title" }, c.title(r.game)), " · ", h("span", { class: "date" }, dateText(lang, r.created)), " · ", ...seatList(c, r)];
    const turn = turnOf(r);
    if (turn) parts.push(" · ", h("span", { class: "turn" }, turn));
    if (r.deadline) parts.push(" · ", ticker.add(h("span", { class: "left" }), (now) => t(lang, "lobby.timeLeft", duration(lang, r.deadline! - now))));
    return h("li", { "data-id": r.id, class: yours ? "my-turn" : "" }, h("span", { class: "what" }, ...parts));
  };
  const oldRow = (r: LobbyJSON) => {
    const seat = r.you ?? -1;
    const parts: (HTMLElement | string | null)[] = [h("b", {}, c.title(r.game)), " · ", h("span", { class: "date" }, t(lang, "lobby.ended", dateText(lang, r.updated))), " · ", ...seatList(c, r)];
    if (r.rank === 1) parts.push(" · ", h("strong", { class: "result" }, t(lang, "lobby.won")));
    else if (r.rank) parts.push(" · ", h("span", { class: "result" }, t(lang, "lobby.place", r.rank)));
    else if (r.status === "over" && seat >= 0) parts.push(" · ", h("span", { class: "result" }, t(lang, "lobby.left")));
    if (r.status === "over") parts.push(" · ", h("a", { href: `/replay/${encodeURIComponent(r.id)}`, class: "replay" }, t(lang, "replay")));
    else parts.push(" · ", t(lang, "status_aborted"));
    return h("li", { "data-id": r.id, "data-seat": String(seat) }, h("span", { class: "what" }, ...parts));
  };
  let current: LobbyJSON[] = [];
  const yourTurn = (r: LobbyJSON) => Number(r.status === "live" && r.toMove !== undefined && r.toMove === r.you);
  const draw = () => {
    current.sort((a, b) => yourTurn(b) - yourTurn(a) || (a.deadline || Infinity) - (b.deadline || Infinity) || b.created - a.created);
    clear(list);
    for (const r of current) list.append(row(r));
    if (!list.childElementCount) list.append(h("li", { class: "none" }, t(lang, "noTables")));
  };
  const refresh = () => {
    if (!me) return;
    api<LobbyJSON[]>("/api/tables?mine=1")
      .then((mine) => {
        current = mine;
        draw();
      })
      .catch(c.fail);
    if (archived) showArchive();
  };
  // apply takes the turns the server pushed: a row whose turn or clock
  // changed is redrawn in place; it reports whether the list must be read
  // again (a table it does not know, or one that started or ended).
  const apply = (turns: LobbyTurn[]): boolean => {
    let stale = false;
    for (const tn of turns) {
      const r = current.find((x) => x.id === tn.id);
      if (!r || r.status !== tn.status) {
        stale = true;
        continue;
      }
      r.toMove = tn.toMove >= 0 ? tn.toMove : undefined;
      r.deadline = tn.deadline || undefined;
    }
    draw();
    return stale || turns.length === 0;
  };
  const showArchive = () => {
    api<LobbyJSON[]>("/api/tables?mine=1&finished=1")
      .then((old) => {
        clear(archive);
        for (const r of old) archive.append(oldRow(r));
        if (!archive.childElementCount) archive.append(h("li", { class: "none" }, t(lang, "lobby.noFinished")));
      })
      .catch(c.fail);
  };
  toggle.addEventListener("click", () => {
    archived = !archived;
    archive.hidden = !archived;
    toggle.setAttribute("aria-expanded", String(archived));
    toggle.textContent = t(lang, archived ? "lobby.hideFinished" : "lobby.showFinished");
    if (archived) showArchive();
  });
  refresh();
  const section = h(
    "section",
    { class: "my-tables" },
    h("h2", {}, t(lang, "myTables")),
    list,
    h("div", { class: "row" }, toggle, me ? h("a", { href: `/p/${encodeURIComponent(me.id)}`, class: "my-page" }, t(lang, "lobby.myPage")) : null),
    archive,
  );
  return { section, refresh, apply };
}

/** deviceLink is "continue on another device": a one-time link to open there, with its copy button. */
export function deviceLink(c: LiveCtx): HTMLElement {
  const { lang } = c;
  const out = h("div", { class: "device-link", "aria-live": "polite" });
  const make = h("button", { type: "button", class: "make-link" }, t(lang, "lobby.device.make"));
  make.addEventListener("click", () => {
    api<{ url: string; path: string; expires: number }>("/api/me/link", {})
      .then((r) => {
        const url = new URL(r.path, location.href).href;
        const copy = h("button", { type: "button", class: "copy" }, t(lang, "copy"));
        copy.addEventListener("click", () => {
          navigator.clipboard
            ?.writeText(url)
            .then(() => (copy.textContent = t(lang, "copied")))
            .catch(() => undefined);
        });
        clear(out);
        out.append(
          h("p", {}, t(lang, "labelled", t(lang, "lobby.device.link")), h("a", { href: url, class: "link" }, url)),
          h("div", { class: "row" }, copy),
          h("p", { class: "note" }, t(lang, "lobby.device.valid", Math.round((r.expires - Date.now()) / 60000))),
        );
      })
      .catch(c.fail);
  });
  return h("section", { class: "device" }, h("h2", {}, t(lang, "lobby.device.title")), h("p", {}, t(lang, "lobby.device.hint")), make, out);
}

export { Ticker };
