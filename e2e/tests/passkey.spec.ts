// Passkeys (issue 26) with Chromium's virtual authenticator (CDP WebAuthn
// domain): Ann protects her identity on the settings page, her browser
// loses its cookie, and "Sign in with a passkey" in the lobby gives her the
// same identity again. The page is opened as http://localhost:PORT, a
// secure context (WebAuthn refuses IP addresses). Run in English on a
// desktop and in French on a phone; with JARDIN_PASSKEY_SHOTS=dir the
// settings section is saved in English, French and German on both.
import type { Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
type L = "en" | "fr" | "de";
const LOCALE: Record<L, string> = { en: "en-GB", fr: "fr-FR", de: "de-DE" };

function words(lang: L): Record<string, string> {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "shelltext", "texts", `${lang}.json`), "utf8"));
}

/** plural picks the catalogue's "one" form of a message like "{0, plural, one {…#…} other {…}}" for n = 1. */
function one(m: string): string {
  return /one \{([^}]*)\}/.exec(m)![1].replace("#", "1");
}

/** authenticator gives the page a virtual platform authenticator that keeps passkeys and says yes. */
async function authenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

for (const [lang, viewport, device] of [
  ["en", DESKTOP, "desktop"],
  ["fr", PHONE, "phone"],
] as const) {
  test(`a passkey finds the identity again after the cookie is lost (${lang}, ${device})`, async ({ browser, server }) => {
    const w = words(lang);
    const base = server.url.replace("127.0.0.1", "localhost");
    const ctx = await browser.newContext({ locale: LOCALE[lang], viewport });
    const page = await ctx.newPage();
    await authenticator(page);
    const made = await page.request.post(base + "/api/me", { data: { name: "Ann" } });
    expect(made.ok(), await made.text()).toBeTruthy();
    const ann = (await made.json()).id as string;

    await page.goto(`${base}/settings?lang=${lang}`);
    await expect(page.locator(".passkeys h2")).toHaveText(w["page.passkey.title"]);
    await expect(page.locator(".passkey-count")).toHaveText(w["page.passkey.unprotected"]);
    await page.locator("button.passkey-protect").click();
    await expect(page.locator(".passkeys .passkey-status")).toHaveText(w["page.passkey.added"]);
    await expect(page.locator(".passkey-count")).toHaveText(one(w["page.passkey.count"]));
    await expect(page.locator("button.passkey-protect")).toHaveText(w["page.passkey.another"]);

    const dir = process.env.JARDIN_PASSKEY_SHOTS;
    if (dir && lang === "en") {
      mkdirSync(dir, { recursive: true });
      for (const l of ["en", "fr", "de"] as const) {
        for (const [size, name] of [
          [DESKTOP, "desktop"],
          [PHONE, "phone"],
        ] as const) {
          await page.setViewportSize(size);
          await page.goto(`${base}/settings?lang=${l}`);
          await expect(page.locator(".passkey-count")).toHaveText(one(words(l)["page.passkey.count"]));
          await page.screenshot({ path: join(dir, `passkey-settings-${l}-${name}.png`), fullPage: true });
        }
      }
      await page.setViewportSize(viewport);
    }

    // The cookie is lost: the lobby asks for a name, and offers the passkey.
    await ctx.clearCookies();
    await page.goto(`${base}/?lang=${lang}`);
    await expect(page.locator(".first-step button.passkey-signin")).toHaveText(w["page.passkey.signIn"]);
    if (dir && lang === "en") {
      for (const l of ["en", "fr", "de"] as const) {
        await page.goto(`${base}/?lang=${l}`);
        await expect(page.locator(".first-step button.passkey-signin")).toBeVisible();
        await page.locator(".first-step").screenshot({ path: join(dir, `passkey-lobby-${l}-${device}.png`) });
      }
      await page.goto(`${base}/?lang=${lang}`);
    }
    await page.locator(".first-step button.passkey-signin").click();
    // Signed in, the lobby is drawn again with her name.
    await expect(page.locator(".named")).toContainText("Ann");
    const me = await (await page.request.get(base + "/api/me")).json();
    expect(me.id).toBe(ann);
    await ctx.close();
  });
}
