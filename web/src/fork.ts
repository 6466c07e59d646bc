// "Play from here" (issue 25): from a step of a finished game's replay, a
// new casual table against bots from that position (POST
// /api/tables/{id}/fork, docs/server.md). The replay shows a button at every
// step; it only opens a small form (the seat to take, the bots' strength),
// and only that form's start button creates the table, then opens it. The
// forked table's page says where it comes from (forkNote).

import { clear, h } from "./dom";
import { type Lang, t } from "./i18n";
import type { CreatedJSON, ForkInfo, ForkReq } from "./gen/server";

/** The bots' strengths a fork offers, weakest first (page.lobby.bot.<level>); Medium is the default. */
const LEVELS: { kind: string; level: string }[] = [
  { kind: "random", level: "random" },
  { kind: "greedy", level: "greedy" },
  { kind: "ismcts:easy", level: "easy" },
  { kind: "ismcts:medium", level: "medium" },
  { kind: "ismcts:hard", level: "hard" },
  { kind: "ismcts:expert", level: "expert" },
];
const DEFAULT_BOT = "ismcts:medium";

/** ForkPanel is the replay's "Play from here": a button, and the form it opens. */
export interface ForkPanel {
  root: HTMLElement;
  /** at tells the panel the step shown (n of last). */
  at(n: number, last: number): void;
}

/**
 * forkPanel builds the replay's "Play from here" for table id, whose seats
 * are named by name(i). The seat offered first is the one the visitor held
 * at the table (GET /api/tables/{id} says which), else the first.
 */
export function forkPanel(lang: Lang, id: string, players: number, name: (i: number) => string): ForkPanel {
  let step = 0;
  let over = false;
  const open = h("button", { type: "button", class: "fork-open" }, t(lang, "fork.open")) as HTMLButtonElement;
  const endNote = h("p", { class: "fork-end", hidden: true }, t(lang, "fork.end"));
  const title = h("h2", {}, "");
  const seat = h("select", { name: "seat", class: "fork-seat" }) as HTMLSelectElement;
  // By number and name: a seat named after the bot that played it ("Quick bot") is still a seat, not that bot.
  for (let i = 0; i < players; i++) seat.append(h("option", { value: String(i) }, `${t(lang, "seatN", i + 1)} — ${name(i)}`));
  const bot = h("select", { name: "bot", class: "fork-bot" }) as HTMLSelectElement;
  for (const b of LEVELS) bot.append(h("option", { value: b.kind, selected: b.kind === DEFAULT_BOT }, t(lang, `lobby.bot.${b.level}`)));
  const nameBox = h("span", { class: "fork-name" });
  const start = h("button", { type: "submit", class: "primary fork-start" }, t(lang, "fork.start")) as HTMLButtonElement;
  const back = h("button", { type: "button", class: "fork-back" }, t(lang, "cancel")) as HTMLButtonElement;
  const err = h("p", { class: "message", role: "alert" });
  const form = h(
    "form",
    { class: "fork-form", hidden: true },
    title,
    h("p", { class: "fork-help" }, t(lang, "fork.help")),
    nameBox,
    h("label", {}, t(lang, "fork.seat"), " ", seat),
    h("label", {}, t(lang, "fork.bots"), " ", bot),
    h("div", { class: "fork-buttons" }, start, back),
    err,
  ) as HTMLFormElement;
  const root = h("section", { class: "fork", "aria-label": t(lang, "fork.open") }, open, endNote, form);

  /** The visitor: whether they have a name yet, and the seat they held here. */
  let who: { named: boolean; seat: number } | undefined;
  let nameIn: HTMLInputElement | null = null;

  open.addEventListener("click", async () => {
    form.hidden = false;
    open.hidden = true;
    err.textContent = "";
    if (!who) {
      who = await visitor(id);
      if (who.seat >= 0) seat.value = String(who.seat);
      clear(nameBox);
      nameIn = null;
      if (!who.named) {
        nameIn = h("input", { name: "name", maxlength: "40", required: true, autocomplete: "nickname" }) as HTMLInputElement;
        nameBox.append(h("label", {}, t(lang, "name"), " ", nameIn));
      }
    }
    draw();
    (nameIn ?? seat).focus();
  });
  back.addEventListener("click", () => {
    form.hidden = true;
    open.hidden = false;
    draw();
    open.focus();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void fork();
  });

  function draw(): void {
    title.textContent = t(lang, "fork.title", step);
    open.disabled = over;
    start.disabled = over;
    endNote.hidden = !over;
  }

  /** fork names the visitor if needed, asks for the table and opens it; a refusal stays in words under the form. */
  async function fork(): Promise<void> {
    const post = (url: string, body: object) =>
      fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const fail = async (r: Response) => {
      const j = (await r.json().catch(() => ({}))) as { error?: string };
      err.textContent = t(lang, "error", j.error ?? String(r.status));
    };
    start.disabled = back.disabled = true;
    err.textContent = t(lang, "fork.starting");
    try {
      if (nameIn) {
        const r = await post("/api/me", { name: nameIn.value.trim() });
        if (!r.ok) return await fail(r);
        who = { named: true, seat: who?.seat ?? -1 };
        nameIn = null;
        clear(nameBox);
      }
      const req: ForkReq = { step, seat: Number(seat.value), bot: bot.value };
      const r = await post(`/api/tables/${encodeURIComponent(id)}/fork?lang=${encodeURIComponent(lang)}`, req);
      if (!r.ok) return await fail(r);
      const j = (await r.json()) as CreatedJSON;
      location.href = `/t/${encodeURIComponent(j.id)}`;
    } catch {
      err.textContent = t(lang, "together.statusLost");
    } finally {
      start.disabled = over;
      back.disabled = false;
    }
  }

  return {
    root,
    at(n: number, last: number) {
      step = n;
      over = n >= last;
      draw();
    },
  };
}

/** visitor asks who the browser is (a name yet?) and which seat it held at table id (-1: none). */
async function visitor(id: string): Promise<{ named: boolean; seat: number }> {
  try {
    const me = (await (await fetch("/api/me")).json().catch(() => ({}))) as { id?: string };
    if (!me.id) return { named: false, seat: -1 };
    const tb = (await (await fetch(`/api/tables/${encodeURIComponent(id)}`)).json().catch(() => ({}))) as { you?: number };
    return { named: true, seat: tb.you ?? -1 };
  } catch {
    return { named: false, seat: -1 };
  }
}

/** ForkNote is the forked table's line under its title: where it comes from, with a link to that step of the original. */
export interface ForkNote {
  root: HTMLElement;
  update(info: ForkInfo | undefined): void;
}

export function forkNote(lang: Lang): ForkNote {
  const root = h("p", { class: "fork-note", hidden: true });
  let drawn = "";
  return {
    root,
    update(info) {
      const key = info ? `${info.from}#${info.step}` : "";
      if (key === drawn) return;
      drawn = key;
      clear(root);
      root.hidden = !info;
      if (!info) return;
      root.append(t(lang, "fork.banner", info.step), " ", h("a", { href: `/replay/${encodeURIComponent(info.from)}#${info.step}` }, t(lang, "fork.source")));
    },
  };
}
