// A game's tutorial (/learn/{game}, issue 25), from GET /api/learn/{game}:
// a sequence of real positions of the engine, written as data per game
// (games/<pkg>/tutorial.json). Each step says what to look at or what to
// do; a move step is played as on a table (the same TableView, the game's
// own renderer, the same picker) among the move asked and a wrong one, and
// the server plays the chosen move on the real position
// (POST /api/learn/{game}/{step}): right, or refused with the rule's
// sentence, shown as the table shows a refusal. The score step draws the
// rulebook's own scoring example with the game's renderer and explains its
// pad line by line, each line showing on the drawing what it counts
// (scoreparts.ts); the last step opens a casual table
// against an easy bot (POST /api/tables).

import { clear, h } from "./dom";
import type { GameView, LearnJSON, LearnStepJSON, LearnTryJSON } from "./gen/server";
import { type Lang, t } from "./i18n";
import { partsPad } from "./scoreparts";
import { TableView } from "./table";

export async function learnPage(root: HTMLElement, lang: Lang): Promise<void> {
  const game = root.dataset.game!;
  const res = await fetch(`/api/learn/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    root.append(h("p", { class: "message", role: "alert" }, t(lang, "error", body.error ?? String(res.status))));
    return;
  }
  const lj = body as LearnJSON;
  const n = lj.steps.length;
  const done = new Set<number>();
  const after = new Map<number, unknown>(); // a step's view after its move asked, once made
  document.title = t(lang, "learn.tutorialOf", lj.title);

  const counter = h("p", { class: "learn-step", "aria-live": "polite" });
  const text = h("p", { class: "learn-text" });
  const rules = h("div", { class: "learn-rules" });
  const feedback = h("p", { class: "learn-feedback", role: "status" });
  const extra = h("div", { class: "learn-extra" });
  const prev = h("button", { type: "button", class: "learn-prev" }, t(lang, "learn.prev"));
  const next = h("button", { type: "button", class: "learn-next primary" }, t(lang, "learn.next"));
  prev.addEventListener("click", () => show(at - 1));
  next.addEventListener("click", () => show(at + 1));
  const nav = h("div", { class: "learn-nav" }, prev, counter, next);

  const view = new TableView(lang, { move: (i) => void tryMove(i) });
  view.root.classList.add("learn-table");

  clear(root);
  root.classList.add("learn-page");
  root.append(
    h("h1", {}, t(lang, "learn.tutorialOf", lj.title)),
    h("p", { class: "learn-links" }, h("a", { href: `/rules/${encodeURIComponent(game)}`, class: "rules-link" }, t(lang, "learn.readRules")), " · ", h("a", { href: "/" }, t(lang, "learn.toLobby"))),
    nav,
    text,
    rules,
    feedback,
    extra,
    view.root,
  );

  let pad: ReturnType<typeof partsPad> | null = null;
  // a redrawing (a phone turned) loses the selection's outlines: draw them again
  window.addEventListener("resize", () => pad?.apply());

  let at = -1;
  show(Number(location.hash.slice(1)) || 0);

  function show(k: number): void {
    k = Math.max(0, Math.min(n - 1, k));
    at = k;
    const st = lj.steps[k];
    counter.textContent = t(lang, "learn.stepOf", k + 1, n);
    prev.toggleAttribute("disabled", k === 0);
    next.hidden = k === n - 1;
    text.textContent = st.text;
    clear(rules);
    if (st.rules?.length) rules.append(h("p", { class: "learn-rule-label" }, t(lang, "learn.ruleSays")), h("ul", {}, ...st.rules.map((r) => h("li", {}, r))));
    feedback.textContent = "";
    feedback.className = "learn-feedback";
    clear(extra);
    document.body.dataset.step = String(k);
    document.body.dataset.kind = st.kind;
    if (location.hash !== `#${k}`) history.replaceState(null, "", `#${k}`);
    // The score step draws the rulebook's example garden (a real state the
    // engine scores: the pad beside it is that drawing's score).
    view.root.hidden = st.kind === "play";
    view.notice("");
    pad = null;
    if (st.kind === "score") {
      // each line shows on the drawing what it counts (scoreparts.ts)
      pad = partsPad(st.score!, lang, () => view.root.querySelector<SVGSVGElement>(".board-wrap > svg"));
      extra.append(pad.el);
    }
    if (st.kind === "play") extra.append(playButton());
    if (!view.root.hidden) draw(st, st.kind === "move" && !done.has(k));
    pad?.apply();
  }

  function draw(st: LearnStepJSON, playable: boolean): void {
    view.update({
      game,
      seat: lj.seat,
      names: lj.names,
      // Nothing to do on the drawing (an explanation, or the move made):
      // no "player 1 to play" beside "player 1 (you)", no prompt to place
      // a tile already placed. The drawing keeps the view's own mover.
      toMove: playable ? st.toMove : -1,
      over: false,
      prompt: playable ? st.prompt : undefined,
      // once the move asked is made, the drawing shows it made
      view: (playable ? st.view : (after.get(at) ?? st.view)) as GameView,
      moves: playable ? st.moves.map((d) => ({ desc: d })) : [],
      events: [],
      comps: lj.texts,
    });
  }

  async function tryMove(i: number): Promise<void> {
    const k = at;
    const r = await fetch(`/api/learn/${encodeURIComponent(game)}/${k}?lang=${encodeURIComponent(lang)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ move: i }),
    });
    const a = (await r.json().catch(() => ({}))) as LearnTryJSON & { error?: string };
    if (k !== at) return;
    if (!r.ok) {
      view.refused(a.error ?? String(r.status));
      return;
    }
    if (!a.ok) {
      // as the table shows a refusal: the reason, the same choices again
      view.refused(a.message);
      feedback.className = "learn-feedback wrong";
      // On a phone the drawing fills the screen and the refusal is written
      // above it: bring the rule's sentence into sight.
      const said = view.root.querySelector(".decide .message");
      if (said && said.getBoundingClientRect().top < 0) said.scrollIntoView({ block: "nearest" });
      return;
    }
    done.add(k);
    if (a.view !== undefined) after.set(k, a.view);
    view.notice("");
    draw(lj.steps[k], false);
    feedback.textContent = a.message;
    feedback.className = "learn-feedback right";
    next.focus();
  }

  function playButton(): HTMLElement {
    const box = h("div", { class: "learn-play" });
    const msg = h("p", { class: "message", role: "alert" });
    const btn = h("button", { type: "button", class: "primary learn-play-button" }, t(lang, "learn.play"));
    btn.addEventListener("click", async () => {
      // Without a name yet, the lobby asks for one first (the server would refuse the table).
      const me = (await (await fetch("/api/me")).json().catch(() => ({}))) as { id?: string };
      if (!me.id) {
        clear(msg);
        msg.append(t(lang, "learn.needName"), " ", h("a", { href: "/" }, t(lang, "learn.toLobby")));
        return;
      }
      // A casual table: the learner and an easy bot, no clock, not public, undo allowed.
      const r = await fetch("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game, players: 2, seats: ["me", "ismcts:easy"], options: {}, clock: { mode: "none" }, public: false, undo: true }),
      });
      const j = await r.json().catch(() => ({}));
      if (r.ok && j.url) {
        location.href = j.url;
        return;
      }
      msg.textContent = t(lang, "error", j.error ?? String(r.status));
    });
    box.append(btn, msg);
    return box;
  }
}
