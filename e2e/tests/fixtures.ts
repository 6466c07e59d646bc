// Fixtures: the processes the tests talk to. Each worker starts its own
// harness (real engine views, no server) and, for the play tests, its own
// `jardin serve` on a free loopback port with a fresh database.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Proc {
  url: string;
  proc: ChildProcess;
}

/** start runs a binary that prints its address ("listening on http://…") and waits for it. */
export function start(bin: string, args: string[], env: Record<string, string> = {}): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${bin} did not start in 20 s:\n${out}`)), 20_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = out.match(/https?:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+/);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], proc });
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${bin} exited with ${code}:\n${out}`));
    });
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** freePort asks the system for a loopback port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("no port"))));
    });
  });
}

/** A `jardin serve` on loopback with its own database file. */
export class Server {
  url = "";
  proc?: ChildProcess;
  private out = "";
  /** extra are more flags for `jardin serve` (absence.spec.ts: a short --grace). */
  extra: string[] = [];
  constructor(
    readonly bin: string,
    readonly db: string,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(extra: string[] = []): Promise<Server> {
    const bin = process.env.JARDIN_BIN;
    if (!bin) throw new Error("JARDIN_BIN is not set: run the tests through scripts/test");
    // Until cmd/jardin has the serve command (issue 14), the tests that need
    // a server are skipped, saying so.
    const help = spawnSync(bin, ["help"], { encoding: "utf8" });
    base.skip(!`${help.stdout}${help.stderr}`.includes("serve"), "this jardin has no serve command yet");
    const s = new Server(bin, join(tempDir("jardin-e2e-"), "jardin.db"), await freePort());
    s.extra = extra;
    await s.run();
    return s;
  }

  /** run starts the process and waits until /healthz answers. */
  async run(): Promise<void> {
    this.out = "";
    const p = spawn(this.bin, ["serve", "--addr", `127.0.0.1:${this.port}`, "--db", this.db, "--identity-burst", "10000", "--write-burst", "100000", ...this.extra], { stdio: ["ignore", "pipe", "pipe"] });
    this.proc = p;
    p.stdout!.on("data", (b) => (this.out += b));
    p.stderr!.on("data", (b) => (this.out += b));
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      if (p.exitCode !== null) throw new Error(`jardin serve exited with ${p.exitCode}:\n${this.out}`);
      try {
        const r = await fetch(this.url + "/healthz");
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`jardin serve did not answer /healthz in 20 s:\n${this.out}`);
  }

  /** stop ends the process: SIGTERM (graceful) or SIGKILL. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const done = new Promise((r) => p.once("exit", r));
    p.kill(signal);
    await done;
  }
}

export const test: ReturnType<typeof base.extend<{ failOnConsoleErrors: void }, { harness: string; server: Server }>> = base.extend<{ failOnConsoleErrors: void }, { harness: string; server: Server }>({
  server: [
    async ({}, use) => {
      const s = await Server.start();
      await use(s);
      await s.stop();
    },
    { scope: "worker" },
  ],
  harness: [
    async ({}, use) => {
      const bin = process.env.JARDIN_HARNESS;
      if (!bin) throw new Error("JARDIN_HARNESS is not set: run the tests through scripts/test");
      const h = await start(bin, ["-addr", "127.0.0.1:0"]);
      await use(h.url);
      h.proc.kill();
    },
    { scope: "worker" },
  ],
  // Every test fails on an error in the page's console or an uncaught exception.
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // The browser asks every server for /favicon.ico: the test harness
        // has none (the server has one, and lobby-read.spec.ts checks a first
        // visit logs nothing).
        const url = m.location().url;
        if (m.type() !== "error" || url.endsWith("/favicon.ico")) return;
        errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use();
      // A test that takes the server down expects the page's failed reconnections.
      const allowed = test.info().annotations.some((a) => a.type === "server-goes-down");
      // A test of a refused request expects the browser's line about its 400.
      const refused = test.info().annotations.some((a) => a.type === "expects-refusal");
      expect(
        errors.filter((e) => !(allowed && /WebSocket connection to .* failed/.test(e)) && !(refused && /status of 400 \(Bad Request\)/.test(e))),
        "errors in the page's console",
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** waitReady waits until the harness page has drawn after n moves of its seat. */
export async function waitReady(page: Page, n: number): Promise<void> {
  await expect(page.locator("body")).toHaveAttribute("data-ready", String(n));
}

/** newTable names the page's player and creates a table through the JSON API; it returns its addresses. */
export async function newTable(
  page: Page,
  server: Server,
  game: string,
  seats: string[],
  opts: { name?: string; options?: Record<string, string>; clock?: object } = {},
): Promise<{ id: string; url: string; inviteUrl: string; spectate: string }> {
  const me = await page.request.post(server.url + "/api/me", { data: { name: opts.name ?? "Ann" } });
  expect(me.ok(), await me.text()).toBeTruthy();
  const r = await page.request.post(server.url + "/api/tables", {
    data: { game, players: seats.length, seats, options: opts.options ?? {}, clock: opts.clock ?? { mode: "none" }, public: true },
  });
  expect(r.status(), await r.text()).toBe(201);
  // The server may answer absolute addresses (its --base-url) or paths.
  const j = await r.json();
  for (const k of ["url", "inviteUrl", "spectate"]) j[k] = new URL(j[k], server.url).href;
  return j;
}

/**
 * playByClicks plays the page's seat to the end of the game by clicking:
 * each time it is the seat's turn, the first highlighted target or choice
 * button, until the score pad shows. It returns how many clicks it made.
 */
export async function playByClicks(page: Page, opts: PlayOpts = {}): Promise<number> {
  const max = opts.maxClicks ?? 3000;
  let clicks = 0;
  while (clicks < max) {
    if (await page.locator(".scorepad").count()) return clicks;
    const target = await firstChoice(page);
    try {
      await target.waitFor({ state: "visible", timeout: 500 });
    } catch {
      continue; // a bot is thinking, or the page waits for the server's answer
    }
    if (opts.how === "tap") await target.tap({ timeout: 5000 }).catch(() => undefined);
    else if (opts.how === "keyboard") await byKeyboard(page);
    else await target.click({ timeout: 5000 }).catch(() => undefined);
    clicks++;
    await opts.after?.(clicks);
  }
  throw new Error(`no score pad after ${max} clicks`);
}

/**
 * firstChoice is the first target on the drawing, else the first choice
 * button of the step bar (which the page puts above the drawing): a
 * placement before "pass", "stop" or "discard".
 */
export async function firstChoice(page: Page): Promise<Locator> {
  const board = page.locator("svg.board .target");
  return (await board.count()) ? board.first() : page.locator("svg.board .target, .steps button.choice").first();
}

export interface PlayOpts {
  maxClicks?: number;
  how?: "click" | "tap" | "keyboard";
  /** after runs after each choice, e.g. to take a screenshot mid-game. */
  after?: (n: number) => Promise<void>;
}

/** byKeyboard makes one choice with the keyboard only: Tab to a target or choice button, then Enter. */
async function byKeyboard(page: Page): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const ok = await page.evaluate(() => {
      const a = document.activeElement;
      return !!a && (a.matches("svg.board .target") || a.matches(".steps button.choice"));
    });
    if (ok) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
}

/**
 * injectAxe loads axe-core into the page. Not as a script tag: the pages'
 * Content-Security-Policy runs no inline script (the test's evaluation is
 * the browser's own, outside the policy).
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
}

/** axeScan runs axe-core in the page and returns its serious and critical violations. */
export async function axeScan(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  await injectAxe(page);
  const res = await page.evaluate(async () => {
    // @ts-expect-error axe is the script just added
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] } });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(" ")) }));
  });
  return res.filter((v: any) => v.impact === "serious" || v.impact === "critical");
}

