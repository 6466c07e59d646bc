// The daily garden (/daily, GET /api/daily): each UTC day one deal per
// game, the same for everyone. The page says first what to do now (choose a
// name, play the next deal, finish the one started, or come back tomorrow),
// then one card per game: play or continue it, or, once finished, where the
// garden stands among the day's (rank, percentile, a histogram of the
// scores in SVG, the day's best garden, the coach's review of the game).
// Yesterday's deals follow with their best gardens' replays and records
// (the seed is published once the day is over).

import { clear, h } from "./dom";
import type { DailyBinJSON, DailyGameJSON, DailyJSON, DailyPastJSON, DailyStartJSON } from "./gen/server";
import { type Lang, t } from "./i18n";
import { el, text } from "./svg";

async function call<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error ?? `${r.status}`);
  return j as T;
}

/** dailyLink is the lobby's way in: the daily garden, said in one line, and its button. */
export function dailyLink(lang: Lang): HTMLElement {
  return h(
    "section",
    { class: "daily-link" },
    h("h2", {}, t(lang, "daily.title")),
    h("p", {}, t(lang, "daily.lobbyText")),
    h("a", { href: "/daily", class: "button" }, t(lang, "daily.lobbyGo")),
  );
}

export async function dailyPage(root: HTMLElement, lang: Lang): Promise<void> {
  const msg = h("p", { class: "message", role: "alert" });
  const fail = (e: unknown) => (msg.textContent = t(lang, "error", e instanceof Error ? e.message : String(e)));
  document.title = t(lang, "daily.title");
  let d: DailyJSON;
  let me: { id: string; name: string };
  try {
    [d, me] = await Promise.all([
      call<DailyJSON>(`/api/daily?lang=${encodeURIComponent(lang)}`),
      call<{ id: string; name: string }>("/api/me").catch(() => ({ id: "", name: "" })),
    ]);
  } catch (e) {
    clear(root);
    root.append(h("h1", {}, t(lang, "daily.title")), msg);
    fail(e);
    return;
  }
  const dateFmt = new Intl.DateTimeFormat(lang === "xx" ? "en" : lang, { dateStyle: "full", timeZone: "UTC" });
  const dayText = (day: string) => dateFmt.format(new Date(day + "T12:00:00Z"));
  const left = Math.max(0, d.ends - Date.now());

  const start = (g: DailyGameJSON, button: HTMLButtonElement) => {
    button.disabled = true;
    call<DailyStartJSON>(`/api/daily/${encodeURIComponent(g.game)}/start`, {})
      .then((r) => location.assign(`/t/${encodeURIComponent(r.table)}`))
      .catch((e) => {
        button.disabled = false;
        fail(e);
      });
  };

  // What to do now: the first step not done.
  const next = d.games.find((g) => g.state === "playing") ?? d.games.find((g) => g.state === "new");
  let now: HTMLElement;
  if (!me.id) {
    const nameIn = h("input", { id: "daily-name", name: "name", maxlength: "40", required: true, autocomplete: "nickname" }) as HTMLInputElement;
    const form = h("form", { class: "row name-form" }, h("label", { for: "daily-name" }, t(lang, "name")), nameIn, h("button", { type: "submit", class: "primary" }, t(lang, "save")));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      call("/api/me", { name: nameIn.value.trim() })
        .then(() => location.reload())
        .catch(fail);
    });
    now = h("section", { class: "daily-now first-step" }, h("p", {}, t(lang, "daily.nameFirst")), form);
  } else if (next) {
    now = h("p", { class: "daily-now" }, t(lang, next.state === "playing" ? "daily.nowContinue" : "daily.nowPlay", next.title));
  } else {
    now = h("p", { class: "daily-now" }, t(lang, "daily.nowDone"));
  }
  const streak = !me.id
    ? null
    : h("p", { class: "daily-streak" }, d.streak === 0 ? t(lang, "daily.streakNone") : t(lang, d.playedToday ? "daily.streakOn" : "daily.streakKeep", d.streak));

  clear(root);
  root.classList.add("daily-page");
  const hours = Math.floor(left / 3600e3),
    minutes = Math.floor((left % 3600e3) / 60e3);
  const parts: (HTMLElement | null)[] = [
    h("h1", {}, t(lang, "daily.title")),
    h("p", { class: "daily-of" }, t(lang, "daily.of", dayText(d.day)), " ", h("span", { class: "daily-ends" }, t(lang, "daily.endsIn", hours, minutes))),
    h("p", { class: "daily-intro" }, t(lang, "daily.intro")),
    msg,
    now,
    streak,
    h("ul", { class: "daily-games" }, ...d.games.map((g) => card(g))),
    d.yesterday.games.length ? yesterday(d.yesterday.day, d.yesterday.games) : null,
    h("p", {}, h("a", { href: "/", class: "back" }, t(lang, "daily.toLobby"))),
  ];
  root.append(...parts.filter((p): p is HTMLElement => p !== null));

  function card(g: DailyGameJSON): HTMLElement {
    const opp = g.opponents.length ? t(lang, "daily.against", g.opponents.join(", ")) : t(lang, "daily.solo");
    const players = g.finished ? t(lang, "daily.players", g.finished) : t(lang, "daily.playersNone");
    const li = h("li", { class: `daily-card daily-${g.state}`, "data-game": g.game }, h("h2", {}, g.title), h("p", { class: "facts" }, opp), h("p", { class: "daily-count" }, players));
    switch (g.state) {
      case "new": {
        if (!me.id) break;
        const b = h("button", { type: "button", class: "primary daily-play" }, t(lang, "daily.play")) as HTMLButtonElement;
        b.addEventListener("click", () => start(g, b));
        li.append(b);
        break;
      }
      case "playing":
        li.append(h("p", {}, t(lang, "daily.started")), h("a", { href: `/t/${encodeURIComponent(g.table!)}`, class: "button daily-continue" }, t(lang, "daily.continue")));
        break;
      case "gaveup":
        li.append(h("p", {}, t(lang, "daily.gaveUp")));
        break;
      case "over":
        if (g.mine) {
          const m = g.mine;
          const kids: (HTMLElement | null)[] = [
            h("p", { class: "daily-score" }, t(lang, "daily.score", m.score)),
            h("p", { class: "daily-rank" }, t(lang, "daily.rank", m.rank, g.finished), " · ", h("strong", { class: "daily-percentile" }, g.finished > 1 ? t(lang, "daily.percentile", m.percentile) : t(lang, "daily.alone"))),
            histogram(g.histogram ?? []),
            g.best ? h("p", { class: "daily-best" }, t(lang, "daily.best", g.best.name, g.best.score)) : null,
            h("p", {}, h("a", { href: m.review, class: "daily-review" }, t(lang, "daily.review"))),
          ];
          li.append(...kids.filter((k): k is HTMLElement => k !== null));
        }
        break;
    }
    return li;
  }

  /** num writes a score with a true minus sign (a garden may score below zero). */
  function num(n: number): string {
    return n < 0 ? `−${-n}` : String(n);
  }

  /** histogram draws the day's scores: one bar per range, the caller's in the accent colour. */
  function histogram(bins: DailyBinJSON[]): HTMLElement | null {
    if (!bins.length) return null;
    const W = 300,
      H = 120,
      pad = 18;
    const most = Math.max(...bins.map((b) => b.count));
    // The first and last ranges are labelled, and the caller's: an end's label
    // too near the caller's would overlap it.
    const at = bins.findIndex((b) => b.mine);
    const labelled = (i: number) => i === at || ((i === 0 || i === bins.length - 1) && (at < 0 || Math.abs(i - at) > 2));
    const bw = W / bins.length;
    const label = t(lang, "daily.histogram");
    const svg = el(
      "svg",
      { viewBox: `0 0 ${W} ${H + 2 * pad}`, role: "img", "aria-label": label, class: "daily-hist" },
      ...bins.map((b, i) => {
        const bh = most ? Math.max(2, (b.count / most) * H) : 0;
        const x = i * bw + 2;
        const range = b.from === b.to ? num(b.from) : t(lang, "daily.range", num(b.from), num(b.to));
        // A label under a bar near an edge is anchored to that edge: never cut.
        const cx = x + (bw - 4) / 2;
        const anchor = cx < W / 4 ? { x: x, "text-anchor": "start" } : cx > (3 * W) / 4 ? { x: x + bw - 4, "text-anchor": "end" } : {};
        return el(
          "g",
          {},
          el("title", {}, t(lang, "daily.binCount", b.from, b.to, b.count)),
          el("rect", { x, y: pad + H - bh, width: bw - 4, height: bh, class: b.mine ? "bar mine" : "bar" }),
          b.count ? text(x + (bw - 4) / 2, pad + H - bh - 8, b.count, { class: "count" }) : null,
          labelled(i) ? text(cx, pad + H + 10, b.mine ? `${range} · ${t(lang, "daily.you")}` : range, { class: b.mine ? "axis mine" : "axis", ...anchor }) : null,
        );
      }),
    );
    return h("figure", { class: "daily-figure" }, svg, h("figcaption", {}, label));
  }

  function yesterday(day: string, games: DailyPastJSON[]): HTMLElement {
    return h(
      "section",
      { class: "daily-yesterday" },
      h("h2", {}, t(lang, "daily.yesterday"), " — ", dayText(day)),
      h(
        "ul",
        {},
        ...games.map((g) =>
          h(
            "li",
            { "data-game": g.game },
            h("strong", {}, g.title),
            ": ",
            g.best ? t(lang, "daily.yesterdayBest", g.best.name, g.best.score) : t(lang, "daily.yesterdayNobody"),
            g.mine !== undefined ? h("span", {}, " · ", t(lang, "daily.yesterdayMine", g.mine)) : null,
            g.best?.replay
              ? h("span", { class: "daily-links" }, " · ", h("a", { href: g.best.replay }, t(lang, "daily.replay")), " · ", h("a", { href: g.best.record ?? "" }, t(lang, "daily.record")))
              : null,
          ),
        ),
      ),
    );
  }
}

