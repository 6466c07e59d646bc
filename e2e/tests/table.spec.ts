// The table page around the games' drawings (issue 21): the prompt and its
// choices above the board, in words; last moves only where they were made;
// the keyboard; the log numbered as the game's moves; the end's sentence;
// the layout with long names. Harness positions (real engine views) and a
// real server.
import { type Page } from "@playwright/test";
import { expect, firstChoice, newTable, test } from "./fixtures";

const langs = ["en", "fr", "de"] as const;
const sizes = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

// Ids, notations and internal codes a player must never read.
const rawId = /(^|\s)#\w|\b[a-z]+(-[a-z]+)*:[\w:-]+|\bhand:\d|\bpile:\d|\bspecial\d|\bbonus:[a-z]\b/;

/** api is the harness's answer for the position the page shows. */
async function api(page: Page, harness: string, q: string): Promise<{ prompt?: string; comps: Record<string, { name: string }> }> {
  const r = await page.request.get(`${harness}/harness/api/view?${q}`);
  expect(r.ok()).toBeTruthy();
  return r.json();
}

function capital(s: string, lang: string): string {
  return s.charAt(0).toLocaleUpperCase(lang) + s.slice(1);
}

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    for (const lang of langs) {
      test(`${lang}: the prompt and the choices off the drawing sit above the board, in words, without scrolling`, async ({ page, harness }) => {
        // Hanging Gardens, seat 2 after the first card is placed: buy an enhancement (on the board) or pass (a button).
        const q = `game=hanging-gardens&players=2&seed=7&ply=2&seat=1&lang=${lang}`;
        const want = await api(page, harness, q);
        await page.goto(`${harness}/harness/?${q}`);
        const status = page.locator(".status");
        await expect(status).toHaveText(want.prompt!);
        const pass = page.locator(".steps button.choice");
        await expect(pass).toHaveText([capital(want.comps["move.pass"].name, lang)]);
        for (const t of await page.locator(".decide").allInnerTexts()) expect(t).not.toMatch(rawId);
        // above the drawing, inside the first screen
        const steps = (await page.locator(".steps").boundingBox())!;
        const board = (await page.locator(".board-wrap").boundingBox())!;
        expect(steps.y + steps.height).toBeLessThanOrEqual(board.y);
        expect(steps.y + steps.height).toBeLessThanOrEqual(size.height);
        expect((await status.boundingBox())!.y).toBeLessThan(steps.y);
        // the page's title still says whose turn it is
        await expect(page).toHaveTitle(/^● /);
        // no sideways scroll; a phone's buttons are big enough to tap
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        if (size.width < 640) expect((await pass.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      });
    }

    test("the keyboard hint shows where keys play, and only there", async ({ page, harness }) => {
      await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=7&ply=9&seat=1`);
      await expect(page.locator("svg.board .target").first()).toBeVisible();
      if (size.width >= 640) {
        await expect(page.locator(".hint")).toBeVisible();
        await expect(page.locator(".hint")).toContainText("Enter");
      } else {
        await expect(page.locator(".hint")).toBeHidden();
      }
      // not the seat's turn: nothing to play, no hint
      await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=7&ply=9&seat=0`);
      await expect(page.locator(".board-wrap svg.board")).toBeVisible();
      await expect(page.locator(".hint")).toBeHidden();
    });
  });
}

test("a step: the step's prompt in words, Back and Escape from anywhere", async ({ page, harness }) => {
  // English Gardens, a hand card then a cell (a discard is its own choice: the pile, then the card)
  const q = "game=english-gardens&players=2&seed=7&ply=9&seat=1&lang=en";
  const want = await api(page, harness, q);
  await page.goto(`${harness}/harness/?${q}`);
  await page.locator("svg.board .target[data-id^='hand:']").first().click();
  await expect(page.locator(".steps .back")).toBeVisible();
  await expect(page.locator(".status")).toHaveText(want.comps["page.step.cell"].name);
  for (const t of await page.locator(".steps").allInnerTexts()) expect(t).not.toMatch(rawId);
  // Escape with the focus nowhere in particular goes back a step
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Escape");
  await expect(page.locator(".steps .back")).toHaveCount(0);
  await expect(page.locator(".steps .chosen-list")).toHaveCount(0);
});

