// The table page's body, independent of where its data comes from: the
// status line, the SVG drawn by the game's renderer with the legal targets
// made clickable, the step bar for choices that are not on the drawing, the
// move box, the undo button when offered, the event log and the score pad.

import { h, clear } from "./dom";
import type { Result } from "./gen/engine";
import { padRanks } from "./padrank";
import type { GameView, HintJSON } from "./gen/server";
import type { CompText, Ctx } from "./games/types";
import { choiceLabels, previews, renderers } from "./games/index";
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
  /** The log: each event's sentence, with its move's version and actor when known. */
  events: LogLine[];
  result?: Result;
  /** Seats whose person left or ran out of time (a bot finished their game): ranked after the others. */
  left?: boolean[];
  /** The table is waiting for players: no one decides yet. */
  waiting?: boolean;
  /** How many seats are still open while it waits ("Waiting for 1 player"). */
  waitingFor?: number;
  /** How many moves the seat may take back now (0: no undo button). */
  undo?: number;
  comps?: Record<string, CompText>;
  /** The replay page's address, linked from the score pad once the game is over. */
  replay?: string;
  /**
   * What the last move of each seat touched, to highlight where it was
   * made: ids inside that seat's own area (data-owner) or in shared parts,
   * never in another seat's area.
   */
  last?: LastMove[];
  clocks?: { seat: number; ms: number; running: boolean }[];
  /** The table's version (a hint is for one version only). */
  v?: number;
  /** The seat to move may ask for a hint (a casual table). */
  hints?: boolean;
}

/** One line of the log. */
export interface LogLine {
  text: string;
  /** The table's version the event came with: the number of the move that caused it. */
  v?: number;
  /** The seat that acted, or -1 (the game itself). */
  actor?: number;
  /** The game's event key ("end-triggered-village"): the end banner repeats why the game ended. */
  key?: string;
}

/** The ids a seat's latest move named. */
export interface LastMove {
  seat: number;
  ids: string[];
}

export interface Actions {
  /** move plays legal move index of the current list. */
  move(index: number, m: LegalMove): void;
  undo?(): void;
  /** hint asks what the Medium bot would play: the hint, or why there is none in words. */
  hint?(): Promise<HintJSON | string>;
}

export class TableView {
  readonly root: HTMLElement;
  /** The panel beside the drawing (the score pad, the log): the table page adds its chat there. */
  readonly side: HTMLElement;
  private data?: TableData;
  private picker = new Picker([]);
  private lang: Lang;
  private actions: Actions;
  private els: Record<string, HTMLElement>;
  private busy = false;
  /** The player plays by keyboard: focus follows the decisions. */
  private keyboard = false;
  /** The version of the log up to which the player dismissed the "since your last move" summary. */
  private sinceSeen = -1;

