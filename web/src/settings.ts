// The notification settings page (/settings): the e-mail address and the
// webhook that the server's "your turn" notices and reminders go to at
// tables played by correspondence (GET and POST /api/me), and the
// browser's own notifications, asked for only on the person's click (the
// table page shows them while its tab is hidden).

import { clear, h } from "./dom";
import { type Lang, languages, t } from "./i18n";
import { passkeyBox } from "./passkey";

interface Me {
  id: string;
  name: string;
  webhook: string;
  email: string;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(j.error ?? `${r.status}`);
  return j as T;
}

/** backTo is the table the person came from (?back=/t/ID), or the lobby. */
function backTo(lang: Lang): HTMLElement {
  const b = new URLSearchParams(location.search).get("back") ?? "";
  if (/^\/t\/[A-Za-z0-9]+$/.test(b)) return h("a", { class: "back", href: b }, "← ", t(lang, "backToTable"));
  return h("a", { class: "back", href: "/" }, "← ", t(lang, "lobby"));
}

export async function settingsPage(root: HTMLElement, lang: Lang): Promise<void> {
  const me = await api<Me>("/api/me").catch(() => ({ id: "", name: "", webhook: "", email: "" }));
  clear(root);
  root.classList.add("settings");
  document.title = `${t(lang, "settings")} — jardin`;
  // "Settings", not "Notifications": the page holds the passkey too, and a
  // newcomer looking for how to keep their identity would not look under
  // notifications. Each part has its own heading.
  root.append(backTo(lang), h("h1", {}, t(lang, "settings")), h("h2", {}, t(lang, "settingsNotifyTitle")), h("p", {}, t(lang, "settingsIntro")));
  if (me.id) root.append(contactForm(lang, me));
  else root.append(h("p", { class: "first-step" }, t(lang, "settingsNoName"), " ", h("a", { href: "/" }, t(lang, "lobby"))));
  // Protect the identity with a passkey, or sign in with one (passkey.ts).
  root.append(passkeyBox(lang, me.id !== ""));
  root.append(browserBox(lang));
}

/** contactForm edits the e-mail address and the webhook; the server checks both. */
function contactForm(lang: Lang, me: Me): HTMLElement {
  const email = h("input", { id: "email", name: "email", type: "email", maxlength: "254", autocomplete: "email", value: me.email }) as HTMLInputElement;
  const webhook = h("input", { id: "webhook", name: "webhook", type: "url", maxlength: "500", inputmode: "url", placeholder: "https://ntfy.sh/…", value: me.webhook }) as HTMLInputElement;
  const msg = h("p", { class: "message", role: "alert" });
  const saved = h("p", { class: "saved", role: "status" });
  const langName = languages().find((l) => l.lang === lang)?.name ?? lang;
  // The server's sentence says what is wrong with an address (its
  // language is this page's): no browser bubble in another language.
  const form = h(
    "form",
    { class: "contact", novalidate: true },
    h("label", { for: "email" }, t(lang, "settingsEmail")),
    email,
    h("p", { class: "note" }, t(lang, "settingsEmailHint")),
    h("label", { for: "webhook" }, t(lang, "settingsWebhook")),
    webhook,
    h("p", { class: "note" }, t(lang, "settingsWebhookHint")),
    h("p", { class: "note" }, t(lang, "settingsLang", langName)),
    h("button", { type: "submit" }, t(lang, "save")),
    msg,
    saved,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    msg.textContent = saved.textContent = "";
    api<Me>("/api/me", { name: me.name, email: email.value.trim(), webhook: webhook.value.trim() })
      .then((got) => {
        email.value = got.email;
        webhook.value = got.webhook;
        saved.textContent = t(lang, "settingsSaved");
      })
      .catch((err: unknown) => {
        msg.textContent = t(lang, "error", err instanceof Error ? err.message : String(err));
      });
  });
  return form;
}

/** browserBox turns the browser's notifications on, on the person's click only. */
function browserBox(lang: Lang): HTMLElement {
  const status = h("p", { class: "note browser-status", role: "status" });
  const on = h("button", { type: "button", class: "browser-on" }, t(lang, "settingsBrowserOn")) as HTMLButtonElement;
  const show = () => {
    if (!("Notification" in window)) {
      on.hidden = true;
      status.textContent = t(lang, "settingsBrowserNone");
      return;
    }
    const p = Notification.permission;
    on.hidden = p !== "default";
    status.textContent = p === "granted" ? t(lang, "settingsBrowserGranted") : p === "denied" ? t(lang, "settingsBrowserDenied") : "";
  };
  on.addEventListener("click", () => {
    void Notification.requestPermission().then(show);
  });
  show();
  return h("section", { class: "browser" }, h("h2", {}, t(lang, "settingsBrowser")), h("p", {}, t(lang, "settingsBrowserHint")), on, status);
}
