// The table page's header on a phone: one thin bar — the game's title, the
// chat's link with its unread count and a menu holding the site's name (the
// lobby), How to play, the settings, the languages, Resign and Leave — then the seats
// with their clocks, so that the prompt and the drawing are on the first
// screen (the header took about 280 px of a 390x844 phone, more with four
// seats). On a wider screen every part stays where it was: the same nodes
// are moved, never copied, so their handlers, the tests' selectors and the
// screen readers see one of each.

import { h } from "./dom";
import { type Lang, t } from "./i18n";

/** A phone, as ctx.narrow in table.ts and the stylesheet's max-width: 640px. */
const phone = window.matchMedia("(max-width: 640px)");

export interface HeadParts {
  /** The site's name, linking to the lobby (the server's body > h1). */
  site: Element | null;
  /** The game's title (the page's h1). */
  title: HTMLElement;
  /** How to play: the rules, beside the table. */
  howTo: HTMLElement;
  /** The settings and the language switch (main.ts's .top-bar, or its nav). */
  topBar: Element | null;
  /** The chat's link with its unread count (drawn into the table's bar on a wider screen). */
  chat: HTMLElement;
  /** place puts Resign/Leave in host (the menu), or back in the table's controls (undefined). */
  placeLeave(host: HTMLElement | undefined): void;
  /** moved: the parts changed place (the caller redraws its bar). */
  moved(): void;
}

export class TableHead {
  /** The phone's bar; empty and hidden on a wider screen. */
  readonly root = h("div", { class: "table-head" });
  private readonly menu = h("details", { class: "head-menu" }) as HTMLDetailsElement;
  private readonly panel = h("div", { class: "head-menu-panel" });
  private readonly leaveHost = h("div", { class: "head-leave" });
  private readonly spots = new Map<Element, Comment>();
  narrow = false;

  constructor(
    lang: Lang,
    private readonly parts: HeadParts,
  ) {
    this.menu.append(h("summary", {}, h("span", { "aria-hidden": "true" }, "☰ "), t(lang, "table.menu")), this.panel);
    // A choice in the menu closes it; so does a tap elsewhere or Escape.
    this.panel.addEventListener("click", (e) => {
      if ((e.target as Element).closest("a, button")) this.menu.open = false;
    });
    document.addEventListener("click", (e) => {
      if (this.menu.open && !this.menu.contains(e.target as Node)) this.menu.open = false;
    });
    this.menu.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.menu.open) {
        this.menu.open = false;
        this.menu.querySelector("summary")?.focus();
      }
    });
    phone.addEventListener("change", () => this.place());
    this.place(false); // the page draws its bar after

  }

  /** place moves the parts into the bar on a phone, back to where they were otherwise. */
  private place(tell = true): void {
    const p = this.parts;
    const narrow = phone.matches;
    if (narrow === this.narrow && this.root.childElementCount) return;
    this.narrow = narrow;
    if (narrow) {
      this.root.replaceChildren();
      for (const e of [p.site, p.title, p.howTo, p.topBar]) if (e) this.mark(e);
      // The site's name (the way to the lobby) goes in the menu: the bar's room is the game's title's.
      const nav = [p.site, p.howTo].filter((e): e is Element => !!e);
      this.panel.replaceChildren(...nav, this.leaveHost, ...(p.topBar ? [p.topBar] : []));
      this.root.append(h("div", { class: "head-names" }, p.title), p.chat, this.menu);
      p.placeLeave(this.leaveHost);
    } else {
      this.menu.open = false;
      for (const [e, spot] of this.spots) spot.replaceWith(e);
      this.spots.clear();
      this.root.replaceChildren();
      p.placeLeave(undefined);
    }
    this.root.hidden = !narrow;
    document.body.classList.toggle("table-narrow", narrow);
    if (tell) p.moved();
  }

  /** mark leaves a marker where e is, to put it back there on a wider screen. */
  private mark(e: Element): void {
    if (this.spots.has(e) || !e.parentNode) return;
    const spot = document.createComment("");
    e.replaceWith(spot);
    this.spots.set(e, spot);
  }
}