/** shot saves a screenshot under docs/screenshots/ when JARDIN_SCREENSHOTS=1 (they are committed, so only on demand). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.JARDIN_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: join(__dirname, "..", "..", "docs", "screenshots", `${name}.png`), fullPage: true });
}

/**
 * boardMarkup is the drawing's markup with each element's attributes in name
 * order: the order they were set in is no part of the drawing (the DOM's
 * isEqualNode ignores it, and morph.ts keeps nodes it finds equal), and a
 * drawing reached by morphing can differ from a fresh one only by it (seen
 * in CI in replay.spec and tables.spec).
 */
export async function boardMarkup(page: Page): Promise<string> {
  return page.locator("svg.board").evaluate((svg) => {
    const c = svg.cloneNode(true) as Element;
    for (const e of [c, ...c.querySelectorAll("*")]) {
      const as = [...e.attributes].map((a) => [a.name, a.value] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
      for (const [n] of as) e.removeAttribute(n);
      for (const [n, v] of as) e.setAttribute(n, v);
    }
    return c.innerHTML;
  });
}

/**
 * inRun tells whether a flow written for every language runs in lang this
 * time: each flow k in one language (en, fr, de in turn over the flows), so
 * that every language is seen and the suite stays short;
 * JARDIN_READABLE_ALL=1 runs every flow in every language (as readable.spec).
 */
export function inRun(lang: string, k: number): boolean {
  return process.env.JARDIN_READABLE_ALL === "1" || lang === ["en", "fr", "de"][k % 3];
}

/**
 * autoplay plays the page's seat of table id to the end through a second
 * socket of the page's own (the person's identity: its cookie), the first
 * legal move each time, faster than clicks; the page itself sees every
 * move as it comes.
 */
export async function autoplay(page: Page, id: string): Promise<void> {
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws/tables/${encodeURIComponent(id)}`);
        let n = 0;
        // A bound, not a speed target: a busy machine (CI shares its two
        // cores) takes a minute or more for the three seats' game.
        const timer = setTimeout(() => reject(new Error(`the game did not end in 150 s (${n} moves sent)`)), 150_000);
        // A closed socket or a refused move would stall the game: say so.
        ws.onclose = (ev) => reject(new Error(`the socket closed after ${n} moves: ${ev.code} ${ev.reason}`));
        ws.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.t === "error") reject(new Error(`move refused after ${n} moves: ${ev.data}`));
          if (m.t !== "sync" && m.t !== "update") return;
          if (m.status === "over") {
            clearTimeout(timer);
            ws.onclose = null;
            ws.close();
            resolve();
            return;
          }
          const you = m.t === "sync" ? m.you : (ws as unknown as { you: number }).you;
          if (m.t === "sync") (ws as unknown as { you: number }).you = m.you;
          // Paced under the server's 20 messages a second a socket (a fast
          // machine answers in a millisecond; daily.spec's solo game was
          // refused as too many).
          if (m.toMove === you && m.legal?.length) {
            const move = JSON.stringify({ t: "move", v: m.v, id: `auto-${++n}`, i: 0 });
            setTimeout(() => ws.send(move), 60);
          }
        };
      }),
    id,
  );
}

/**
 * headControl is a control of the table page's header (Resign, Leave, How to
 * play, the settings, the languages): on a phone they are in the header's
 * menu (tablehead.ts), which this opens when it is shut.
 */
export async function headControl(page: Page, sel: string): Promise<Locator> {
  const c = page.locator(sel);
  const menu = page.locator(".head-menu summary");
  if (!(await c.isVisible()) && (await menu.isVisible())) await menu.click();
  return c;
}
