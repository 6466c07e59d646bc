// The replay viewer: a finished game from its record, which the server
// plays again (GET /api/tables/{id}/replay?lang=, docs/server.md) into one
// spectator's view per step with that step's events and move (the first
// view whole, each later one as a patch: patch.ts rebuilds them). Each step is
// drawn by the game's own renderer through TableView, with no legal move:
// first, back, forward and last buttons, a slider, the arrow keys (Home and
// End too), the step in the address (#12, so a position can be linked), the
// log up to the step, the score pad at the last step and the record's
// download link. The coach's review (GET /api/tables/{id}/analysis,
// docs/coach.md) comes after: each step's loss beside the step, and each
// seat's mean loss and costliest decisions, which link to their steps.

import { clear, h } from "./dom";
import { forkPanel } from "./fork";
import { type Lang, t } from "./i18n";
import type { EventOut } from "./net";
import type { Review, ReviewCostly, ReviewDecision } from "./gen/coach";
import type { GameView, ReplayJSON } from "./gen/server";
import { views } from "./patch";
import { type LastMove, type LogLine, TableView } from "./table";

// The bodies of GET …/replay and …/analysis, generated from the server's
// types (server.WireAPI).
type Replay = ReplayJSON;
type Decision = ReviewDecision;
type Analysis = Review;

