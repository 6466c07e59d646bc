// The lobby in the page (served as /static/lobby.html until the server's
// own lobby loads the script): first a name (nothing else can be done
// without one, and the page says so), the games each with a picture of a
// real position drawn by its own renderer, what it is, its player counts
// and length; a new table (game, players, the game's options in words,
// colours as swatches, each seat open or a bot named by strength, the
// clock, public, undo). Your tables, the live lobby (open tables to join,
// games to watch, pushed by the server) and "continue on another device"
// are in lobbylive.ts. It speaks the JSON API of docs/server.md.

import { clear, h } from "./dom";
import { botName, format, type Lang, t } from "./i18n";
import { renderers } from "./games/index";
import type { CompText, Ctx } from "./games/types";
import { passkeySignIn } from "./passkey";
import { deviceLink, type LiveCtx, liveTables, myTables, Ticker } from "./lobbylive";
import type { LobbyTurn } from "./gen/server";
import { learnLinks } from "./rules";
import { dailyLink } from "./daily";
import { botIdentities, programHelp, programOptions } from "./botapi";

interface OptionInfo {
  name: string;
  default: string;
  values: string[];
  /** The player counts the option applies to (absent: every count). */
  players?: number[];
  /** The option, what it does and each value, in the page's language (GET /api/games). */
  label: string;
  help: string;
  labels: Record<string, string>;
}

interface GameInfo {
  id: string;
  title: Record<string, string>;
  name: string;
  about?: string;
  duration?: string;
  minPlayers: number;
  maxPlayers: number;
  options: OptionInfo[];
}

interface Sample {
  game: string;
  players: number;
  view: unknown;
  texts: Record<string, CompText>;
}

/** The bots a seat may be, weakest first, each with its level's words (page.lobby.bot.<level>). */
const BOTS: { kind: string; level: string }[] = [
  { kind: "random", level: "random" },
  { kind: "greedy", level: "greedy" },
  { kind: "ismcts:easy", level: "easy" },
  { kind: "ismcts:medium", level: "medium" },
  { kind: "ismcts:hard", level: "hard" },
  { kind: "ismcts:expert", level: "expert" },
];

/** botLevel names a bot kind by its strength ("Strong bot"), or by the shell's "{kind} bot" for another kind. */
function botLevel(lang: Lang, kind: string | undefined): string {
  const b = BOTS.find((b) => b.kind === kind);
  return b ? t(lang, `lobby.bot.${b.level}`) : botName(lang, kind);
}

/**
 * The colours of the games' colour options, by value id: an option whose
 * values are all colours is offered as swatches, each with its word.
 */
const SWATCH: Record<string, string> = {
  blue: "#1f5fbf",
  red: "#c62828",
  yellow: "#f2c200",
  white: "#ffffff",
  orange: "#ef7d00",
  pink: "#e86aa6",
  violet: "#7b3fa0",
  green: "#2e7d32",
  black: "#222222",
};

/** capital starts a catalogue's label ("first player", written to sit inside a sentence) as a heading. */
function capital(s: string, lang: Lang): string {
  return s.charAt(0).toLocaleUpperCase(lang === "xx" ? "en" : lang) + s.slice(1);
}

/**
 * chip is a colour's swatch. Its colour is set through the style object:
 * the pages' Content-Security-Policy refuses style attributes.
 */
function chip(colour: string): HTMLElement {
  const c = h("span", { class: "chip", "aria-hidden": "true" });
  c.style.backgroundColor = colour;
  return c;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error ?? `${r.status}`);
  return j as T;
}

/**
 * picture draws a sample position of g with its own renderer, as a
 * picture: its words are left out (they would be too small to read at this
 * size; the card says what the game is) and nothing in it is a target.
 */
async function picture(box: HTMLElement, g: GameInfo, lang: Lang): Promise<void> {
  const render = renderers[g.id];
  if (!render) return;
  const s = await api<Sample>(`/api/games/${encodeURIComponent(g.id)}/sample?lang=${encodeURIComponent(lang)}`);
  const comp = (id: string) => (Object.prototype.hasOwnProperty.call(s.texts, id) ? s.texts[id] : undefined);
  const ctx: Ctx = {
    lang,
    seat: -1,
    names: [],
    narrow: false,
    comp,
    t: (id, args) => {
      const m = comp(id)?.name;
      return m === undefined ? id : format(m, lang, args ?? {});
    },
  };
  const svg = render(s.view as never, ctx);
  svg.setAttribute("class", "picture-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t(lang, "lobby.picture", g.name));
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const e of svg.querySelectorAll("[tabindex]")) e.removeAttribute("tabindex");
  clear(box);
  box.append(svg);
}

