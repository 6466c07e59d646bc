// Shared tables through the page: two people at one table, a reload and a
// server restart mid-game, a spectator, the lobby's accessibility.
import type { Page, WebSocket } from "@playwright/test";
import { axeScan, boardMarkup, expect, firstChoice, newTable, test } from "./fixtures";

/**
 * frames collects every WebSocket message a page receives, without the
 * sync's "texts": the game's catalogue, the same for every seat, names every
 * card of the game (a hand's too) and is no secret.
 */
function frames(page: Page): string[] {
  const got: string[] = [];
  page.on("websocket", (ws: WebSocket) =>
    ws.on("framereceived", (f) => {
      const s = String(f.payload);
      try {
        const m = JSON.parse(s);
        if (m.texts) {
          delete m.texts;
          got.push(JSON.stringify(m));
          return;
        }
      } catch {
        // not JSON: kept as it is
      }
      got.push(s);
    }),
  );
  return got;
}

async function version(page: Page): Promise<number> {
  return Number(await page.locator("body").getAttribute("data-version"));
}

/** clickOnce makes one choice on page (one step of a decision). */
async function clickOnce(page: Page): Promise<void> {
  await page.locator("svg.board .target, .steps button.choice").first().waitFor();
  await (await firstChoice(page)).click();
}

/** playOneMove clicks until the page sends a move. */
async function playOneMove(page: Page): Promise<void> {
  const sent0 = await page.locator("body").getAttribute("data-sent-at");
  for (let i = 0; i < 10; i++) {
    await clickOnce(page);
    if ((await page.locator("body").getAttribute("data-sent-at")) !== sent0) return;
  }
  throw new Error("ten choices and no move sent");
}