test("keyboard: after a step and after a move, the focus is on the next decision's first target", async ({ page, harness }) => {
  // English Gardens: a hand card (Enter), then the cells: the focus follows
  await page.goto(`${harness}/harness/?game=english-gardens&players=2&seed=7&ply=9&seat=1&auto=1`);
  await page.locator("svg.board .target").first().focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".steps .back")).toBeVisible();
  const onTarget = () => page.evaluate(() => !!document.activeElement?.matches("svg.board .target, .steps button.choice"));
  expect(await onTarget()).toBe(true);
  // Escape: back to the cards, the focus on the first of them
  await page.keyboard.press("Escape");
  await expect(page.locator(".steps .back")).toHaveCount(0);
  expect(await onTarget()).toBe(true);
  // A whole move by Enter: the opponents answer (auto=1) and the focus is
  // on the first target of the seat's next decision, not on the page.
  for (let i = 0; i < 4 && !(await page.locator("body[data-ready='1']").count()); i++) {
    await page.keyboard.press("Enter");
    await page.waitForTimeout(150);
  }
  await expect(page.locator("body")).toHaveAttribute("data-ready", "1");
  await expect(page.locator("svg.board .target, .steps button.choice").first()).toBeVisible();
  await expect.poll(onTarget).toBe(true);
});

test("the last move is marked in the mover's area or shared parts, never in another seat's", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=0&seat=0`);
  const got = await page.evaluate(() => {
    const svg = new DOMParser().parseFromString(
      `<svg xmlns="http://www.w3.org/2000/svg">
        <g data-id="shop:1" id="shared"/>
        <g data-owner="0"><g data-id="0,0" id="mine"/><g data-id="F1" id="mineF1"/></g>
        <g data-owner="1"><g data-id="0,0" id="theirs"/><g data-id="1:F1" id="tagged"/></g>
        <g><g data-id="0,0" id="loose"/></g>
      </svg>`,
      "image/svg+xml",
    ).documentElement;
    const lm = (window as any).jardinTest.lastMarks as (svg: Element, last: { seat: number; ids: string[] }[]) => Element[];
    return {
      other: lm(svg, [{ seat: 1, ids: ["0,0", "shop:1", "F1"] }]).map((e) => e.id).sort(),
      own: lm(svg, [{ seat: 0, ids: ["0,0"] }]).map((e) => e.id).sort(),
      none: lm(svg, [{ seat: 1, ids: ["F9"] }]).length,
    };
  });
  // seat 1's move: its own area, the shared parts, its tagged ids; never seat 0's cell 0,0
  expect(got.other).toEqual(["loose", "shared", "tagged", "theirs"]);
  expect(got.own).toEqual(["loose", "mine"]);
  expect(got.none).toBe(0);
});

test("the end in one sentence: the winner, then the others by rank", async ({ page, harness }) => {
  for (const [lang, want] of [
    ["en", "Ann wins with 42 points; Cy 2nd with 38 points; Bob 3rd with 1 point"],
    ["fr", "Ann gagne avec 42 points\u202f; Cy 2e avec 38 points\u202f; Bob 3e avec 1 point"],
    ["de", "Ann gewinnt mit 42 Punkten; Cy auf Platz 2 mit 38 Punkten; Bob auf Platz 3 mit 1 Punkt"],
  ]) {
    await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=0&seat=0&lang=${lang}`);
    const got = await page.evaluate((lang) => {
      const r = { categories: [], players: [{ total: 42, rank: 1, points: [] }, { total: 1, rank: 3, points: [] }, { total: 38, rank: 2, points: [] }] };
      const names = ["Ann", "Bob", "Cy"];
      return (window as any).jardinTest.ranking(lang, r, (i: number) => names[i]) as string;
    }, lang);
    expect(got).toBe(want);
  }
});

test("before every seat is taken, the table says it waits for players", async ({ page, server }) => {
  const t = await newTable(page, server, "schlossgarten", ["me", "open"]);
  await page.goto(t.url);
  await expect(page.locator("svg.board")).toBeVisible();
  await expect(page.locator(".status")).toHaveText("Waiting for 1 player");
});