  constructor(lang: Lang, actions: Actions) {
    this.lang = lang;
    this.actions = actions;
    this.els = {
      status: h("p", { class: "status", role: "status", "aria-live": "polite" }),
      banner: h("p", { class: "banner", hidden: true }),
      since: h("div", { class: "since", hidden: true }),
      hint: h("p", { class: "hint", hidden: true }, t(lang, "table.keys")),
      board: h("div", { class: "board-wrap" }),
      steps: h("div", { class: "steps", "aria-live": "polite" }),
      message: h("p", { class: "message", role: "alert" }),
      info: h("p", { class: "info", "aria-live": "polite" }),
      suggest: h("section", { class: "suggest", hidden: true }),
      pad: h("section", { class: "pad" }),
      // focusable: a scrolling region must be reachable by keyboard
      log: h("ol", { class: "log", "aria-live": "polite", tabindex: "0", "aria-label": t(lang, "log") }),
    };
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
    // Escape goes back a step from anywhere on the page but a text box
    // (the move box, the chat), where it belongs to the box.
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || e.defaultPrevented || !this.picker.canGoBack()) return;
      const el = document.activeElement;
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return;
      e.preventDefault();
      this.keyboard = true;
      this.picker.back();
      this.draw();
      this.focusFirst();
    });
    // A pointer in use: focus stays where the player put it. Keys: it
    // follows the decisions (focusFirst).
    this.els.board.addEventListener("pointerdown", () => (this.keyboard = false));
    this.els.steps.addEventListener("pointerdown", () => (this.keyboard = false));
    this.els.steps.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") this.keyboard = true;
    });
    // The ghost of a placement while its target is pointed at (Preview).
    const point = (e: Event) => {
      const thing = (e.target as Element).closest?.("[data-id].target");
      this.ghost(thing?.getAttribute("data-id") ?? undefined);
    };
    this.els.board.addEventListener("pointerover", point);
    this.els.board.addEventListener("focusin", point);
    this.els.board.addEventListener("pointerleave", () => this.ghost(undefined));
    this.els.board.addEventListener("focusout", (e) => {
      if (!this.els.board.contains(e.relatedTarget as Node | null)) this.ghost(undefined);
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
      h(
        "div",
        { class: "play" },
        // The decision and its choices above the drawing, visible without scrolling.
        h("div", { class: "decide" }, this.els.banner, this.els.status, this.els.since, this.els.steps, this.els.message, this.els.hint, this.els.suggest),
        this.els.board,
        this.els.info,
      ),
      (this.side = h("aside", { class: "side" }, this.els.pad, h("h2", {}, t(lang, "log")), this.els.log)),
    );
  }

  setLang(l: Lang): void {
    this.lang = l;
    if (this.data) this.update(this.data);
  }

  /** update draws new data; a choice in progress survives when the moves are the same. */
  update(d: TableData): void {
    const sameMoves = this.data && JSON.stringify(this.data.moves) === JSON.stringify(d.moves);
    // Another's move (the view changed and it is not the answer to this
    // page's own move): what changed flashes briefly.
    this.flash = !!this.data && this.data.view !== d.view && !this.busy;
    const onBoard = this.els.board.contains(document.activeElement);
    const answer = this.busy; // the answer to this page's own move
    this.data = d;
    this.busy = false;
    if (!sameMoves) this.picker = new Picker(d.moves);
    this.draw();
    // The turn came (back) to a keyboard player: to the first target.
    if (this.myTurn() && !sameMoves && (this.keyboard || onBoard)) this.focusFirst();
    // The player's own turn goes on (a card taken, now one to place): the
    // next decision's targets come into sight if none is.
    else if (this.myTurn() && !sameMoves && answer) this.bringIntoSight();
  }

  /**
   * bringIntoSight brings the decision's targets into sight after the
   * player's own click: all of them, the least scroll that shows them,
   * when they fit between the decision's bar (sticky on a phone while a
   * tile is turned) and the screen's bottom; else, when none is in sight,
   * the nearest, in the middle of the screen. In English Gardens on a 900
   * px desktop, "Place a card from your hand" came with the hand below the
   * screen, after a click on the display at the top; in Alice's Garden on
   * a phone, the Rotate bar covered the garden's upper rows. The page never
   * moves under someone who did not click.
   */
  private bringIntoSight(): void {
    const ts = [...this.els.board.querySelectorAll(".target")];
    if (!ts.length) return;
    const boxes = ts.map((e) => ({ e, r: e.getBoundingClientRect() })).filter(({ r }) => r.height > 0);
    if (!boxes.length) return;
    const bar = this.els.board.parentElement?.querySelector(".decide")?.getBoundingClientRect();
    const sticky = !!bar && bar.top <= 1 && getComputedStyle(this.els.board.parentElement!.querySelector(".decide")!).position === "sticky";
    const top = sticky ? bar!.bottom : 0;
    const bottom = window.innerHeight;
    const hi = Math.min(...boxes.map(({ r }) => r.top));
    const lo = Math.max(...boxes.map(({ r }) => r.bottom));
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const behavior: ScrollBehavior = smooth ? "smooth" : "auto";
    if (hi >= top && lo <= bottom) return; // all in sight
    if (lo - hi + 16 <= bottom - top) {
      let by = hi < top ? hi - top - 8 : lo - bottom + 8;
      // Down, not past the prompt when a whole target is then in sight with it: Happy Garden's garden on a phone
      // fits the screen but not with the prompt, and the least scroll showing every place hid "Choose where the
      // tile goes"; what is left below is a scroll away. English Gardens' hand on a desktop is under the
      // village: with the prompt kept, none of it would show, and the hand comes first.
      if (by > 0 && !sticky) {
        const kept = Math.min(by, Math.max(0, this.els.status.getBoundingClientRect().top - 4));
        if (boxes.some(({ r }) => r.top - kept >= top && r.bottom - kept <= bottom)) by = kept;
      }
      if (by !== 0) window.scrollBy({ top: by, behavior });
      return;
    }
    const choices = [...this.els.steps.querySelectorAll("button.choice")].map((e) => e.getBoundingClientRect());
    if ([...boxes.map(({ r }) => r), ...choices].some((r) => r.height > 0 && r.bottom > top && r.top < bottom)) return;
    const off = ({ r }: { r: DOMRect }) => (r.top >= bottom ? r.top - bottom : top - r.bottom);
    // centred: the cards beside it and what they go on come with it
    boxes.sort((a, b) => off(a) - off(b))[0].e.scrollIntoView({ block: "center", behavior });
  }

  /** Whether the next drawing flashes what it changed. */
  private flash = false;

  /** The connection is lost: the table is shown as it was, the status says so. */
  private offline = false;

  /**
   * setOffline tells the table the connection is lost (true) or back: the
   * status says it is lost rather than whose turn it is; choices still
   * work, and the page says a move made meanwhile waits (notice).
   */
  setOffline(off: boolean): void {
    if (this.offline === off) return;
    this.offline = off;
    if (this.data) this.draw();
  }

  /**
   * stillWaiting keeps the move just made on its way after a sync that
   * does not answer it (a reconnection: the socket sends it again right
   * after), so that its targets are not offered a second time meanwhile.
   */
  stillWaiting(): void {
    if (this.busy || !this.myTurn()) return;
    this.busy = true;
    this.picker.reset();
    this.draw();
  }

  /** release ends stillWaiting when the answer needs no update (the table already showed the move). */
  release(): void {
    if (!this.busy) return;
    this.busy = false;
    this.draw();
  }

  /** underStatus puts a box of the page's right under the status line (the table page's invite box). */
  underStatus(el: HTMLElement): void {
    this.els.status.after(el);
  }

  /** notice says something about the move just made that is no refusal ("will be sent when…"); "" clears it. */
  notice(text: string): void {
    this.els.message.textContent = text;
    this.els.message.classList.toggle("note", text !== "");
  }

  /** Tells the table a move was refused, with the server's reason. */
  refused(reason: string): void {
    this.busy = false;
    this.els.message.classList.remove("note");
    this.els.message.textContent = reason ? t(this.lang, "illegal", reason) : "";
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
    this.els.status.textContent = this.statusText();
    this.els.status.classList.toggle("mine", this.myTurn() && !this.offline);
    this.els.status.classList.toggle("lost", this.offline && !d.over);
    this.drawBanner();
    this.drawSince();
    // last moves, where they were made
    if (drawing instanceof SVGSVGElement) for (const e of lastMarks(drawing, d.last ?? [])) e.classList.add("last");
    this.decorate();
    this.drawSuggest(drawing);
    // The decorated drawing is morphed into the one on the page (morph.ts):
    // only what changed is touched. The index then names the live things.
    const live = this.els.board.firstElementChild;
    if (live && live.nodeName === drawing.nodeName && live.namespaceURI === drawing.namespaceURI) {
      const changed = morph(live, drawing);
      if (this.flash) flashChanged(changed);
      this.flash = false;
      this.index.clear();
      for (const e of live.querySelectorAll("[data-id]")) if (!this.index.has(e.getAttribute("data-id")!)) this.index.set(e.getAttribute("data-id")!, e);
    } else {
      this.els.board.replaceChildren(drawing);
    }
    if (focusedId) (this.find(focusedId) as HTMLElement | null)?.focus?.();
    this.els.hint.hidden = !this.myTurn() || this.busy || !this.els.board.querySelector(".target");
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
        off.push(h("button", { type: "button", class: "choice", "data-choice": c.id, onclick: () => this.choose(c.id) }, this.choiceLabel(c.id, c.part, off.length)));
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
  private choiceLabel(id: string, part: string, k = 0): Node | string {
    const d = this.data!;
    const f = choiceLabels[d.game];
    const got = f?.(id, part, d.view, this.ctx(), this.picker.chosen);
    if (got instanceof Node) {
      // a drawing: keep the text for screen readers beside it
      return h("span", { class: "choice-fig" }, got, h("span", { class: "sr" }, this.label(id, part, k)));
    }
    return got ?? this.label(id, part, k);
  }

  /** compText is the catalogue's text of id, if the game sent one. */
  private compText(id: string): string | undefined {
    // an own property: a choice that is no component (an orientation, "pass")
    // is not a lookup the harness reports as a missing text
    const comps = this.data?.comps;
    return comps && Object.prototype.hasOwnProperty.call(comps, id) ? comps[id].name : undefined;
  }

  /**
   * label names a choice in words, never by its id: a kind of move by the
   * game's move.<kind>, a component by its name; a choice with no words
   * at all is "<part> <k+1>" (the k-th choice of that part).
   */
  private label(id: string, part = "", k = 0): string {
    if (id.startsWith("#")) {
      const m = this.compText("move." + id.slice(1));
      return m !== undefined ? capital(format(m, this.lang, {}), this.lang) : t(this.lang, "table.choiceN", k + 1);
    }
    if (id.startsWith("=")) return id.slice(1);
    const c = this.compText(id);
    if (c !== undefined) return c;
    const named = this.find(id)?.getAttribute("data-name");
    if (named) return named;
    const p = this.compText("part." + part);
    return p !== undefined ? `${capital(format(p, this.lang, {}), this.lang)} ${k + 1}` : t(this.lang, "table.choiceN", k + 1);
  }

  /**
   * statusText is the decision as this seat reads it: the game's prompt,
   * or once a first choice is made the game's words for the part asked
   * next (page.step.<part>); before the seats are filled, that the table
   * waits for players.
   */
  private statusText(): string {
    const d = this.data!;
    const L = this.lang;
    if (d.over) return t(L, "gameOver");
    if (this.offline) return t(L, "together.statusLost");
    if (d.waiting) return d.waitingFor ? t(L, "together.waitingFor", d.waitingFor) : t(L, "waiting");
    if (this.myTurn() && !this.busy && this.picker.chosen.length > 0) {
      const next = this.picker.choices()[0];
      const step = next && this.compText("page.step." + next.part);
      if (step !== undefined) return format(step, L, {});
    }
    if (d.prompt) return d.prompt;
    const name = (i: number) => d.names[i] || t(L, "seatN", i + 1);
    return this.myTurn() ? t(L, "yourTurn") : d.toMove >= 0 ? t(L, "turnOf", name(d.toMove)) : "";
  }

  /** drawBanner announces the end: the winner and one sentence of the final ranking. */
  private drawBanner(): void {
    const d = this.data!;
    const r = d.result;
    const b = this.els.banner;
    b.hidden = !d.over || !r?.players?.length;
    if (b.hidden) return;
    b.textContent = capital(ranking(this.lang, r!, (i) => d.names[i] || t(this.lang, "seatN", i + 1), d.left), this.lang);
    // Why the game ended, when the game said it (an event whose key begins
    // "end-triggered": English Gardens' full village or empty deck).
    const why = [...d.events].reverse().find((e) => e.key?.startsWith("end-triggered"));
    if (why) b.append(h("span", { class: "why" }, why.text));
  }

  /**
   * drawSince sums up the others' moves since the viewer's last one, while
   * it is the viewer's turn, until dismissed.
   */
  private drawSince(): void {
    const d = this.data!;
    const box = this.els.since;
    clear(box);
    let mine = -1;
    let top = -1;
    for (const e of d.events) {
      if (e.v === undefined) continue;
      top = Math.max(top, e.v);
      if (e.actor === d.seat) mine = Math.max(mine, e.v);
    }
    const lines = mine < 0 ? [] : d.events.filter((e) => e.v !== undefined && e.v > mine && e.actor !== d.seat);
    box.hidden = d.seat < 0 || d.over || !this.myTurn() || lines.length === 0 || this.sinceSeen >= top;
    if (box.hidden) return;
    // The last few: a summary, the log has them all.
    const shown = lines.slice(this.narrow() ? -3 : -4);
    box.append(
      h(
        "div",
        { class: "since-top" },
        h("span", { class: "since-head" }, t(this.lang, "table.since")),
        h("button", { type: "button", class: "ctl dismiss", onclick: () => { this.sinceSeen = top; this.drawSince(); } }, t(this.lang, "table.dismiss")),
      ),
      h("ul", {}, ...shown.map((e) => h("li", {}, e.text))),
    );
  }

  /** The ids marked as the ghost of the placement pointed at. */
  private ghosts: Element[] = [];

  /** ghost draws where the choice target would put things (the game's Preview), or clears it. */
  private ghost(target: string | undefined): void {
    for (const e of this.ghosts) e.classList.remove("ghost");
    this.ghosts = [];
    const d = this.data;
    const f = d && previews[d.game];
    if (!target || !f || !this.myTurn() || this.busy) return;
    const chosen = this.via.has(target) ? [...this.picker.chosen, this.orient] : this.picker.chosen;
    for (const id of f(d.view, this.ctx(), chosen, target) ?? []) {
      for (const e of this.els.board.querySelectorAll(`[data-id="${CSS.escape(id)}"]`)) {
        e.classList.add("ghost");
        this.ghosts.push(e);
      }
    }
  }

  /** focusFirst puts the keyboard on the decision's first target, on the drawing or beside it. */
  private focusFirst(): void {
    if (!this.myTurn() || this.busy) return;
    const e = (this.els.board.querySelector(".target") ?? this.els.steps.querySelector("button.choice, .orient button:not([disabled])")) as HTMLElement | null;
    e?.focus?.();
  }

  private choose(id: string): void {
    if (!this.myTurn() || this.busy) return;
    this.ghost(undefined);
    this.notice("");
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
    // keep the keyboard on the decision: focus the first new target
    if (this.keyboard) this.focusFirst();
    else this.bringIntoSight();
  }

  private play(i: number): void {
    this.busy = true;
    const m = this.picker.moves[i];
    this.picker.reset();
    this.draw();
    this.actions.move(i, m);
  }

  /** Arrow keys move between targets by position; Enter and Space choose; Escape goes back. */
  private key(e: KeyboardEvent): void {
    const cur = (e.target as Element).closest?.(".target") as SVGGraphicsElement | null;
    if (e.key === "Escape" && this.picker.canGoBack()) {
      this.keyboard = true;
      this.picker.back();
      this.draw();
      this.focusFirst();
      e.preventDefault();
      return;
    }
    if (!cur) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.keyboard = true;
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

  /** The hint shown (issue 25), while the table is at its version; "asking" while the bot thinks. */
  private suggestion?: HintJSON | "asking";
  /** Why the last hint asked was refused, in words ("" for none). */
  private suggestErr = "";

  /**
   * drawSuggest draws "Suggest a move" for the seat to move at a table with
   * hints, and the hint asked: its move's things marked on the drawing
   * (never played: the player still chooses), what it does in words and
   * why in points. A hint lasts while the table stays at its version.
   */
  private drawSuggest(drawing: Element): void {
    const d = this.data!;
    const L = this.lang;
    const box = this.els.suggest;
    const can = !!d.hints && this.myTurn() && !d.over;
    let hint = this.suggestion;
    if (hint && hint !== "asking" && (!can || hint.v !== d.v || !d.moves[hint.i])) {
      this.suggestion = hint = undefined;
      this.suggestErr = "";
    }
    if (!can) this.suggestErr = "";
    box.hidden = !can;
    if (!can) {
      clear(box);
      return;
    }
    const ask = h("button", { type: "button", class: "ctl suggest-ask", disabled: hint === "asking" || this.busy, title: t(L, "hints.askHelp"), onclick: () => void this.askHint() }, t(L, "hints.ask"));
    const kids: (HTMLElement | string)[] = [ask];
    if (hint === "asking") kids.push(h("p", { class: "suggest-wait", role: "status" }, t(L, "hints.thinking")));
    else if (hint) {
      for (const [k, id] of Object.entries(d.moves[hint.i].desc ?? {})) {
        if (k === "kind") continue;
        for (const e of drawing.querySelectorAll(`[data-id="${CSS.escape(String(id))}"]`)) e.classList.add("hinted");
      }
      const pts = hint.other === undefined ? t(L, "hints.pointsOnly", hint.points, hint.now) : t(L, "hints.points", hint.points, hint.other, hint.now);
      // Why, in words: the points alone leave a newcomer puzzled when another
      // move scores as much this turn, or more (the bot looks past the turn).
      const why = hint.other === undefined ? "" : t(L, hint.points > hint.other ? "hints.whyBest" : hint.points === hint.other ? "hints.whyTie" : "hints.whyLater");
      kids.push(
        h("p", { class: "suggest-says", role: "status" }, hint.says),
        h("p", { class: "suggest-points" }, pts, ...(why ? [" ", h("span", { class: "suggest-why" }, why)] : [])),
        h("button", { type: "button", class: "ctl suggest-hide", onclick: () => { this.suggestion = undefined; this.draw(); } }, t(L, "hints.hide")),
      );
    } else if (this.suggestErr) kids.push(h("p", { class: "suggest-error", role: "alert" }, this.suggestErr));
    box.replaceChildren(...kids);
  }

  /** askHint asks the server for a hint; the answer is drawn if the table is still where it was. */
  private async askHint(): Promise<void> {
    if (!this.actions.hint || this.suggestion === "asking") return;
    const v = this.data?.v;
    this.suggestion = "asking";
    this.suggestErr = "";
    this.draw();
    const got = await this.actions.hint();
    if (this.suggestion !== "asking") return; // hidden meanwhile
    if (typeof got === "string") {
      this.suggestion = undefined;
      this.suggestErr = got.charAt(0).toLocaleUpperCase(this.lang) + got.slice(1);
    } else if (got.v !== this.data?.v || got.v !== v) {
      this.suggestion = undefined;
      this.suggestErr = t(this.lang, "hints.stale");
    } else this.suggestion = got;
    this.draw();
  }

  /** The log lines on the page (their keys), to add only the new ones. */
  private shown: string[] = [];

  /**
   * drawLog shows the log, numbered as the game's moves: the first line
   * of each move carries its number (the table's version of the move).
   */
  private drawLog(): void {
    const lines = this.data!.events;
    const key = (e: LogLine) => `${e.v ?? ""}\u0000${e.text}`;
    const want = lines.map(key);
    // The lines shown that are still wanted are a suffix of shown and a
    // prefix of want (the window slid by the new events): keep them.
    let drop = 0;
    while (drop < this.shown.length && !startsWith(want, this.shown, drop)) drop++;
    const log = this.els.log;
    if (drop === this.shown.length) clear(log);
    else for (let i = 0; i < drop; i++) log.firstElementChild?.remove();
    const kept = this.shown.length - drop;
    for (let i = kept; i < lines.length; i++) {
      const e = lines[i];
      const first = e.v !== undefined && (i === 0 || lines[i - 1].v !== e.v);
      log.append(h("li", { class: first ? "move" : null, "data-v": e.v }, first ? h("span", { class: "n" }, t(this.lang, "table.moveNo", e.v!)) : null, e.text));
    }
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
    // A column is a fifth of a side panel with five players: long names
    // would break letter by letter there. Then the columns are numbered and
    // the names listed above the pad, whole.
    const short = this.padNamed(r.players.every((_, i) => name(i).length <= Math.max(6, 36 / r.players.length)));
    const head = h("tr", {}, h("th", { scope: "col" }, ""), ...r.players.map((_, i) => h("th", { scope: "col", title: name(i) }, short ? name(i) : h("span", { "aria-label": name(i) }, String(i + 1)))));
    const legend = short ? null : h("ol", { class: "pad-names" }, ...r.players.map((_, i) => h("li", {}, name(i))));
    const rows = r.categories.map((c, k) => h("tr", {}, h("th", { scope: "row" }, d.comps?.[`score.${c.id}`]?.name ?? c.id), ...r.players.map((p) => h("td", {}, String(p.points[k] ?? "")))));
    const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t(L, "total")), ...r.players.map((p) => h("td", {}, String(p.total))));
    const rank = h("tr", { class: "rank" }, h("th", { scope: "row" }, t(L, "rank")), ...padRanks(L, r, d.left).map((c) => h("td", {}, c))); // padrank.ts: as the banner places them
    const rating = (p: Result["players"][number]) => (p.rating ? (d.comps?.[`rating.${p.rating}`]?.name ?? p.rating) : "");
    const extra = r.players.some((p) => p.rating) ? [h("tr", {}, h("th", { scope: "row" }, t(L, "rating")), ...r.players.map((p) => h("td", {}, rating(p))))] : [];
    this.els.pad.append(h("h2", {}, t(L, "scorePad")), ...(legend ? [legend] : []), h("table", { class: "scorepad" }, h("thead", {}, head), h("tbody", {}, ...rows, total, rank, ...extra)));
    if (d.replay) this.els.pad.append(h("p", {}, h("a", { href: d.replay, class: "replay button" }, t(L, "replay"))));
    // Names that fit by their length may still not fit beside a language's
    // long categories ("Gesammelte Landschaftsplättchen", a word no
    // browser without a hyphenation dictionary breaks): the pad then
    // overflowed the side panel and the last player's column was cut. The
    // columns are numbered instead, once, for this pad (the layout is read
    // only while a result is shown).
    const box = this.els.pad.clientWidth;
    const tbl = this.els.pad.querySelector<HTMLElement>(".scorepad");
    if (short && box > 0 && tbl && tbl.scrollWidth > box + 1) {
      this.padNumbered = this.padKey(r);
      this.drawPad();
    }
  }

  /** padNumbered keys the result whose pad numbers its columns (drawPad: the names did not fit). */
  private padNumbered = "";

  private padKey(r: Result): string {
    return `${this.lang} ${r.players.length} ${r.categories.map((c) => c.id).join(",")}`;
  }

  /** padNamed is whether the pad's columns carry the names: fit says they do by length, unless this result's pad did not fit. */
  private padNamed(fit: boolean): boolean {
    const r = this.data?.result;
    return fit && !(r && this.padNumbered === this.padKey(r));
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

/** capital puts a sentence's first letter in upper case ("take a tile" on a button: "Take a tile"). */
function capital(s: string, lang: Lang): string {
  return s.charAt(0).toLocaleUpperCase(lang === "xx" ? "en" : lang) + s.slice(1);
}

/**
 * lastMarks finds where each seat's latest move was made: for seat a, the
 * things named by its ids that lie in a's own area (inside <g data-owner=a>)
 * or in a shared part (inside no data-owner group), never in another seat's
 * area; and "a:id", as some drawings tag another's garden.
 */
export function lastMarks(svg: Element, last: LastMove[]): Element[] {
  const out: Element[] = [];
  for (const m of last) {
    for (const id of m.ids) {
      for (const want of [id, `${m.seat}:${id}`]) {
        for (const e of svg.querySelectorAll(`[data-id="${CSS.escape(want)}"]`)) {
          const owner = e.closest("[data-owner]")?.getAttribute("data-owner");
          if (owner === null || owner === undefined || owner === String(m.seat)) out.push(e);
        }
      }
    }
  }
  return out;
}

/**
 * flashChanged briefly highlights the things a morph changed (their
 * nearest named group): how another's move shows as it happens. A Web
 * Animation (300 ms, none under prefers-reduced-motion), not a class: the
 * drawing's markup stays what the renderer and the decorations made it.
 */
function flashChanged(changed: Element[]): void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const marked = new Set<Element>();
  for (const c of changed) {
    const e = c.closest("[data-id]") ?? c;
    if (e.tagName !== "svg") marked.add(e);
  }
  const glow = "drop-shadow(0 0 4px #7b1fa2) drop-shadow(0 0 8px #7b1fa2)";
  for (const e of marked) e.animate?.([{ filter: glow }, { filter: "none" }], { duration: 300, easing: "ease-out" });
  // For the browser tests: how many things flashed so far.
  document.body.dataset.flashed = String(Number(document.body.dataset.flashed ?? 0) + marked.size);
}

