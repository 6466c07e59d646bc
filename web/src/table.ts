// The table page's body, independent of where its data comes from: the
// status line, the SVG drawn by the game's renderer with the legal targets
// made clickable, the step bar for choices that are not on the drawing, the
// move box, the undo button when offered, the event log and the score pad.

import { h, clear } from "./dom";
import type { Result } from "./gen/engine";
import type { GameView } from "./gen/server";
import type { CompText, Ctx } from "./games/types";
import { choiceLabels, renderers } from "./games/index";
import { type Lang, format, t } from "./i18n";
import { morph } from "./morph";
import { type LegalMove, Picker, turn } from "./picker";

export type { Result };

/** Everything the page needs to draw one seat's sight of a table. */
export interface TableData {
  game: string;
  title?: string;
  seat: number;
  names: string[];
  toMove: number;
  over: boolean;
  /** The decision now, as this seat reads it ("Take a landscape card or a trophy"). */
  prompt?: string;
  view: GameView;
  moves: LegalMove[];
  events: string[];
  result?: Result;
  /** How many moves the seat may take back now (0: no undo button). */
  undo?: number;
  comps?: Record<string, CompText>;
  /** The replay page's address, linked from the score pad once the game is over. */
  replay?: string;
  /** Ids the last move of each seat touched, to highlight. */
  lastIds?: string[];
  clocks?: { seat: number; ms: number; running: boolean }[];
}

export interface Actions {
  /** move plays legal move index of the current list. */
  move(index: number, m: LegalMove): void;
  /** typed plays a move written in the game's notation (the server parses it). */
  typed(notation: string): void;
  undo?(): void;
}

export class TableView {
  readonly root: HTMLElement;
  private data?: TableData;
  private picker = new Picker([]);
  private lang: Lang;
  private actions: Actions;
  private els: Record<string, HTMLElement>;
  private busy = false;

