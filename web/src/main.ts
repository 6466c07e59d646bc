// The page's entry. On a server page (the table's shell holds
// <main id="table" data-table>) it draws the table; on the harness page it
// draws a harness position. Every page gets the language switch, which
// saves the choice and reloads: the server then renders events in it.

import { h } from "./dom";
import { dailyPage } from "./daily";
import { harness } from "./harness";
import { learnPage } from "./learn";
import { lobby } from "./lobby";
import { rulesPage } from "./rules";
import { replayPage } from "./replay";
import { settingsPage } from "./settings";
import { initialLang, type Lang, languages, saveLang, t } from "./i18n";
import { tablePage } from "./tablepage";
import { keepStepInView } from "./stepview";

function start(): void {
  const lang: Lang = initialLang();
  document.documentElement.lang = lang;
  // The switch offers every language the server has, each named in itself.
  const sw = languages()
    .filter((l) => l.lang !== lang)
    .map((l) => h("button", { type: "button", class: "lang-switch", lang: l.lang, onclick: () => switchTo(l.lang) }, l.name));
  const nav = h("nav", { class: "top", "aria-label": t(lang, "language") }, ...sw);
  document.body.prepend(nav);
  const table = document.getElementById("table");
  settingsLink(nav, lang, table?.dataset.table);
  if (table?.dataset.table) {
    tablePage(table, lang);
    keepStepInView(table);
    return;
  }
  const replay = document.getElementById("replay");
  if (replay?.dataset.table) {
    void replayPage(replay, lang);
    return;
  }
  // The rules page and the tutorial of a game (rules.ts, learn.ts).
  const learn = document.getElementById("rules") ?? document.getElementById("learn");
  if (learn?.dataset.game) {
    void (learn.id === "rules" ? rulesPage(learn, lang) : learnPage(learn, lang));
    return;
  }
  // The daily garden (daily.ts).
  const daily = document.getElementById("daily");
  if (daily) {
    void dailyPage(daily, lang);
    return;
  }
  const app = document.getElementById("app");
  if (app && document.body.dataset.page === "settings") void settingsPage(app, lang);
  else if (app && document.body.dataset.page === "lobby") void lobby(app, lang);
  else if (app && location.pathname.startsWith("/harness/")) void harness(app, lang);
}

/**
 * settingsLink puts the notification settings (/settings) in the header of
 * the lobby and of a table's page (which they come back to).
 */
function settingsLink(nav: HTMLElement, lang: Lang, table: string | undefined): void {
  const page = document.body.dataset.page;
  if (page !== "lobby" && !table) return;
  const href = "/settings" + (table ? `?back=${encodeURIComponent("/t/" + table)}` : "");
  // Beside the language switch's bar, not in it: that navigation is labelled "Language".
  const bar = h("div", { class: "top-bar" }, h("a", { class: "settings-link", href }, t(lang, "settings")));
  nav.replaceWith(bar);
  bar.append(nav);
}

/**
 * switchTo saves the choice and loads the page again in it; a ?lang= in the
 * address would win over the choice, so it is dropped.
 */
function switchTo(l: Lang): void {
  saveLang(l);
  const u = new URL(location.href);
  if (!u.searchParams.has("lang")) {
    location.reload();
    return;
  }
  u.searchParams.delete("lang");
  location.assign(u.toString());
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