test("two people at one table: invite link, moves seen live, nothing private of the other seat", async ({ browser, server }) => {
  test.setTimeout(120_000);
  const ann = await browser.newContext();
  const bob = await browser.newContext();
  const a = await ann.newPage();
  const b = await bob.newPage();
  const aFrames = frames(a);
  const bFrames = frames(b);
  const t = await newTable(a, server, "schlossgarten", ["me", "open"], { name: "Ann" });
  await a.goto(t.url);
  // Bob follows the invite link and takes the open seat.
  await b.goto(t.inviteUrl);
  await b.locator("input[name=name]").fill("Bob");
  await b.getByRole("button", { name: /seat/i }).click();
  await expect(b.locator("svg.board")).toBeVisible();
  await expect(a.locator(".seats")).toContainText("Bob");
  // Ann's hand, which Bob may not see anywhere.
  const annHand = await a.evaluate(() => [...document.querySelectorAll("svg.board [data-id^='C']")].map((e) => e.getAttribute("data-id")!));
  expect(annHand.length).toBeGreaterThan(0);
  const bobHand = await b.evaluate(() => [...document.querySelectorAll("svg.board [data-id^='C']")].map((e) => e.getAttribute("data-id")!));
  for (const c of annHand) {
    expect(bobHand).not.toContain(c);
    expect(await b.content()).not.toContain(`"${c}"`);
    expect(bFrames.join("\n")).not.toContain(`"${c}"`);
    expect(await b.locator("svg.board").getAttribute("aria-label")).not.toContain(c);
  }
  // Ann and Bob play in turn; each move reaches the other's page. The round
  // trip is the time from the mover's page sending a move to the later of
  // the two pages drawing it (both pages stamp Date.now() on body:
  // data-sent-at, data-updated-at).
  const rtts: number[] = [];
  const wire: number[] = [];
  // Where the time goes on the pages: from receiving the update to having
  // drawn it (the later of the two pages), the drawing alone (TableView's
  // draw, data-draw-ms) and to the next frame painted (data-painted-at).
  const page: number[] = [];
  const drawMs: number[] = [];
  const painted: number[] = [];
  // …and the main threads' time over the whole game (Chromium's counters,
  // through the DevTools protocol): script, style, layout, all tasks.
  const cdp = await Promise.all([a, b].map(async (p) => {
    const s = await p.context().newCDPSession(p);
    await s.send("Performance.enable");
    return s;
  }));
  const counters = async () => {
    const out: Record<string, number> = {};
    for (const s of cdp) for (const m of (await s.send("Performance.getMetrics")).metrics) out[m.name] = (out[m.name] ?? 0) + m.value;
    return out;
  };
  const before = await counters();
  for (let i = 0; i < 150 && rtts.length < 24; i++) {
    if (await a.locator(".scorepad").count()) break;
    const aMine = (await a.locator(".status.mine").count()) > 0;
    if (!aMine && !(await b.locator(".status.mine").count())) break;
    const [mover, other] = aMine ? [a, b] : [b, a];
    // the tab says whose turn it is
    await expect(mover).toHaveTitle(/^● Your turn/);
    await expect(other).not.toHaveTitle(/^●/);
    const sent0 = await mover.locator("body").getAttribute("data-sent-at");
    const v0 = await version(other);
    await clickOnce(mover);
    const sent = await mover.locator("body").getAttribute("data-sent-at");
    if (sent === sent0) continue; // a step of a decision, nothing sent yet
    await expect.poll(async () => (await version(a)) > v0 && (await version(b)) > v0, { intervals: [5, 10, 20] }).toBeTruthy();
    const upA = Number(await a.locator("body").getAttribute("data-updated-at"));
    const upB = Number(await b.locator("body").getAttribute("data-updated-at"));
    const inA = Number(await a.locator("body").getAttribute("data-recv-at"));
    const inB = Number(await b.locator("body").getAttribute("data-recv-at"));
    rtts.push(Math.max(upA, upB) - Number(sent));
    wire.push(Math.max(inA, inB) - Number(sent));
    page.push(Math.max(upA - inA, upB - inB));
    for (const p of [a, b]) drawMs.push(Number(await p.locator("body").getAttribute("data-draw-ms")));
    await expect.poll(async () => Number(await a.locator("body").getAttribute("data-painted-at")) >= upA && Number(await b.locator("body").getAttribute("data-painted-at")) >= upB, { intervals: [5, 10, 20] }).toBeTruthy();
    const paintA = Number(await a.locator("body").getAttribute("data-painted-at"));
    const paintB = Number(await b.locator("body").getAttribute("data-painted-at"));
    painted.push(Math.max(paintA, paintB) - Number(sent));
  }
  const after = await counters();
  const cpu = (k: string) => Math.round((after[k] - before[k]) * 1000);
  console.log(`both pages' main threads over ${rtts.length} moves, ms: script ${cpu("ScriptDuration")}, style ${cpu("RecalcStyleDuration")}, layout ${cpu("LayoutDuration")}, all tasks ${cpu("TaskDuration")}`);
  const pct = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
  console.log(`of which until the last page received the update (server and network), ms: ${wire.join(" ")}; p95 ${pct(wire, 0.95)}`);
  console.log(`on the pages, received to drawn (the later page), ms: ${page.join(" ")}; p95 ${pct(page, 0.95)}`);
  console.log(`TableView draws (both pages), ms: ${drawMs.join(" ")}; p95 ${pct(drawMs, 0.95)}`);
  console.log(`sent to the next frame painted on both pages, ms: ${painted.join(" ")}; p95 ${pct(painted, 0.95)}`);
  expect(rtts.length).toBeGreaterThan(3);
  rtts.sort((x, y) => x - y);
  const p95 = rtts[Math.min(rtts.length - 1, Math.floor(rtts.length * 0.95))];
  console.log(`move round trip (sent to both pages updated), ms: ${rtts.join(" ")}; p95 ${p95}`);
  test.info().annotations.push({ type: "rtt-p95-ms", description: String(p95) });
  // The target is 100 ms (issue 15). The bound asserted by default (1 s,
  // JARDIN_RTT_MS to change it) only catches a page that stops updating
  // live: on a machine shared with other test runs the p95 has been
  // anywhere from 30 to 580 ms. The figure is printed and recorded in
  // docs/web.md.
  expect(p95, "p95 of a move's round trip, ms").toBeLessThan(Number(process.env.JARDIN_RTT_MS ?? 1000));
  await expect(b.locator(".log")).toContainText("Ann");
  // No frame to Bob ever held Ann's other hand card (the one not yet played).
  const stillHidden = annHand.filter((c) => !aFrames.join("").includes(`"played":"${c}"`));
  for (const c of stillHidden) expect(bFrames.join("\n").includes(`"hand":["${c}"`)).toBeFalsy();
  await ann.close();
  await bob.close();
});

test("a reload and a server restart mid-game resume the same position", async ({ page, server }) => {
  test.setTimeout(120_000);
  test.info().annotations.push({ type: "server-goes-down", description: "the page's reconnections fail until it is back" });
  const t = await newTable(page, server, "english-gardens", ["me", "greedy"]);
  await page.goto(t.url);
  for (let i = 0; i < 5; i++) await clickOnce(page);
  // Settled: the seat's turn with its targets shown (none show while a move is on its way).
  await expect(page.locator(".status.mine")).toBeVisible();
  await page.locator("svg.board .target, .steps button.choice").first().waitFor();
  // A choice half made lives in the page only: take it back before comparing.
  while (await page.locator(".steps .back").count()) await page.locator(".steps .back").click();
  const v = await version(page);
  const board = await boardMarkup(page);
  await page.reload();
  await expect(page.locator("svg.board")).toBeVisible();
  await expect.poll(() => version(page)).toBe(v);
  await expect.poll(() => boardMarkup(page)).toBe(board);
  // The server goes down hard and comes back on the same database.
  await server.stop("SIGKILL");
  await expect(page.locator(".conn")).toBeVisible();
  await server.run();
  await expect(page.locator(".conn")).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => version(page)).toBe(v);
  await expect.poll(() => boardMarkup(page)).toBe(board);
  // and the game goes on, each event once
  const before = await page.locator(".log li").allTextContents();
  await playOneMove(page);
  await expect.poll(() => version(page)).toBeGreaterThan(v);
  // The log after the restart is the log before it plus the new events:
  // nothing lost, nothing shown twice.
  const after = await page.locator(".log li").allTextContents();
  expect(after.length).toBeGreaterThan(before.length);
  expect(after.slice(0, before.length)).toEqual(before);
});

