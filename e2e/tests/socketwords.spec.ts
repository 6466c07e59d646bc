// The socket's own refusals (docs/server.md, "WebSocket protocol") reach a
// person in the catalogue's words of the page's language, never as a code:
// a page whose socket sends too many messages at once (forced here by
// making the page's next message a burst) says the connection was lost and
// why in the server's sentence, in English, French and German, and then
// reconnects and sends the move again.
// JARDIN_SOCKET_SHOTS=dir saves the page at 1366×900 and 390×844 there.
import type { Page, WebSocketRoute } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, firstChoice, newTable, test } from "./fixtures";

const LANGS = ["en", "fr", "de"] as const;
/** The catalogue's err.ws.tooMany in each language, with the server's --rate (20). */
const SAYS: Record<(typeof LANGS)[number], RegExp> = {
  en: /too many messages: at most 20 a second/,
  fr: /trop de messages\s*:\s*20 par seconde au plus/,
  de: /zu viele Nachrichten: höchstens 20 pro Sekunde/,
};
/** The page's page.together.lostWhy around it. */
const LOST: Record<(typeof LANGS)[number], RegExp> = {
  en: /^Connection lost \(.+\)\. Reconnecting…$/,
  fr: /^Connexion perdue \(.+\)\. Reconnexion…$/,
  de: /^Verbindung unterbrochen \(.+\)\. Neuer Versuch…$/,
};

const shotDir = process.env.JARDIN_SOCKET_SHOTS;

async function shots(page: Page, name: string): Promise<void> {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  for (const [size, vp] of [["desktop", { width: 1366, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(shotDir, `${name}-${size}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const lang of LANGS) {
  test(`a socket refused for its rate says so in ${lang}`, async ({ page, server }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const t = await newTable(page, server, "english-gardens", ["me", "greedy"]);
    await page.goto(`${t.url}?lang=${lang}`);
    await expect(page.locator("body")).toHaveAttribute("data-conn", "open");
    // The page's next message goes out behind 40 pings: over the server's
    // 20 a second (burst 40 by default: --rate, --burst).
    await page.evaluate(() => {
      const proto = WebSocket.prototype;
      const send = proto.send;
      proto.send = function (this: WebSocket, d: string) {
        proto.send = send;
        for (let i = 0; i < 45; i++) send.call(this, JSON.stringify({ t: "ping", id: `p${i}` }));
        send.call(this, d);
      };
    });
    // Hold the page's reconnection until the lost connection was looked
    // at (a socket routed without connectToServer never gets its sync).
    let hold = true;
    const held: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws\/tables\//, (ws) => {
      if (hold) held.push(ws);
      else ws.connectToServer();
    });
    await (await firstChoice(page)).click();
    // The banner says the connection is lost, and why, in the server's words.
    const conn = page.locator(".conn");
    await expect(conn).toHaveText(LOST[lang]);
    await expect(conn).toContainText(SAYS[lang]);
    await expect(page.locator("body")).not.toContainText("ws.");
    await shots(page, `socket-rate-${lang}`);
    // Let it reconnect: the move made is sent again and the table goes on.
    hold = false;
    for (const ws of held) await ws.close({ code: 1001 });
    await expect(page.locator("body")).toHaveAttribute("data-conn", "open", { timeout: 15_000 });
    await expect(page.locator("body")).not.toContainText("ws.");
    await shots(page, `socket-rate-after-${lang}`);
  });
}