  constructor(lang: Lang, actions: Actions) {
    this.lang = lang;
    this.actions = actions;
    this.els = {
      status: h("p", { class: "status", role: "status", "aria-live": "polite" }),
      board: h("div", { class: "board-wrap" }),
      steps: h("div", { class: "steps", "aria-live": "polite" }),
      moveForm: h("form", { class: "movebox" }),
      message: h("p", { class: "message", role: "alert" }),
      info: h("p", { class: "info", "aria-live": "polite" }),
      pad: h("section", { class: "pad" }),
      // focusable: a scrolling region must be reachable by keyboard
      log: h("ol", { class: "log", "aria-live": "polite", tabindex: "0", "aria-label": t(lang, "log") }),
    };
    const input = h("input", { name: "move", autocomplete: "off", spellcheck: "false", "aria-label": t(lang, "moveBox"), placeholder: t(lang, "moveBox") }) as HTMLInputElement;
    this.els.moveForm.append(input, h("button", { type: "submit" }, t(lang, "send")));
    this.els.moveForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.typed(input.value);
      input.value = "";
    });
    this.els.board.addEventListener("click", (e) => {
      const el = e.target as Element;
      const thing = el.closest?.("[data-id].target");
      if (thing) {
        this.choose(thing.getAttribute("data-id")!);
        return;
      }
      // A tap on anything else explains it (touch screens have no hover):
      // its title, the name and what the component does.
      const info = el.closest?.("[data-id], [aria-label]");
      const title = info?.querySelector(":scope > title")?.textContent || info?.getAttribute("aria-label");
      this.els.info.textContent = title ?? "";
    });
    this.els.board.addEventListener("keydown", (e) => this.key(e));
    // Escape goes back a step from anywhere on the table (the step bar's buttons too).
    this.els.steps.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.picker.canGoBack()) {
        e.preventDefault();
        this.picker.back();
        this.draw();
      }
    });
    // Turning a phone or resizing across the narrow width redraws the layout.
    let wasNarrow = this.narrow();
    window.addEventListener("resize", () => {
      if (this.narrow() !== wasNarrow && this.data) {
        wasNarrow = this.narrow();
        this.draw();
      }
    });
    this.root = h(
      "div",
      { class: "table" },
      h("div", { class: "play" }, this.els.status, this.els.board, this.els.info, this.els.steps, this.els.message, this.els.moveForm),
      h("aside", { class: "side" }, this.els.pad, h("h2", {}, t(lang, "log")), this.els.log),
    );
  }

  setLang(l: Lang): void {
    this.lang = l;
    if (this.data) this.update(this.data);
  }

  /** update draws new data; a choice in progress survives when the moves are the same. */
  update(d: TableData): void {
    const sameMoves = this.data && JSON.stringify(this.data.moves) === JSON.stringify(d.moves);
    this.data = d;
    this.busy = false;
    if (!sameMoves) this.picker = new Picker(d.moves);
    this.draw();
  }

  /** Tells the table a move was refused, with the server's reason. */
  refused(reason: string): void {
    this.busy = false;
    this.els.message.textContent = t(this.lang, "illegal", reason);
    this.picker.reset();
    this.draw();
  }

  private narrow(): boolean {
    return window.innerWidth < 640;
  }

  myTurn(): boolean {
    return !!this.data && !this.data.over && this.data.toMove === this.data.seat && this.data.moves.length > 0;
  }

  private ctx(): Ctx {
    const d = this.data!;
    const comp = (id: string) => (d.comps && Object.prototype.hasOwnProperty.call(d.comps, id) ? d.comps[id] : undefined);
    return {
      lang: this.lang,
      seat: d.seat,
      names: d.names,
      narrow: this.narrow(),
      comp,
      t: (id, args) => {
        const m = comp(id)?.name;
        return m === undefined ? id : format(m, this.lang, args ?? {});
      },
    };
  }

  private draw(): void {
    const t0 = performance.now();
    this.drawAll();
    // How long drawing took, for the browser tests' measures.
    document.body.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  private drawAll(): void {
    const d = this.data!;
    const L = this.lang;
    const render = renderers[d.game];
    const focusedId = (document.activeElement as Element | null)?.getAttribute?.("data-id");
    this.index.clear();
    // The new drawing is decorated (targets, last moves) while detached,
    // then morphed into the live one: one change of the live page, one
    // layout, of the parts that changed.
    let drawing: Element;
    if (render) {
      // A renderer is a pure function of the view and the context: a step
      // of a decision (same view, same context) reuses the last drawing, a
      // copy of it, instead of drawing it again.
      const ctx = this.ctx();
      const key = JSON.stringify([d.game, ctx.lang, ctx.seat, ctx.names, ctx.narrow]);
      let svg: SVGSVGElement;
      if (this.drawn && this.drawn.view === d.view && this.drawn.comps === d.comps && this.drawn.key === key) {
        svg = this.drawn.svg.cloneNode(true) as SVGSVGElement;
      } else {
        const t0 = performance.now();
        const fresh = render(d.view, ctx);
        document.body.dataset.renderMs = (performance.now() - t0).toFixed(1);
        this.drawn = { view: d.view, comps: d.comps, key, svg: fresh };
        svg = fresh.cloneNode(true) as SVGSVGElement;
      }
      for (const e of svg.querySelectorAll("[data-id]")) if (!this.index.has(e.getAttribute("data-id")!)) this.index.set(e.getAttribute("data-id")!, e);
      drawing = svg;
    } else {
      drawing = h("pre", {}, JSON.stringify(d.view, null, 1));
    }
    // status
    const name = (i: number) => d.names[i] || t(L, "seatN", i + 1);
    this.els.status.textContent = d.over ? t(L, "gameOver") : d.prompt ? d.prompt : this.myTurn() ? t(L, "yourTurn") : d.toMove >= 0 ? t(L, "turnOf", name(d.toMove)) : "";
    this.els.status.classList.toggle("mine", this.myTurn());
    this.els.moveForm.hidden = !this.myTurn();
    // last moves
    for (const id of d.lastIds ?? []) this.find(id)?.classList.add("last");
    this.decorate();
    // The decorated drawing is morphed into the one on the page (morph.ts):
    // only what changed is touched. The index then names the live things.
    const live = this.els.board.firstElementChild;
    if (live && live.nodeName === drawing.nodeName && live.namespaceURI === drawing.namespaceURI) {
      morph(live, drawing);
      this.index.clear();
      for (const e of live.querySelectorAll("[data-id]")) if (!this.index.has(e.getAttribute("data-id")!)) this.index.set(e.getAttribute("data-id")!, e);
    } else {
      this.els.board.replaceChildren(drawing);
    }
    if (focusedId) (this.find(focusedId) as HTMLElement | null)?.focus?.();
    this.drawLog();
    this.drawPad();
  }

  /**
   * In an orientation step: the orientation shown (turned with Rotate and
   * Flip), and the targets of the step after it, which a click chooses
   * together with it.
   */
  private orient = "";
  private via = new Set<string>();

  /** The renderer's last drawing, undecorated, and what it was drawn from. */
  private drawn?: { view: unknown; comps: unknown; key: string; svg: SVGSVGElement };

  /** The drawing's things by id, indexed once per drawing. */
  private index = new Map<string, Element>();

  private find(id: string): Element | null {
    return this.index.get(id) ?? null;
  }

  /** decorate marks the legal next choices on the drawing and lists the rest. */
  private decorate(): void {
    const L = this.lang;
    clear(this.els.steps);
    const choosing = this.myTurn() && !this.busy;
    // While choosing, pawns that are not targets let clicks through to the
    // square under them (app.css); other things still explain themselves.
    this.els.board.classList.toggle("choosing", choosing);
    if (!choosing) return;
    for (const id of this.picker.chosen) this.find(id)?.classList.add("chosen");
    const off: HTMLElement[] = [];
    let choices = this.picker.choices();
    this.via.clear();
    const ids = choices.map((c) => c.id);
    if (choices.length > 1 && choices.every((c) => c.part === "orientation") && turn(ids, ids[0], "rotate") !== undefined) {
      // Orientation as a player turns a tile in hand: the one shown, Rotate,
      // Flip; then a click where it goes chooses both.
      if (!ids.includes(this.orient)) this.orient = ids[0];
      const o = this.orient;
      const rot = turn(ids, o, "rotate")!;
      const flip = turn(ids, o, "flip")!;
      const ctl = h(
        "span",
        { class: "orient", role: "group", "aria-label": t(L, "orientation") },
        h("span", { class: "orient-now" }, this.choiceLabel(o, "orientation")),
        h("button", { type: "button", class: "ctl", disabled: rot === o, onclick: () => { this.orient = rot; this.draw(); } }, "⟳ " + t(L, "rotate")),
        h("button", { type: "button", class: "ctl", disabled: flip === o, onclick: () => { this.orient = flip; this.draw(); } }, "⇋ " + t(L, "flip")),
      );
      this.els.steps.append(ctl);
      choices = this.picker.peek(o);
      for (const c of choices) this.via.add(c.id);
    }
    for (const c of choices) {
      const e = this.find(c.id);
      if (e) {
        e.classList.add("target");
        e.setAttribute("tabindex", "0");
        e.setAttribute("role", "button");
        e.setAttribute("aria-label", e.getAttribute("data-name") || c.id);
      } else {
        off.push(h("button", { type: "button", class: "choice", "data-choice": c.id, onclick: () => this.choose(c.id) }, this.choiceLabel(c.id, c.part)));
      }
    }
    if (this.picker.canGoBack()) {
      this.els.steps.append(h("span", { class: "chosen-list" }, this.picker.chosen.map((c) => this.label(c)).join(" → ")));
      this.els.steps.append(h("button", { type: "button", class: "back", onclick: () => { this.picker.back(); this.draw(); } }, t(L, "cancel")));
    }
    if (off.length) this.els.steps.append(h("span", { class: "choose" }, t(L, "choose")), ...off);
    if ((this.data!.undo ?? 0) > 0 && this.actions.undo) {
      this.els.steps.append(h("button", { type: "button", class: "undo", onclick: () => this.actions.undo!() }, t(L, "undo")));
    }
  }

  /** choiceLabel is the game's label for a choice off the drawing, else label's text. */
  private choiceLabel(id: string, part: string): Node | string {
    const d = this.data!;
    const f = choiceLabels[d.game];
    const got = f?.(id, part, d.view, this.ctx(), this.picker.chosen);
    if (got instanceof Node) {
      // a drawing: keep the text for screen readers beside it
      return h("span", { class: "choice-fig" }, got, h("span", { class: "sr" }, this.label(id)));
    }
    return got ?? this.label(id);
  }

  private label(id: string): string {
    if (id.startsWith("#")) return id.slice(1);
    if (id.startsWith("=")) return id.slice(1);
    // an own property first: a choice that is no component (an orientation, "pass")
    // is not a lookup the harness reports as a missing text
    const comps = this.data?.comps;
    const c = comps && Object.prototype.hasOwnProperty.call(comps, id) ? comps[id] : undefined;
    if (c) return c.name;
    const e = this.find(id);
    return e?.getAttribute("data-name") || id;
  }

  private choose(id: string): void {
    if (!this.myTurn() || this.busy) return;
    this.els.message.textContent = "";
    if (this.via.has(id)) {
      // a target of the step after the orientation: the orientation shown goes with it
      const r0 = this.picker.pick(this.orient);
      if (r0 >= 0) {
        this.play(r0);
        return;
      }
    }
    const r = this.picker.pick(id);
    if (r >= 0) {
      this.play(r);
      return;
    }
    this.draw();
    // keep the keyboard on the drawing: focus the first new target
    (this.els.board.querySelector(".target") as HTMLElement | null)?.focus?.();
  }

  private play(i: number): void {
    this.busy = true;
    const m = this.picker.moves[i];
    this.picker.reset();
    this.draw();
    this.actions.move(i, m);
  }

  private typed(s: string): void {
    if (!this.myTurn() || !s.trim()) return;
    this.els.message.textContent = "";
    this.busy = true;
    this.picker.reset();
    this.draw();
    this.actions.typed(s.trim());
  }

  /** Arrow keys move between targets by position; Enter and Space choose; Escape goes back. */
  private key(e: KeyboardEvent): void {
    const cur = (e.target as Element).closest?.(".target") as SVGGraphicsElement | null;
    if (e.key === "Escape" && this.picker.canGoBack()) {
      this.picker.back();
      this.draw();
      e.preventDefault();
      return;
    }
    if (!cur) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.choose(cur.getAttribute("data-id")!);
      return;
    }
    const dirs: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    const c = centre(cur);
    let best: Element | null = null;
    let bestScore = Infinity;
    for (const o of this.els.board.querySelectorAll(".target")) {
      if (o === cur) continue;
      const p = centre(o as SVGGraphicsElement);
      const dx = p.x - c.x;
      const dy = p.y - c.y;
      const along = dx * d[0] + dy * d[1];
      if (along <= 0) continue;
      const across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = o;
      }
    }
    (best as HTMLElement | null)?.focus?.();
  }

  /** The log lines on the page, to add only the new ones. */
  private shown: string[] = [];

  private drawLog(): void {
    const want = this.data!.events.slice(-60);
    // The lines shown that are still wanted are a suffix of shown and a
    // prefix of want (the window slid by the new events): keep them.
    let drop = 0;
    while (drop < this.shown.length && !startsWith(want, this.shown, drop)) drop++;
    const log = this.els.log;
    if (drop === this.shown.length) clear(log);
    else for (let i = 0; i < drop; i++) log.firstElementChild?.remove();
    const kept = this.shown.length - drop;
    for (const ev of want.slice(kept)) log.append(h("li", {}, ev));
    this.shown = want;
    if (kept === want.length) return;
    // scrolled at the next frame, not now: reading scrollHeight here would force a layout
    requestAnimationFrame(() => (this.els.log.scrollTop = this.els.log.scrollHeight));
  }

  private drawPad(): void {
    const d = this.data!;
    const L = this.lang;
    clear(this.els.pad);
    const r = d.result;
    if (!r || !r.players?.length) return;
    const name = (i: number) => d.names[i] || t(L, "seatN", i + 1);
    const head = h("tr", {}, h("th", { scope: "col" }, ""), ...r.players.map((_, i) => h("th", { scope: "col" }, name(i))));
    const rows = r.categories.map((c, k) => h("tr", {}, h("th", { scope: "row" }, d.comps?.[`score.${c.id}`]?.name ?? c.id), ...r.players.map((p) => h("td", {}, String(p.points[k] ?? "")))));
    const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t(L, "total")), ...r.players.map((p) => h("td", {}, String(p.total))));
    const rank = h("tr", {}, h("th", { scope: "row" }, t(L, "rank")), ...r.players.map((p) => h("td", {}, String(p.rank))));
    const rating = (p: Result["players"][number]) => (p.rating ? (d.comps?.[`rating.${p.rating}`]?.name ?? p.rating) : "");
    const extra = r.players.some((p) => p.rating) ? [h("tr", {}, h("th", { scope: "row" }, t(L, "rating")), ...r.players.map((p) => h("td", {}, rating(p))))] : [];
    this.els.pad.append(h("h2", {}, t(L, "scorePad")), h("table", { class: "scorepad" }, h("thead", {}, head), h("tbody", {}, ...rows, total, rank, ...extra)));
    if (d.replay) this.els.pad.append(h("p", {}, h("a", { href: d.replay, class: "replay button" }, t(L, "replay"))));
  }
}

/** startsWith tells whether a begins with b[from:]. */
function startsWith(a: string[], b: string[], from: number): boolean {
  if (b.length - from > a.length) return false;
  for (let i = from; i < b.length; i++) if (a[i - from] !== b[i]) return false;
  return true;
}

function centre(e: SVGGraphicsElement): { x: number; y: number } {
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