let today: Promise<DailyJSON | undefined> | undefined;
let watched = false; // the score pad is watched (dailyStanding)

/**
 * dailyStanding is, at the end of a game, the way back to /daily when the
 * table is one of today's daily deals of the viewer's (their rank is
 * there): under the score pad, beside its replay, where the eye is when
 * the game ends. Such a table's record waits for midnight (it holds the
 * deal's seed), so its link goes.
 */
export function dailyStanding(extra: HTMLElement, id: string, lang: Lang): void {
  today ??= fetch("/api/daily")
    .then((r) => (r.ok ? (r.json() as Promise<DailyJSON>) : undefined))
    .catch(() => undefined);
  void today.then((d) => {
    if (!d?.games.some((g) => g.table === id)) return;
    extra.querySelector("a.record")?.remove();
    if (watched) return;
    const pad = document.querySelector("section.pad");
    const link = h("p", {}, h("a", { href: "/daily", class: "button daily-standing" }, t(lang, "daily.standing")));
    if (!pad) {
      extra.append(link);
      return;
    }
    // The table draws its pad again (cleared, then filled) when it likes:
    // the link goes back each time.
    watched = true;
    const put = () => {
      if (!pad.contains(link) && pad.querySelector(".scorepad")) pad.append(link);
    };
    new MutationObserver(put).observe(pad, { childList: true });
    put();
  });
}
