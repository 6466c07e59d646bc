// The page's entry: the header with the language switch, then the page the
// address names.

import { clear, h } from "./dom";
import { harness } from "./harness";
import { initialLang, type Lang, saveLang, t } from "./i18n";

function start(): void {
  let lang: Lang = initialLang();
  const app = document.getElementById("app")!;
  const render = () => {
    clear(app);
    document.documentElement.lang = lang;
    const other: Lang = lang === "fr" ? "en" : "fr";
    const header = h(
      "header",
      { class: "top" },
      h("a", { href: "/", class: "brand" }, t(lang, "appName")),
      h("nav", {}, h("button", { type: "button", class: "lang", lang: other, "aria-label": t(lang, "language") + ": " + t(lang, "switchLang"), onclick: () => { lang = other; saveLang(lang); render(); } }, t(lang, "switchLang"))),
    );
    const main = h("main", { id: "main" });
    app.append(header, main);
    route(main, lang);
  };
  render();
}

function route(main: HTMLElement, lang: Lang): void {
  const p = location.pathname;
  if (p.startsWith("/harness/")) {
    void harness(main, lang);
    return;
  }
  main.append(h("p", {}, t(lang, "loading")));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