/**
 * ranking is the end in one sentence: "Ann wins with 42 points; Bob 2nd
 * with 38 points." (a shared win names every winner). A seat whose person
 * left is placed after those who stayed, as the ratings place it, and said
 * so: the bot that finished their game may have scored more.
 */
export function ranking(lang: Lang, r: Result, name: (i: number) => string, left?: boolean[]): string {
  const gone = (i: number) => !!left?.[i] && !left.every(Boolean);
  const kept = r.players.map((p, i) => ({ p, i })).filter((o) => !gone(o.i));
  // place among the seats kept: 1 + how many kept seats ranked strictly ahead
  const place = (o: { p: Result["players"][number] }) => 1 + kept.filter((k) => k.p.rank < o.p.rank).length;
  const order = kept.sort((a, b) => a.p.rank - b.p.rank || a.i - b.i);
  const first = order.filter((o) => place(o) === 1);
  const head =
    first.length > 1
      ? t(lang, "table.winners", first.map((o) => name(o.i)).join(", "), first[0].p.total)
      : t(lang, "table.winner", name(first[0]?.i ?? 0), first[0]?.p.total ?? 0);
  const rest = order.filter((o) => place(o) !== 1).map((o) => t(lang, "table.placed", name(o.i), place(o), o.p.total));
  const leavers = r.players.map((p, i) => ({ p, i })).filter((o) => gone(o.i)).map((o) => t(lang, "table.leftPlace", name(o.i), o.p.total));
  return [head, ...rest, ...leavers].join(t(lang, "table.then"));
}