export async function lobby(root: HTMLElement, lang: Lang): Promise<void> {
  const games = await api<GameInfo[]>("/api/games");
  const programs = await botIdentities(); // bot identities a seat may invite
  // A visitor without an identity gets an empty one (no error to log).
  const who = await api<{ id: string; name: string }>("/api/me").catch(() => ({ id: "", name: "" }));
  const me = who.id ? who : undefined;
  const msg = h("p", { class: "message", role: "alert" });
  const fail = (e: unknown) => (msg.textContent = t(lang, "error", e instanceof Error ? e.message : String(e)));

  // name: the first step, said as such until it is done
  const nameIn = h("input", { id: "name", name: "name", maxlength: "40", required: true, value: me?.name ?? "", autocomplete: "nickname" }) as HTMLInputElement;
  const nameForm = h("form", { class: "row name-form" }, h("label", { for: "name" }, t(lang, "name")), nameIn, h("button", { type: "submit" }, t(lang, "save")));
  nameForm.addEventListener("submit", (e) => {
    e.preventDefault();
    api("/api/me", { name: nameIn.value.trim() })
      .then(() => location.reload())
      .catch(fail);
  });
  const nameBox = me
    ? h("section", { class: "named" }, h("p", {}, t(lang, "lobby.playingAs", me.name)), nameForm)
    : h("section", { class: "first-step" }, h("h2", {}, t(lang, "lobby.firstStep")), nameForm, h("p", { class: "hint" }, t(lang, "lobby.nameHint")), passkeySignIn(lang, () => location.reload()));

  // new table
  const gameSel = h("select", { id: "game", name: "game" }, ...games.map((g) => h("option", { value: g.id }, g.name || g.title[lang] || g.title.en))) as HTMLSelectElement;
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
  // Hints: on at a casual table (every table today; rated tables will have none).
  const hints = h("input", { id: "hints", type: "checkbox", checked: true, "aria-describedby": "hints-help" }) as HTMLInputElement;
  // Rated: the result changes the players' ratings; the table is then
  // public, on a clock, without undo and hints (the server refuses it
  // otherwise), so those choices are made for the person and locked.
  const rated = h("input", { id: "rated", type: "checkbox", "aria-describedby": "rated-help" }) as HTMLInputElement;
  const created = h("div", { class: "created", "aria-live": "polite" });

  const game = () => games.find((g) => g.id === gameSel.value)!;
  // A seat's option ("mouse3", "color3") or value ("first" = 3) beyond the
  // number of players has nothing to choose: it is not shown, and the
  // game's default stands.
  const beyond = (name: string, n: number) => {
    const m = /(\d+)$/.exec(name);
    return m !== null && Number(m[1]) > n;
  };
  const drawOptions = () => {
    const g = game();
    const n = Number(playersSel.value);
    clear(optsBox);
    for (const o of g.options) {
      // Only the options that apply to this many players, with something to choose.
      if (beyond(o.name, n) || (o.players && !o.players.includes(n))) continue;
      const id = `opt-${o.name}`;
      const values = o.values.filter((v) => !beyond(v, n));
      if (values.length < 2) continue;
      const help = o.help ? h("small", { class: "help", id: `${id}-help` }, o.help) : null;
      if (values.every((v) => SWATCH[v])) {
        // colours: swatches with their words, one radio group
        optsBox.append(
          h(
            "fieldset",
            { class: "opt swatches", "data-opt": o.name, "aria-describedby": help ? `${id}-help` : null },
            h("legend", {}, capital(o.label, lang)),
            ...values.map((v) =>
              h(
                "label",
                { class: "swatch" },
                h("input", { type: "radio", name: id, value: v, checked: v === o.default }),
                chip(SWATCH[v]),
                o.labels[v] ?? v,
              ),
            ),
            help,
          ),
        );
        continue;
      }
      optsBox.append(
        h(
          "div",
          { class: "opt" },
          h("label", { for: id }, capital(o.label, lang)),
          h("select", { id, "data-opt": o.name, "aria-describedby": help ? `${id}-help` : null }, ...values.map((v) => h("option", { value: v, selected: v === o.default }, o.labels[v] ?? v))),
          help,
        ),
      );
    }
  };
  const drawPlayers = () => {
    const g = game();
    const was = Number(playersSel.value);
    clear(playersSel);
    const want = was >= g.minPlayers && was <= g.maxPlayers ? was : Math.min(Math.max(2, g.minPlayers), g.maxPlayers);
    for (let n = g.minPlayers; n <= g.maxPlayers; n++) playersSel.append(h("option", { value: String(n), selected: n === want }, String(n)));
    drawOptions();
    drawSeats();
  };
  const seatHelp = (v: string) => {
    if (v.startsWith("bot:")) return programHelp(lang, v);
    if (v === "me") return t(lang, "lobby.youHelp");
    if (v === "open") return t(lang, "lobby.openHelp");
    const b = BOTS.find((b) => b.kind === v);
    return b ? t(lang, `lobby.botHelp.${b.level}`) : "";
  };
  const drawSeats = () => {
    const n = Number(playersSel.value);
    clear(seatsBox);
    seatsBox.append(h("legend", {}, t(lang, "players")), h("p", { class: "hint" }, t(lang, "lobby.seatsHelp")));
    for (let i = 0; i < n; i++) {
      const id = `seat-${i}`;
      const sel = h(
        "select",
        { id, "data-seat": String(i), "aria-describedby": `${id}-help` },
        ...(i === 0 ? [h("option", { value: "me" }, t(lang, "you"))] : []),
        h("option", { value: "open" }, t(lang, "open")),
        ...BOTS.map((b) => h("option", { value: b.kind, selected: i > 0 && b.kind === "greedy" }, t(lang, `lobby.bot.${b.level}`))),
        programOptions(lang, programs), // bot identities (botapi.ts)
      ) as HTMLSelectElement;
      const help = h("small", { class: "help", id: `${id}-help` }, seatHelp(sel.value));
      sel.addEventListener("change", () => (help.textContent = seatHelp(sel.value)));
      seatsBox.append(h("div", { class: "seat" }, h("label", { for: id }, t(lang, "seatN", i + 1)), sel, help));
    }
  };
  const drawClock = () => {
    rt.hidden = clockSel.value !== "realtime";
    as.hidden = clockSel.value !== "async";
  };
  gameSel.addEventListener("change", drawPlayers);
  playersSel.addEventListener("change", () => {
    drawOptions();
    drawSeats();
  });
  clockSel.addEventListener("change", drawClock);
  const drawRated = () => {
    const on = rated.checked;
    if (on) {
      pub.checked = true;
      undo.checked = false;
      hints.checked = false;
      if (clockSel.value === "none") clockSel.value = "realtime";
    }
    pub.disabled = undo.disabled = hints.disabled = on;
    clockSel.querySelector<HTMLOptionElement>('option[value="none"]')!.disabled = on;
    // Only the bots whose rating is measured sit at a rated table (server/ratinganchors.json).
    for (const sel of seatsBox.querySelectorAll<HTMLSelectElement>("select[data-seat]")) {
      for (const o of sel.options) o.disabled = on && o.value.startsWith("ismcts:") && o.value !== "ismcts:easy" && o.value !== "ismcts:medium";
      if (sel.selectedOptions[0]?.disabled) {
        sel.value = "greedy";
        sel.dispatchEvent(new Event("change"));
      }
    }
    drawClock();
  };
  rated.addEventListener("change", drawRated);
  gameSel.addEventListener("change", drawRated);
  playersSel.addEventListener("change", drawRated);
  drawPlayers();
  drawClock();

  const createForm = h(
    "form",
    { class: "create", id: "new-table" },
    h("div", { class: "row" }, h("label", { for: "game" }, t(lang, "game")), gameSel, h("label", { for: "players" }, t(lang, "players")), playersSel),
    optsBox,
    seatsBox,
    h("div", { class: "row" }, h("label", { for: "clock" }, t(lang, "clock")), clockSel),
    rt,
    as,
    h("div", { class: "row" }, h("span", { class: "check" }, pub, h("label", { for: "public" }, t(lang, "publicTable"))), h("span", { class: "check" }, undo, h("label", { for: "undo" }, t(lang, "undoAllowed"))), h("span", { class: "check" }, hints, h("label", { for: "hints" }, t(lang, "lobby.hints")))),
    h("small", { class: "help", id: "hints-help" }, t(lang, "lobby.hintsHelp")),
    h("div", { class: "row" }, h("span", { class: "check" }, rated, h("label", { for: "rated" }, t(lang, "lobby.rated")))),
    h("small", { class: "help", id: "rated-help" }, t(lang, "lobby.ratedHelp")),
    h("button", { type: "submit", class: "primary" }, t(lang, "create")),
  );
  createForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const options: Record<string, string> = {};
    for (const s of optsBox.querySelectorAll<HTMLSelectElement>("select[data-opt]")) options[s.dataset.opt!] = s.value;
    for (const f of optsBox.querySelectorAll<HTMLFieldSetElement>("fieldset[data-opt]")) {
      const v = f.querySelector<HTMLInputElement>("input:checked")?.value;
      if (v) options[f.dataset.opt!] = v;
    }
    const seats = [...seatsBox.querySelectorAll<HTMLSelectElement>("select[data-seat]")].map((s) => s.value);
    const clock = clockSel.value === "realtime" ? { mode: "realtime", minutes: Number(minutes.value), increment: Number(inc.value) } : clockSel.value === "async" ? { mode: "async", hours: Number(hours.value) } : { mode: "none" };
    api<{ url: string; inviteUrl: string; spectate: string }>("/api/tables", { game: gameSel.value, players: seats.length, seats, options, clock, public: pub.checked, undo: undo.checked, hints: hints.checked, rated: rated.checked })
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

  // the games, each with its picture, what it is and a way to play it
  const cards = h(
    "ul",
    { class: "game-cards" },
    ...games.map((g) => {
      const pic = h("div", { class: "picture" });
      picture(pic, g, lang).catch(() => pic.remove()); // a card reads without its picture
      const players = g.minPlayers === g.maxPlayers ? t(lang, "lobby.playersN", g.minPlayers) : t(lang, "lobby.playersRange", g.minPlayers, g.maxPlayers);
      let action: HTMLElement;
      if (me) {
        action = h("button", { type: "button", class: "new-with" }, t(lang, "lobby.newWith", g.name));
        action.addEventListener("click", () => {
          gameSel.value = g.id;
          drawPlayers();
          createForm.scrollIntoView({ behavior: "smooth", block: "start" });
          gameSel.focus({ preventScroll: true });
        });
      } else action = h("p", { class: "hint" }, t(lang, "lobby.nameFirst"));
      return h(
        "li",
        { class: "game-card", "data-game": g.id },
        pic,
        h("h3", {}, g.name),
        h("p", { class: "facts" }, g.duration ? `${players} · ${g.duration}` : players),
        g.about ? h("p", { class: "about" }, g.about) : null,
        learnLinks(g.id, lang), // rules.ts: "How to play" and "Tutorial"
        action,
      );
    }),
  );

  // tables: mine, the live lobby, another device (lobbylive.ts)
  const live: LiveCtx = {
    lang,
    me,
    title: (id) => games.find((g) => g.id === id)?.name || id,
    botWord: (kind) => botLevel(lang, kind),
    games: games.map((g) => ({ id: g.id, name: g.name || g.title[lang] || g.title.en, maxPlayers: g.maxPlayers })),
    fail,
  };
  const ticker = new Ticker();
  const mine = me ? myTables(live, ticker) : undefined;
  let again: ReturnType<typeof setTimeout> | undefined;
  // A turn pushed by the server is drawn at once; a table that started,
  // ended or is new to the list makes it read again, once for a burst.
  const onMine = (turns: LobbyTurn[]) => {
    if (!mine?.apply(turns)) return;
    clearTimeout(again);
    again = setTimeout(() => mine.refresh(), 300);
  };
  const lobbyTables = liveTables(live, ticker, onMine);

  clear(root);
  root.append(
    h(
      "div",
      { class: "lobby" },
      h("h1", {}, t(lang, "lobby")),
      msg,
      nameBox,
      dailyLink(lang), // daily.ts: the daily garden, prominent
      // The leaderboards, where a player looks for them: near the top, a button with what it shows (a newcomer missed the line at the foot).
      h("p", { class: "boards-link" }, h("a", { href: "/ratings", class: "button" }, t(lang, "lobby.boards")), h("span", {}, t(lang, "lobby.boardsAbout"))),
      mine ? mine.section : null,
      lobbyTables,
      me ? h("section", {}, h("h2", {}, t(lang, "newTable")), createForm, created) : null,
      h("section", {}, h("h2", {}, t(lang, "lobby.games")), cards),
      me ? deviceLink(live) : null,
    ),
  );
}
