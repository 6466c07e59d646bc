// Passkeys (server/passkey.go): the settings page protects the identity
// with a passkey ("Protect with a passkey"), and a browser without the
// identity's cookie signs in with it (the settings page and the lobby's
// first step), which gives that browser the same identity again. The
// WebAuthn options and answers cross as JSON with their binary fields in
// base64url, as the server's library writes and reads them.

import { clear, h } from "./dom";
import { type Lang, t } from "./i18n";
import type { PasskeysJSON } from "./gen/server";

function fromB64(s: string): ArrayBuffer {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out.buffer;
}

function toB64(buf: ArrayBuffer | null | undefined): string {
  if (!buf) return "";
  let s = "";
  for (const c of new Uint8Array(buf)) s += String.fromCharCode(c);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function post<T>(path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((j as { error?: string }).error ?? `${r.status}`);
  return j as T;
}

type Descriptor = { id: string; type: string; transports?: string[] };

/** canUsePasskeys: the browser offers WebAuthn here (a secure context with PublicKeyCredential). */
export function canUsePasskeys(): boolean {
  return window.isSecureContext && "PublicKeyCredential" in window && !!navigator.credentials;
}

/**
 * byNumber: the page is opened by an IP address, where WebAuthn refuses to
 * work (a passkey belongs to a name). A person is told, in plain words, to
 * open the site by its name, with the way there when it is this machine.
 */
function byNumber(lang: Lang): HTMLElement | null {
  const host = location.hostname;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
  if (!ip) return null;
  const note = h("div", { class: "note passkey-byname", role: "note" }, h("p", {}, t(lang, "passkey.byName", host.replace(/^\[|\]$/g, ""))));
  if (/^127\./.test(host) || host === "[::1]") {
    const there = new URL(location.href);
    there.hostname = "localhost";
    note.append(h("p", {}, t(lang, "passkey.byNameOpen"), " ", h("a", { href: there.href }, there.host)));
  } else note.append(h("p", {}, t(lang, "passkey.byNameAsk")));
  return note;
}

/** cancelled: the person closed the browser's passkey dialog, or it timed out (no error to show as such). */
function cancelled(e: unknown): boolean {
  return e instanceof DOMException && (e.name === "NotAllowedError" || e.name === "AbortError");
}

/** registerPasskey protects the identity with a new passkey: the server's options, the browser's ceremony, its answer. */
export async function registerPasskey(): Promise<PasskeysJSON> {
  const o = await post<{ publicKey: Record<string, any> }>("/api/passkeys/register");
  const pk = o.publicKey;
  pk.challenge = fromB64(pk.challenge);
  pk.user = { ...pk.user, id: fromB64(pk.user.id) };
  pk.excludeCredentials = ((pk.excludeCredentials ?? []) as Descriptor[]).map((c) => ({ ...c, id: fromB64(c.id) }));
  const cred = (await navigator.credentials.create({ publicKey: pk as PublicKeyCredentialCreationOptions })) as PublicKeyCredential;
  const res = cred.response as AuthenticatorAttestationResponse;
  return post<PasskeysJSON>("/api/passkeys/register/finish", {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    response: { clientDataJSON: toB64(res.clientDataJSON), attestationObject: toB64(res.attestationObject), transports: res.getTransports?.() ?? [] },
  });
}

/** signInWithPasskey gives this browser the identity a passkey protects: it answers who that is. */
export async function signInWithPasskey(): Promise<{ id: string; name: string }> {
  const o = await post<{ publicKey: Record<string, any> }>("/api/passkeys/login");
  const pk = o.publicKey;
  pk.challenge = fromB64(pk.challenge);
  pk.allowCredentials = ((pk.allowCredentials ?? []) as Descriptor[]).map((c) => ({ ...c, id: fromB64(c.id) }));
  const cred = (await navigator.credentials.get({ publicKey: pk as PublicKeyCredentialRequestOptions })) as PublicKeyCredential;
  const res = cred.response as AuthenticatorAssertionResponse;
  return post<{ id: string; name: string }>("/api/passkeys/login/finish", {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    response: {
      clientDataJSON: toB64(res.clientDataJSON),
      authenticatorData: toB64(res.authenticatorData),
      signature: toB64(res.signature),
      userHandle: toB64(res.userHandle),
    },
  });
}

/**
 * passkeySignIn is the "Sign in with a passkey" button of a browser
 * without an identity; done runs once the identity is this browser's.
 */
export function passkeySignIn(lang: Lang, done: (who: { id: string; name: string }) => void): HTMLElement | null {
  if (!canUsePasskeys()) return null;
  const ip = byNumber(lang);
  if (ip) {
    // In the lobby it is a hint (phones hide hints): a newcomer's first screen is about her name, not passkeys.
    ip.classList.add("hint");
    return h("div", { class: "passkey-signin-box" }, h("p", { class: "hint" }, t(lang, "passkey.signInHelp")), ip);
  }
  const status = h("p", { class: "note passkey-status", role: "status" });
  const b = h("button", { type: "button", class: "passkey-signin" }, t(lang, "passkey.signIn")) as HTMLButtonElement;
  b.addEventListener("click", () => {
    status.textContent = "";
    b.disabled = true;
    signInWithPasskey()
      .then((who) => {
        status.textContent = t(lang, "passkey.signedIn", who.name);
        done(who);
      })
      .catch((e: unknown) => {
        status.textContent = cancelled(e) ? t(lang, "passkey.cancelled") : t(lang, "error", e instanceof Error ? e.message : String(e));
      })
      .finally(() => (b.disabled = false));
  });
  return h("div", { class: "passkey-signin-box" }, h("p", { class: "hint" }, t(lang, "passkey.signInHelp")), b, status);
}

/**
 * passkeyBox is the settings page's section: with an identity, how many
 * passkeys protect it and "Protect with a passkey"; without one, the way
 * to sign in with a passkey.
 */
export function passkeyBox(lang: Lang, named: boolean): HTMLElement {
  const box = h("section", { class: "passkeys" }, h("h2", {}, t(lang, "passkey.title")));
  if (!canUsePasskeys()) {
    box.append(h("p", {}, t(lang, "passkey.help")), h("p", { class: "note" }, t(lang, "passkey.none")));
    return box;
  }
  const ip = byNumber(lang);
  if (ip) {
    box.append(h("p", {}, t(lang, "passkey.help")), ip);
    return box;
  }
  if (!named) {
    box.append(passkeySignIn(lang, () => location.reload())!);
    return box;
  }
  const count = h("p", { class: "passkey-count", role: "status" });
  const status = h("p", { class: "note passkey-status", role: "status" });
  const b = h("button", { type: "button", class: "passkey-protect" }, t(lang, "passkey.protect")) as HTMLButtonElement;
  const show = (p: PasskeysJSON) => {
    const n = p.passkeys.length;
    count.textContent = n ? t(lang, "passkey.count", n) : t(lang, "passkey.unprotected");
    b.textContent = t(lang, n ? "passkey.another" : "passkey.protect");
  };
  b.addEventListener("click", () => {
    status.textContent = "";
    b.disabled = true;
    registerPasskey()
      .then((p) => {
        show(p);
        status.textContent = t(lang, "passkey.added");
      })
      .catch((e: unknown) => {
        status.textContent = cancelled(e) ? t(lang, "passkey.cancelled") : t(lang, "error", e instanceof Error ? e.message : String(e));
      })
      .finally(() => (b.disabled = false));
  });
  clear(count);
  fetch("/api/passkeys")
    .then((r) => (r.ok ? (r.json() as Promise<PasskeysJSON>) : { passkeys: [] }))
    .then(show)
    .catch(() => undefined);
  box.append(h("p", {}, t(lang, "passkey.help")), count, b, status);
  return box;
}