test("a spectator sees the table and no hand", async ({ browser, page, server }) => {
  const t = await newTable(page, server, "schlossgarten", ["me", "greedy"]);
  await page.goto(t.url);
  await expect(page.locator("svg.board")).toBeVisible();
  const watcher = await browser.newContext();
  const w = await watcher.newPage();
  const got = frames(w);
  await w.goto(t.spectate);
  await expect(w.locator("svg.board")).toBeVisible();
  await expect(w.locator("svg.board .target")).toHaveCount(0);
  await expect(w.locator("svg.board")).not.toContainText("Your hand");
  await expect(w.locator("input[name=move], .movebox")).toHaveCount(0); // notation is never shown to a person
  expect(got.join("\n")).not.toMatch(/"hand":\[/);
  await watcher.close();
});

test("the lobby and the plain lobby pass an accessibility scan", async ({ page, server }) => {
  await page.goto(server.url + "/");
  await expect(page.locator("#name")).toBeVisible();
  expect(await axeScan(page)).toEqual([]);
  await page.goto(server.url + "/plain");
  expect(await axeScan(page)).toEqual([]);
});

test("the undo button appears when the engine allows it and takes the move back", async ({ page, server }) => {
  test.setTimeout(120_000);
  const t = await newTable(page, server, "hanging-gardens", ["me", "greedy"]);
  await page.goto(t.url);
  const undo = page.locator(".steps .undo");
  for (let i = 0; i < 60 && !(await undo.count()); i++) await clickOnce(page);
  await expect(undo).toBeVisible();
  const v = await version(page);
  const lines = await page.locator(".log li").count();
  await undo.click();
  // The server takes the move back: a new version, a log line saying so, and no undo left to offer.
  await expect.poll(() => version(page)).toBeGreaterThan(v);
  await expect(page.locator(".log li")).toHaveCount(lines + 1);
  await expect(undo).toHaveCount(0);
  await expect(page.locator(".status.mine")).toBeVisible();
});

test("a tap on a component that is not a target explains it", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=5&ply=3&seat=1`);
  await page.locator("svg.board [data-id='village:1'], svg.board [data-id^='village:']").first().click();
  await expect(page.locator(".info")).not.toBeEmpty();
});

test("a table page's first load is under 300 KB", async ({ page, server }) => {
  const t = await newTable(page, server, "alices-garden", ["me", "greedy", "greedy", "greedy"]);
  let bytes = 0; // as received, before decompression
  let raw = 0; // after it
  const sizes: string[] = [];
  const done: Promise<void>[] = [];
  page.on("response", (r) =>
    done.push(
      (async () => {
        const body = await r.body().catch(() => Buffer.alloc(0));
        const s = await r.request().sizes();
        bytes += s.responseBodySize + s.responseHeadersSize;
        raw += body.length;
        const enc = (await r.allHeaders())["content-encoding"] ?? "identity";
        sizes.push(`${new URL(r.url()).pathname} ${s.responseBodySize} B ${enc} (${body.length} B)`);
        if (/\.(js|css)$/.test(new URL(r.url()).pathname)) {
          expect(enc, `${r.url()} is compressed`).toBe("gzip");
          expect((await r.allHeaders())["cache-control"], `${r.url()} is cached for good`).toContain("immutable");
        }
      })(),
    ),
  );
  // and the first sync, the largest WebSocket message of a load
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      bytes += String(f.payload).length;
      raw += String(f.payload).length;
    }),
  );
  await page.goto(t.url);
  await expect(page.locator("svg.board")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await Promise.all(done);
  console.log(`first load: ${bytes} bytes received, ${raw} uncompressed (${sizes.join(", ")})`);
  test.info().annotations.push({ type: "first-load-bytes", description: String(bytes) });
  expect(bytes).toBeLessThan(300_000);
});

test("the French table page: the game's title, bots and the objectives in French", async ({ browser, server }) => {
  const ctx = await browser.newContext({ locale: "fr-FR" });
  const page = await ctx.newPage();
  const t = await newTable(page, server, "hanging-gardens", ["me", "greedy"], { name: "Anne" });
  await page.goto(t.url);
  await expect(page.locator("svg.board")).toBeVisible();
  await expect(page.locator("#table h1")).toHaveText("Les Jardins Suspendus");
  await expect(page).toHaveTitle(/Jardins Suspendus/);
  await expect(page.locator(".seats")).toContainText("Robot rapide");
  // the objectives' items, and the component names of the sync's texts
  const board = (await page.locator("svg.board").textContent()) ?? "";
  // ("animal" is not in the list: it is the French word too, and failed the
  // test whenever the deal put the animal objective on the table)
  expect(board).not.toMatch(/\d× (blue|red|yellow|tools|crown|gold|tree|visitor|irrigated) →/);
  expect(board).toMatch(/Objectifs royaux/);
  expect(board).not.toMatch(/irrigation (Left|Right|Borders|Center)\b/);
  await ctx.close();
});
