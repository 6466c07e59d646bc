// The harness page (served by e2e/harness, never by the server): a real
// engine position drawn by its game's renderer, for the renderers' browser
// tests and the screenshots. With auto=1 the page's seat plays against
// random opponents: each move is sent back as one more m= parameter.

import { h } from "./dom";
import { type Lang, t } from "./i18n";
import type { CompText } from "./games/types";
import { previews } from "./games/index";
import { lastMarks, ranking, TableView, type TableData } from "./table";
import { morph } from "./morph";

export async function harness(root: HTMLElement, lang: Lang): Promise<void> {
  const params = new URLSearchParams(location.search);
  if (!params.get("game")) {
    root.append(h("p", {}, "?game=ID&players=N&seed=S&ply=K&seat=P[&auto=1]"));
    return;
  }
  // The table's pure helpers, for the browser tests to call on drawings
  // of their own (a seat's area, a shared part) on this test-only page.
  // previews: a test may register a game's Preview to check the page's ghosts.
  (window as unknown as { jardinTest: unknown }).jardinTest = { lastMarks, ranking, previews, morph };
  const moves: string[] = params.getAll("m");
  const view = new TableView(lang, {
    move: (_i, m) => {
      moves.push(m.notation!);
      void load();
    },
  });
  root.append(view.root);
  async function load(): Promise<void> {
    const q = new URLSearchParams(params);
    q.delete("m");
    for (const m of moves) q.append("m", m);
    q.set("lang", lang);
    const r = await fetch("/harness/api/view?" + q.toString());
    if (!r.ok) {
      const why = await r.text();
      moves.pop();
      view.refused(why);
      return;
    }
    const p = await r.json();
    const data: TableData = {
      game: p.game,
      seat: p.seat,
      names: p.names ?? [],
      toMove: p.toMove,
      prompt: p.prompt,
      over: p.over,
      view: p.view,
      moves: p.moves,
      events: (p.events as string[]).map((text) => ({ text })),
      result: p.result,
      comps: recordMisses(p.comps ?? {}),
    };
    view.update(data);
    document.title = (view.myTurn() ? "● " + t(lang, "yourTurn") + " — " : "") + p.game + " — jardin";
    document.body.dataset.ready = String(moves.length);
  }
  await load();
}

/**
 * recordMisses wraps the component texts so that every id a renderer asks
 * for and does not find is listed in <body data-missing-comps> (space
 * separated, sorted): the browser tests check that renderers find a name
 * for every component they draw.
 */
function recordMisses(comps: Record<string, CompText>): Record<string, CompText> {
  const missing = new Set<string>();
  return new Proxy(comps, {
    get(target, key) {
      if (typeof key !== "string") return undefined;
      const c = target[key];
      if (c === undefined && !missing.has(key)) {
        missing.add(key);
        document.body.dataset.missingComps = [...missing].sort().join(" ");
      }
      return c;
    },
  });
}
