// The lobby in the page (served as /static/lobby.html until the server's
// own lobby loads the script): your name, a new table (game, players,
// options, each seat open or a bot and its level, the clock, public, undo),
// your tables with those where it is your turn first, and the open public
// tables to join or watch. It speaks the JSON API of docs/server.md.

import { clear, h } from "./dom";
import { botName, type Lang, t, type Word } from "./i18n";

interface GameInfo {
  id: string;
  title: Record<string, string>;
  minPlayers: number;
  maxPlayers: number;
  options: { name: string; default: string; values: string[]; help: string }[];
}

interface TableRow {
  id: string;
  game: string;
  title: string;
  players: number;
  status: string;
  clock: { mode: string };
  seats: { name?: string; kind: string; bot?: string }[];
}

const SEAT_KINDS = ["open", "random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"];

async function api<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error ?? `${r.status}`);
  return j as T;
}

export async function lobby(root: HTMLElement, lang: Lang): Promise<void> {
  const games = await api<GameInfo[]>("/api/games");
  let me: { name: string } | undefined;
  try {
    me = await api<{ name: string }>("/api/me");
  } catch {
    me = undefined; // no identity yet
  }
  const msg = h("p", { class: "message", role: "alert" });
  const fail = (e: unknown) => (msg.textContent = t(lang, "error", e instanceof Error ? e.message : String(e)));

  // name
  const nameIn = h("input", { id: "name", name: "name", maxlength: "40", required: true, value: me?.name ?? "", autocomplete: "nickname" }) as HTMLInputElement;
  const nameForm = h("form", { class: "row" }, h("label", { for: "name" }, t(lang, "name")), nameIn, h("button", { type: "submit" }, t(lang, "save")));
  nameForm.addEventListener("submit", (e) => {
    e.preventDefault();
    api("/api/me", { name: nameIn.value.trim() })
      .then(() => location.reload())
      .catch(fail);
  });

  // new table
  const gameSel = h("select", { id: "game", name: "game" }, ...games.map((g) => h("option", { value: g.id }, `${g.title[lang] || g.title.en} (${g.minPlayers}–${g.maxPlayers})`))) as HTMLSelectElement;
  const playersSel = h("select", { id: "players", name: "players" }) as HTMLSelectElement;
  const optsBox = h("div", { class: "opts" });
  const seatsBox = h("fieldset", { class: "seats-box" });
  const clockSel = h("select", { id: "clock", name: "clock" }, h("option", { value: "none" }, t(lang, "noClock")), h("option", { value: "realtime" }, t(lang, "realtime")), h("option", { value: "async" }, t(lang, "async"))) as HTMLSelectElement;
  const minutes = h("input", { id: "minutes", type: "number", min: "1", max: "180", value: "10" }) as HTMLInputElement;
  const inc = h("input", { id: "increment", type: "number", min: "0", max: "600", value: "5" }) as HTMLInputElement;
  const hours = h("input", { id: "hours", type: "number", min: "1", max: "720", value: "24" }) as HTMLInputElement;
  const rt = h("span", { class: "row" }, h("label", { for: "minutes" }, t(lang, "minutes")), minutes, h("label", { for: "increment" }, t(lang, "increment")), inc);
  const as = h("span", { class: "row" }, h("label", { for: "hours" }, t(lang, "perMove")), hours);
  const pub = h("input", { id: "public", type: "checkbox", checked: true }) as HTMLInputElement;
  const undo = h("input", { id: "undo", type: "checkbox", checked: true }) as HTMLInputElement;
  const created = h("div", { class: "created", "aria-live": "polite" });

  const game = () => games.find((g) => g.id === gameSel.value)!;
  const drawPlayers = () => {
    const g = game();
    clear(playersSel);
    for (let n = g.minPlayers; n <= g.maxPlayers; n++) playersSel.append(h("option", { value: String(n), selected: n === Math.max(2, g.minPlayers) && n <= g.maxPlayers }, String(n)));
    clear(optsBox);
    for (const o of g.options) {
      const id = `opt-${o.name}`;
      optsBox.append(h("span", { class: "row" }, h("label", { for: id, title: o.help }, o.name), h("select", { id, "data-opt": o.name }, ...o.values.map((v) => h("option", { value: v, selected: v === o.default }, v)))));
    }
    drawSeats();
  };
  const drawSeats = () => {
    const n = Number(playersSel.value);
    clear(seatsBox);
    seatsBox.append(h("legend", {}, t(lang, "players")));
    for (let i = 0; i < n; i++) {
      const id = `seat-${i}`;
      const sel = h(
        "select",
        { id, "data-seat": String(i) },
        ...(i === 0 ? [h("option", { value: "me" }, t(lang, "you"))] : []),
        ...SEAT_KINDS.map((k) => h("option", { value: k, selected: i > 0 && k === "greedy" }, k === "open" ? t(lang, "open") : t(lang, "botOption", k))),
      );
      seatsBox.append(h("span", { class: "row" }, h("label", { for: id }, t(lang, "seatN", i + 1)), sel));
    }
  };
  const drawClock = () => {
    rt.hidden = clockSel.value !== "realtime";
    as.hidden = clockSel.value !== "async";
  };
  gameSel.addEventListener("change", drawPlayers);
  playersSel.addEventListener("change", drawSeats);
  clockSel.addEventListener("change", drawClock);
  drawPlayers();
  drawClock();

  const createForm = h(
    "form",
    { class: "create" },
    h("span", { class: "row" }, h("label", { for: "game" }, t(lang, "game")), gameSel, h("label", { for: "players" }, t(lang, "players")), playersSel),
    optsBox,
    seatsBox,
    h("span", { class: "row" }, h("label", { for: "clock" }, t(lang, "clock")), clockSel),
    rt,
    as,
    h("span", { class: "row" }, pub, h("label", { for: "public" }, t(lang, "publicTable")), undo, h("label", { for: "undo" }, t(lang, "undoAllowed"))),
    h("button", { type: "submit", class: "primary" }, t(lang, "create")),
  );
  createForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const options: Record<string, string> = {};
    for (const s of optsBox.querySelectorAll<HTMLSelectElement>("select[data-opt]")) options[s.dataset.opt!] = s.value;
    const seats = [...seatsBox.querySelectorAll<HTMLSelectElement>("select[data-seat]")].map((s) => s.value);
    const clock = clockSel.value === "realtime" ? { mode: "realtime", minutes: Number(minutes.value), increment: Number(inc.value) } : clockSel.value === "async" ? { mode: "async", hours: Number(hours.value) } : { mode: "none" };
    api<{ url: string; inviteUrl: string; spectate: string }>("/api/tables", { game: gameSel.value, players: seats.length, seats, options, clock, public: pub.checked, undo: undo.checked })
      .then((r) => {
        clear(created);
        if (!seats.includes("open")) {
          location.href = r.url;
          return;
        }
        const abs = (u: string) => new URL(u, location.href).href;
        created.append(
          h("p", {}, t(lang, "labelled", t(lang, "invite")), h("a", { href: abs(r.inviteUrl), class: "invite" }, abs(r.inviteUrl))),
          h("p", {}, t(lang, "labelled", t(lang, "spectate")), h("a", { href: abs(r.spectate) }, abs(r.spectate))),
          h("p", {}, h("a", { href: r.url, class: "button" }, t(lang, "play"))),
        );
      })
      .catch(fail);
  });

  // tables
  const mineList = h("ul", { class: "tables" });
  const openList = h("ul", { class: "tables" });
  // Titles, statuses and clocks in the page's language (the API answers English titles).
  const titleOf = (r: TableRow) => games.find((g) => g.id === r.game)?.title[lang] || r.title;
  const statuses: Record<string, Word> = { open: "status_open", live: "status_live", over: "status_over", aborted: "status_aborted" };
  const statusOf = (s: string) => (statuses[s] ? t(lang, statuses[s]) : s);
  const clockOf = (m: string) => (m === "realtime" ? t(lang, "realtime") : m === "async" ? t(lang, "async") : t(lang, "noClock"));
  const seatNames = (r: TableRow) => r.seats.map((s) => (s.kind === "bot" && (!s.name || s.name === `${s.bot} bot`) ? botName(lang, s.bot) : s.name || (s.kind === "open" ? "—" : s.kind))).join(", ");
  if (me) {
    try {
      const mine = await api<TableRow[]>("/api/tables?mine=1");
      // whose turn each is: the table's own answer says
      const details = await Promise.all(mine.map((r) => api<{ toMove: number; you?: number }>(`/api/tables/${encodeURIComponent(r.id)}`).catch(() => ({ toMove: -1, you: -2 }))));
      const rows = mine.map((r, i) => ({ r, mine: r.status === "live" && details[i].toMove >= 0 && details[i].toMove === details[i].you }));
      rows.sort((a, b) => Number(b.mine) - Number(a.mine));
      for (const { r, mine: turn } of rows) {
        mineList.append(
          h(
            "li",
            { class: turn ? "my-turn" : "" },
            h("a", { href: `/t/${encodeURIComponent(r.id)}` }, titleOf(r)),
            ` · ${seatNames(r)} · ${statusOf(r.status)}`,
            turn ? h("strong", {}, ` · ${t(lang, "yourTurn")}`) : null,
            r.status === "over" ? [" · ", h("a", { href: `/replay/${encodeURIComponent(r.id)}`, class: "replay" }, t(lang, "replay"))] : null,
          ),
        );
      }
    } catch (e) {
      fail(e);
    }
  }
  if (!mineList.childElementCount) mineList.append(h("li", {}, t(lang, "noTables")));
  try {
    for (const r of await api<TableRow[]>("/api/tables")) {
      const join = h("button", { type: "button" }, t(lang, "join"));
      join.addEventListener("click", () => {
        api(`/api/tables/${encodeURIComponent(r.id)}/join`, {})
          .then(() => (location.href = `/t/${encodeURIComponent(r.id)}`))
          .catch(fail);
      });
      openList.append(h("li", {}, `${titleOf(r)} · ${seatNames(r)} · ${clockOf(r.clock.mode)} `, me ? join : null, " ", h("a", { href: `/t/${encodeURIComponent(r.id)}?watch=1` }, t(lang, "watch"))));
    }
  } catch (e) {
    fail(e);
  }
  if (!openList.childElementCount) openList.append(h("li", {}, t(lang, "noTables")));

  clear(root);
  root.append(h(
    "div",
    { class: "lobby" },
    h("h1", {}, t(lang, "lobby")),
    msg,
    h("section", {}, nameForm),
    me ? h("section", {}, h("h2", {}, t(lang, "myTables")), mineList) : null,
    me ? h("section", {}, h("h2", {}, t(lang, "newTable")), createForm, created) : null,
    h("section", {}, h("h2", {}, t(lang, "publicTables")), openList),
  ));
}