export async function replayPage(root: HTMLElement, lang: Lang): Promise<void> {
  const id = root.dataset.table!;
  if (root.dataset.status !== "over") {
    // The server refuses the replay of a game being played (its moves are
    // secret until the end): say so without asking.
    clear(root);
    root.append(h("p", { class: "message", role: "alert" }, t(lang, "notOver")), h("p", {}, h("a", { href: `/t/${encodeURIComponent(id)}` }, t(lang, "backToTable"))));
    return;
  }
  const res = await fetch(`/api/tables/${encodeURIComponent(id)}/replay?lang=${lang}`);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    // e.g. 409 while the game is being played: the server says so
    root.append(h("p", { class: "message", role: "alert" }, t(lang, "error", body.error ?? String(res.status))));
    return;
  }
  const rp = body as Replay;
  const stepViews = views(rp.steps);
  const last = rp.steps.length - 1;
  const name = (i: number) => rp.names[i] || t(lang, "seatN", i + 1);
  document.title = `${t(lang, "replay")} — ${rp.title}`;

  const view = new TableView(lang, { move: () => undefined });
  const seats = h("ol", { class: "seats", "aria-label": t(lang, "score") });
  const label = h("span", { class: "replay-at", "aria-live": "polite" });
  const moveLine = h("p", { class: "replay-move" });
  const stepEvents = h("ul", { class: "replay-events", "aria-label": t(lang, "thisMove") });
  const slider = h("input", { type: "range", min: "0", max: String(last), step: "1", value: "0", class: "replay-slider", "aria-label": t(lang, "moveSlider") }) as HTMLInputElement;
  const btn = (cls: string, text: string, word: "first" | "prev" | "next" | "last", go: () => void) =>
    h("button", { type: "button", class: cls, "aria-label": t(lang, word), title: t(lang, word), onclick: go }, text);
  const first = btn("first", "|◀", "first", () => show(0));
  const prev = btn("prev", "◀", "prev", () => show(at - 1));
  const next = btn("next", "▶", "next", () => show(at + 1));
  const end = btn("last", "▶|", "last", () => show(last));
  slider.addEventListener("input", () => show(Number(slider.value)));
  const nav = h("div", { class: "replay-nav", role: "group", "aria-label": t(lang, "replay") }, first, prev, label, next, end);
  const coachLine = h("p", { class: "replay-coach", "aria-live": "polite" });
  const coach = h("section", { class: "coach", "aria-label": t(lang, "coachTitle") }, h("h2", {}, t(lang, "coachTitle")), h("p", { class: "coach-status" }, t(lang, "coachPending")));
  const decisions = new Map<number, Decision>();
  // "Play from here" (fork.ts): a new table against bots from the step shown.
  const forker = forkPanel(lang, id, rp.players, name);
  const points = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  clear(root);
  root.append(
    h("h1", {}, `${t(lang, "replay")} — ${rp.title}`),
    seats,
    nav,
    slider,
    moveLine,
    coachLine,
    stepEvents,
    forker.root,
    view.root,
    coach,
    h("p", { class: "after" }, h("a", { href: rp.record, download: `${id}.record.json`, class: "record" }, t(lang, "download")), " ", h("a", { href: `/t/${encodeURIComponent(id)}` }, t(lang, "backToTable"))),
  );

  // Arrow keys anywhere but in the slider (which moves itself) and fields.
  document.addEventListener("keydown", (e) => {
    const tgt = e.target as HTMLElement | null;
    if (tgt && (tgt === slider || tgt.closest("input, select, textarea"))) return;
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
    if (e.key in to && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      show(to[e.key]);
    }
  });
  window.addEventListener("hashchange", () => show(fromHash()));

  let at = -1;
  show(fromHash());
  void loadAnalysis();

  /** loadAnalysis asks the server for the coach's review, again while it runs (202), then shows it. */
  async function loadAnalysis(): Promise<void> {
    for (let tries = 0; tries < 120; tries++) {
      const r = await fetch(`/api/tables/${encodeURIComponent(id)}/analysis?lang=${lang}`);
      const b = await r.json().catch(() => ({}));
      if (r.status === 202) {
        const wait = Number(r.headers.get("Retry-After")) || 2;
        await new Promise((ok) => setTimeout(ok, wait * 1000));
        continue;
      }
      if (!r.ok) {
        coach.querySelector(".coach-status")!.textContent = t(lang, "coachFailed", b.error ?? String(r.status));
        return;
      }
      showAnalysis(b as Analysis);
      return;
    }
  }

  function showAnalysis(a: Analysis): void {
    for (const d of a.decisions) decisions.set(d.step, d);
    const list = h("ul", { class: "coach-seats" });
    for (const s of a.seats) {
      // A mean that rounds to 0.0 read "0.0 points lost (give or take 0.0)" above a list of costly decisions: say less than 0.1.
      const mean = points.format(s.meanLoss) === points.format(0) ? t(lang, "coachSeatTiny", name(s.seat), points.format(0.1)) : t(lang, "coachSeat", name(s.seat), points.format(s.meanLoss), points.format(s.meanLossError));
      const item = h("li", {}, h("b", {}, mean));
      if (s.costliest.length === 0) item.append(h("p", {}, t(lang, "coachNothing")));
      else item.append(h("ol", { class: "coach-costly" }, ...s.costliest.map((c) => h("li", {}, costly(c)))));
      list.append(item);
    }
    clear(coach);
    coach.append(h("h2", {}, t(lang, "coachTitle")), h("p", { class: "coach-about" }, t(lang, "coachAbout")), list);
    at = -1; // redraw the step with its loss
    show(fromHash());
  }

  /**
   * costly is one of a seat's costliest decisions, short enough for a
   * phone: the move and the points lost first, then what was played and
   * what was better, each on its own line (the whole sentence, with the
   * give-or-take, is the link's title).
   */
  function costly(c: ReviewCostly): HTMLElement {
    const d = decisions.get(c.step);
    if (!d || !d.playedWords || !d.bestWords) return h("a", { href: `#${c.step}`, onclick: toStep }, c.explanation);
    return h(
      "a",
      { href: `#${c.step}`, onclick: toStep, title: c.explanation },
      h("b", { class: "coach-costly-head" }, t(lang, "coachCostlyHead", c.step, points.format(c.loss))),
      h("span", { class: "coach-costly-line" }, t(lang, "coachCostlyPlayed", d.playedWords)),
      h("span", { class: "coach-costly-line" }, t(lang, "coachCostlyBetter", d.bestWords)),
    );
  }

  /** toStep follows a costly decision's link: its step, seen from the top of the replay (the link is below the board). */
  function toStep(e: Event): void {
    e.preventDefault();
    show(Number((e.currentTarget as HTMLAnchorElement).hash.slice(1)));
    nav.scrollIntoView({ block: "start" });
  }

  /** coachSays is the coach's word on step n: its loss and the better move, the best found, or nothing to choose. */
  function coachSays(n: number): void {
    coachLine.classList.remove("lost");
    if (n === 0 || decisions.size === 0) {
      coachLine.textContent = "";
      return;
    }
    const d = decisions.get(n);
    if (!d) coachLine.textContent = t(lang, "coachForced");
    else if (d.loss > 0) {
      // an error that rounds to 0.0 (a game without chance left) is not worth a "give or take 0.0"
      const exact = points.format(d.error) === points.format(0);
      coachLine.textContent = exact ? t(lang, "coachLossExact", points.format(d.loss), d.bestWords) : t(lang, "coachLoss", points.format(d.loss), points.format(d.error), d.bestWords);
      coachLine.classList.add("lost");
    } else coachLine.textContent = bestSays(d.playedValue);
  }

  /**
   * bestSays words a best move's value. Against others the value is the
   * lead over the best of them: "worth 34 points" under a total of 24 read
   * as a mistake, so it says ahead or behind; alone, it is the score.
   */
  function bestSays(v: number): string {
    if (rp.names.length < 2) return t(lang, "coachBest", points.format(v));
    return t(lang, v < 0 ? "coachBestBehind" : "coachBestAhead", points.format(Math.abs(v)));
  }

  function fromHash(): number {
    const n = Number(location.hash.slice(1));
    return Number.isInteger(n) && location.hash.length > 1 ? n : 0;
  }

  function show(n: number): void {
    n = Math.max(0, Math.min(last, n));
    if (n === at) return;
    at = n;
    const s = rp.steps[n];
    slider.value = String(n);
    slider.setAttribute("aria-valuetext", t(lang, "moveN", n, last));
    label.textContent = t(lang, "moveN", n, last);
    first.toggleAttribute("disabled", n === 0);
    prev.toggleAttribute("disabled", n === 0);
    next.toggleAttribute("disabled", n === last);
    end.toggleAttribute("disabled", n === last);
    // The notation is the record's, not a person's: the step names who
    // moved, and its events (below) say what they did.
    moveLine.textContent = n === 0 ? t(lang, "setup") : t(lang, "stepBy", name(s.player));
    coachSays(n);
    forker.at(n, last);
    clear(stepEvents);
    for (const e of s.events) stepEvents.append(h("li", {}, e.text));
    clear(seats);
    s.scores.forEach((p, i) =>
      seats.append(h("li", { class: s.toMove === i ? "to-move" : "", "aria-current": s.toMove === i ? "true" : null }, `${name(i)} `, h("b", { class: "replay-score" }, String(p)))),
    );
    const events: LogLine[] = [];
    for (let k = 1; k <= n; k++) for (const e of rp.steps[k].events) events.push({ text: e.text, key: e.key });
    view.update({
      game: rp.game,
      seat: -1,
      names: rp.names,
      toMove: s.toMove,
      over: n === last && s.toMove < 0,
      view: stepViews[n] as GameView, // the patches rebuild the server's views
      moves: [],
      events,
      result: n === last ? (rp.result ?? undefined) : undefined,
      comps: rp.texts,
      last: touched(s.events),
    });
    document.body.dataset.step = String(n);
    if (location.hash !== `#${n}`) history.replaceState(null, "", `#${n}`);
  }
}

/** touched lists the cells and components a step's events name, by the seat that acted. */
function touched(events: EventOut[]): LastMove[] {
  const out: LastMove[] = [];
  for (const e of events) {
    const ids = (e.args ?? []).map((a) => a.cell ?? a.comp).filter((id): id is string => !!id);
    if (ids.length) out.push({ seat: e.actor, ids });
  }
  return out;
}
