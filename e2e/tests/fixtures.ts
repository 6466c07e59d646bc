// Fixtures: the processes the tests talk to. Each worker starts its own
// harness (real engine views, no server) and, for the play tests, its own
// `jardin serve` on a free loopback port with a fresh database.
import { test as base, expect, type Page } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
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

export const test = base.extend<{ failOnConsoleErrors: void }, { harness: string }>({
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
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use();
      expect(errors, "errors in the page's console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** waitReady waits until the harness page has drawn after n moves of its seat. */
export async function waitReady(page: Page, n: number): Promise<void> {
  await expect(page.locator("body")).toHaveAttribute("data-ready", String(n));
}