test("a finished game: the whole log numbered from move 1, and the winner's sentence", async ({ page, server }) => {
  test.setTimeout(120_000);
  // two bots play a whole game: far more log entries than a table keeps in memory
  const t = await newTable(page, server, "happy-garden", ["greedy", "random"]);
  const id = t.id;
  await expect
    .poll(async () => (await (await page.request.get(`${server.url}/api/tables/${id}`)).json()).status, { timeout: 90_000 })
    .toBe("over");
  await page.goto(t.spectate);
  await expect(page.locator(".banner")).toBeVisible();
  await expect(page.locator(".banner")).toContainText(/bot .*\d/);
  const all = (await (await page.request.get(`${server.url}/api/tables/${id}/log?seat=-1&lang=en`)).json()).events as { v: number; text: string }[];
  expect(all[0].v).toBe(1);
  // the sync carried the recent events; the page fetched the rest
  await expect(page.locator(".log li")).toHaveCount(all.length);
  await expect(page.locator(".log li .n").first()).toHaveText("1.");
  // each move's first line carries its number, the version the events came with
  const nums = await page.locator(".log li.move").evaluateAll((ls) => ls.map((l) => [l.getAttribute("data-v"), l.querySelector(".n")?.textContent]));
  for (const [v, n] of nums) expect(n).toBe(`${v}.`);
});

test("40-character names: no sideways scroll at 1366 and 390 px", async ({ page, server }) => {
  const name = "Bartholomäus-Friedrich-Wilhelmina-Schulz";
  expect(name.length).toBe(40);
  const t = await newTable(page, server, "hanging-gardens", ["me", "greedy", "greedy", "greedy"], { name });
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto(t.url);
    await expect(page.locator("svg.board")).toBeVisible();
    await expect(page.locator(".seats li").first()).toContainText(name.slice(0, 10));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${size.width} px`).toBeLessThanOrEqual(size.width);
  }
});

for (const motion of ["no-preference", "reduce"] as const) {
  test(`another's move: what changed flashes for 300 ms${motion === "reduce" ? ", not under reduced motion" : ""}, and a summary since my last move`, async ({ page, server }) => {
    await page.emulateMedia({ reducedMotion: motion });
    const t = await newTable(page, server, "happy-garden", ["me", "greedy"]);
    await page.goto(t.url);
    await expect(page.locator(".status.mine")).toBeVisible();
    // I play (a first move may be two decisions) until the bot has answered
    const since = page.locator(".since");
    for (let i = 0; i < 40 && !(await since.isVisible()); i++) {
      if (await page.locator(".status.mine").isVisible()) {
        await (await firstChoice(page)).click({ timeout: 5000 }).catch(() => undefined);
      }
      await page.waitForTimeout(200);
    }
    await expect(since).toBeVisible();
    const flashed = Number((await page.locator("body").getAttribute("data-flashed")) ?? 0);
    if (motion === "reduce") expect(flashed).toBe(0);
    else {
      expect(flashed).toBeGreaterThan(0);
      // no animation outlives 300 ms
      const durations = await page.evaluate(() => document.getAnimations().map((a) => Number(a.effect?.getTiming().duration)));
      for (const d of durations) expect(d).toBeLessThanOrEqual(300);
    }
    // what the bot did since my move, in the decision's box, until hidden
    await expect(since.locator("li").first()).toContainText("bot");
    await since.locator("button").click();
    await expect(since).toBeHidden();
  });
}

test("preview: pointing at a target ghosts what the game says the placement covers, until the pointer leaves", async ({ page, harness }) => {
  await page.goto(`${harness}/harness/?game=schlossgarten&players=2&seed=3&ply=1&seat=0`);
  const targets = page.locator("svg.board .target");
  await expect(targets.first()).toBeVisible();
  // the game's Preview, as a renderer registers it: here, the target and square 0,0
  const seen = await page.evaluate(() => {
    const calls: string[] = [];
    (window as any).jardinTest.previews["schlossgarten"] = (_v: unknown, _c: unknown, chosen: string[], target: string) => {
      calls.push([...chosen, target].join(">"));
      return [target, "0,0"];
    };
    (window as any).previewCalls = calls;
    return true;
  });
  expect(seen).toBe(true);
  const id = await targets.first().getAttribute("data-id");
  await targets.first().hover();
  const ghosts = page.locator("svg.board .ghost");
  await expect(ghosts).toHaveCount(2);
  await expect(page.locator(`svg.board [data-id="${id}"]`)).toHaveClass(/ghost/);
  await expect(page.locator(`svg.board [data-id="0,0"]`)).toHaveClass(/ghost/);
  // drawn, not colour only: a dashed outline
  expect(await page.locator("svg.board .ghost > .hl").first().evaluate((e) => getComputedStyle(e).strokeDasharray)).not.toBe("none");
  // leaving the drawing clears it; focusing by keyboard shows it again
  await page.mouse.move(1, 1);
  await expect(ghosts).toHaveCount(0);
  await targets.first().focus();
  await expect(ghosts).toHaveCount(2);
  expect(await page.evaluate(() => (window as any).previewCalls[0])).toContain(id!);
});
