// A game's rules in the page (/rules/{game}, issue 25), from
// GET /api/rules/{game}: what the game is, its components drawn by the
// game's own renderer at the start of a real game (each explained on
// hover or tap, and listed with its explanation), the rules of the setup,
// the turn and the end as the game's catalogue says them, and each score
// category with what it counts, then the end of a real game played by two
// bots with its score pad from the engine. Every word comes from the
// catalogues; the page shows no id and no notation.

import { clear, h } from "./dom";
import { renderers } from "./games/index";
import type { CompText, Ctx } from "./games/types";
import type { GameView, RulesJSON } from "./gen/server";
import { format, type Lang, t } from "./i18n";
import { partsPad } from "./scoreparts";
import { TableView } from "./table";

/** learnLinks are a game's "How to play" (its rules page) and "Tutorial" links, for the lobby's game cards. */
export function learnLinks(game: string, lang: Lang): HTMLElement {
  const g = encodeURIComponent(game);
  return h(
    "p",
    { class: "learn-links" },
    h("a", { href: `/rules/${g}`, class: "rules-link" }, t(lang, "learn.howTo")),
    " · ",
    h("a", { href: `/learn/${g}`, class: "tutorial-link" }, t(lang, "learn.tutorial")),
  );
}

/** compCtx is a renderer's context on the game's words, for a drawing nobody plays. */
export function compCtx(lang: Lang, seat: number, names: string[], texts: Record<string, CompText>): Ctx {
  const comp = (id: string) => (Object.prototype.hasOwnProperty.call(texts, id) ? texts[id] : undefined);
  return {
    lang,
    seat,
    names,
    narrow: window.innerWidth < 640,
    comp,
    t: (id, args) => {
      const m = comp(id)?.name;
      return m === undefined ? id : format(m, lang, args ?? {});
    },
  };
}

/** explained lists the things a drawing shows that the catalogue explains: each name once, with what it is. */
export function explained(svg: Element, ctx: Ctx, lang: Lang): HTMLElement {
  const seen = new Set<string>();
  const list = h("dl", { class: "components" });
  for (const el of svg.querySelectorAll("[data-id]")) {
    const id = el.getAttribute("data-id")!;
    const c = ctx.comp(id);
    const full = el.getAttribute("data-name") || c?.name || "";
    // the catalogue's help, else what the drawing's own title says after the name
    const title = el.querySelector(":scope > title")?.textContent ?? "";
    const help = c?.help || (title.startsWith(full + " — ") ? title.slice(full.length + 3) : "");
    // the thing, not where it lies: "column 0, row 0: landscape tile" lists as "Landscape tile"
    // (a place is "…, …:"; "2-gold pile: 12 tiles" keeps its name)
    const bare = c?.name && !c.name.includes("{") ? c.name : full.replace(/^[^:]*,[^:]*?\s?:\s+/, "");
    const name = bare.charAt(0).toLocaleUpperCase(lang === "xx" ? "en" : lang) + bare.slice(1);
    // each explanation once: the market's many "empty card" say the same
    if (!help || !name || seen.has(name) || seen.has(help)) continue;
    seen.add(name);
    seen.add(help);
    list.append(h("dt", {}, name), h("dd", {}, help));
  }
  return list;
}

export async function rulesPage(root: HTMLElement, lang: Lang): Promise<void> {
  const game = root.dataset.game!;
  const res = await fetch(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    root.append(h("p", { class: "message", role: "alert" }, t(lang, "error", body.error ?? String(res.status))));
    return;
  }
  const rj = body as RulesJSON;
  document.title = t(lang, "learn.rulesOf", rj.title);
  clear(root);
  root.classList.add("rules-page");

  // The components: the start of a game, explained on hover or tap, and listed.
  const render = renderers[game];
  const figure = h("figure", { class: "rules-setup" });
  const info = h("p", { class: "info", "aria-live": "polite" });
  let list: HTMLElement | null = null;
  if (render) {
    const ctx = compCtx(lang, 0, rj.names, rj.texts);
    const svg = render(rj.setup as GameView, ctx);
    svg.classList.add("board");
    figure.append(svg);
    // A tap explains a thing (touch screens have no hover), as on the table.
    figure.addEventListener("click", (e) => {
      const el = (e.target as Element).closest?.("[data-id], [aria-label]");
      info.textContent = el?.querySelector(":scope > title")?.textContent || el?.getAttribute("aria-label") || "";
    });
    list = explained(svg, ctx, lang);
  }

  const sections = rj.sections.map((s) => h("section", { class: "rules-section" }, h("h2", {}, s.title), h("ul", {}, ...s.rules.map((r) => h("li", {}, r)))));

  const pad = h(
    "table",
    { class: "rules-scoring" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(lang, "learn.category")), h("th", { scope: "col" }, t(lang, "learn.why")))),
    h("tbody", {}, ...rj.lines.map((l) => h("tr", {}, h("th", { scope: "row" }, l.name), h("td", {}, l.why)))),
  );
  // The rulebook's scoring example, drawn by the renderer for the seat
  // whose garden it is: each line of its pad shows what it counts.
  let book: HTMLElement | string = "";
  if (render && rj.example) {
    const ex = rj.example;
    const svg = render(ex.view as GameView, compCtx(lang, ex.seat, ex.names, rj.texts));
    svg.classList.add("board");
    const bp = partsPad(ex.score, lang, () => svg);
    book = h("div", { class: "rules-book-example" }, h("p", {}, t(lang, "rules.bookExample")), h("figure", { class: "rules-book-figure" }, svg), bp.el);
  }
  // The example: the end of a real game, drawn and scored as the table shows it.
  const end = new TableView(lang, { move: () => undefined });
  end.root.classList.add("rules-end");

  root.append(
    h("h1", {}, t(lang, "learn.rulesOf", rj.title)),
    h("p", { class: "facts" }, rj.duration ? `${rj.players} · ${rj.duration}` : rj.players),
    h("p", { class: "about" }, rj.about),
    h("p", { class: "learn-links" }, h("a", { href: `/learn/${encodeURIComponent(game)}`, class: "button tutorial-link" }, t(lang, "learn.start")), " ", h("a", { href: "/" }, t(lang, "learn.toLobby"))),
    h("section", { class: "rules-section" }, h("h2", {}, t(lang, "rules.components")), h("p", { class: "hint" }, t(lang, "rules.componentsHelp")), figure, info, list ?? ""),
    ...sections,
    h("section", { class: "rules-section" }, h("h2", {}, t(lang, "rules.scoring")), pad, book, h("p", {}, t(lang, "rules.example")), end.root),
  );
  end.update({
    game,
    seat: -1,
    names: rj.names,
    toMove: -1,
    over: true,
    view: rj.end as GameView,
    moves: [],
    events: [],
    result: rj.result,
    comps: rj.texts,
  });
}
