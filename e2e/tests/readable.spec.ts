// Issue 21's proof: every decision kind of every game, drawn by the harness
// from a real engine position, is readable at 1366×768 and on a 390 px
// phone, in every language: a prompt naming the step, no clipped or spilling
// text, no raw ids, fonts above the floor, no sideways scroll, targets a
// finger can hit, contrast (checks in readable.ts, each proved below on
// synthetic pages that pass and fail).
//
// The decision kinds are found, not listed: `harness -kinds` plays seeds 1–3
// of each game at every player count (solo included) by the harness's
// seeded random moves and reports the first position of each prompt key
// (and the end of the game). Discovery is deterministic, so the test titles
// are the same in every worker.
//
// Time: a normal run checks every kind in English at both sizes, French on
// the desktop and German on the phone (German's long words on the smallest
// screen), axe's HTML contrast scan in English only: 4 page loads per kind. JARDIN_READABLE_ALL=1
// checks every language at both sizes, contrast included; JARDIN_SCREENSHOTS=1
// does the same and writes the gallery (docs/screenshots/gallery/ and
// docs/gallery.md). JARDIN_READABLE_REPORT=file appends each test's
// findings to file as JSON lines, for a summary per game and check.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, waitReady } from "./fixtures";
import { contrast, descIds, desktop, measure, phone, type Problems, type Size } from "./readable";

interface Kind {
  game: string;
  key: string;
  promptKey: string;
  players: number;
  seed: number;
  ply: number;
  seat: number;
}

interface Found {
  game: string;
  kinds: Kind[];
  unreached: string[];
}

const root = join(__dirname, "..", "..");
const langs = ["en", "fr", "de"];
const all = process.env.JARDIN_READABLE_ALL === "1";

/**
 * pictured tells whether the gallery keeps a picture of run: every run with
 * JARDIN_READABLE_ALL=1, else English on a desktop and German on a phone
 * (the committed gallery: a few hundred full pages would weigh tens of MB).
 */
function pictured(lang: string, size: string): boolean {
  return all || (lang === "en" && size === "desktop") || (lang === "de" && size === "phone");
}

/** discover asks the harness for the positions of every decision kind (none when the harness is not built: tsc, listing). */
function discover(): Found[] {
  const bin = process.env.JARDIN_HARNESS;
  if (!bin) return [];
  const r = spawnSync(bin, ["-kinds", "-seeds", "3"], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`harness -kinds failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Found[];
}

/** runs are the (language, size) pairs checked for each kind, and whether contrast is. */
function runs(): { lang: string; size: Size; contrast: boolean }[] {
  if (all) return langs.flatMap((lang) => [desktop, phone].map((size) => ({ lang, size, contrast: true })));
  return [
    { lang: "en", size: desktop, contrast: true },
    { lang: "en", size: phone, contrast: true },
    { lang: "fr", size: desktop, contrast: false },
    { lang: "de", size: phone, contrast: false },
  ];
}

/** generic are the status texts of lang that name no step: the engine's placeholder prompt and the page's "Your turn". */
function generic(lang: string): string[] {
  const read = (f: string) => JSON.parse(readFileSync(join(root, f), "utf8")) as Record<string, string>;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\w+\\\}/g, ".+");
  const engine = read(`engine/texts/${lang}.json`);
  const page = read(`shelltext/texts/${lang}.json`);
  return [engine["prompt.turn.you"], engine["prompt.turn"], page["page.yourTurn"]].filter(Boolean).map(esc);
}

function address(k: Kind, lang: string): string {
  // 40-character names: a layout must hold them without scrolling sideways
  return `game=${k.game}&players=${k.players}&seed=${k.seed}&ply=${k.ply}&seat=${k.seat}&lang=${lang}&names=long`;
}

const found = discover();

// The findings are in the failures' messages; a trace of these large drawings would double the time.
test.use({ trace: "off" });

/** check loads kind k in lang at size and returns the findings of every check. */
async function check(page: Page, harness: string, k: Kind, lang: string, size: Size, withContrast: boolean): Promise<Problems> {
  await page.setViewportSize({ width: size.width, height: size.height });
  const q = address(k, lang);
  const r = await page.request.get(`${harness}/harness/api/view?${q}`);
  expect(r.ok(), await r.text()).toBeTruthy();
  const api = await r.json();
  expect(api.promptKey ?? "", "the harness replays the position the search found").toBe(k.promptKey);
  await page.goto(`${harness}/harness/?${q}`);
  await waitReady(page, 0);
  await page.evaluate(() => document.fonts.ready);
  const p = await measure(page, {
    phone: size.name === "phone",
    minFont: size.minFont,
    lang,
    generic: generic(lang),
    ids: descIds(api.moves ?? []),
    needPrompt: k.key !== "end",
  });
  // The placeholder key is generic whatever it renders to.
  if (k.promptKey === "turn") p.status.unshift(`the game asks with the placeholder prompt key "turn", not one naming the step`);
  if (withContrast) p.contrast.push(...(await contrast(page)));
  if (process.env.JARDIN_SCREENSHOTS === "1" && pictured(lang, size.name)) {
    const dir = join(root, "docs", "screenshots", "gallery");
    mkdirSync(dir, { recursive: true });
    // JPEG: the gallery is committed, and a few hundred full-page PNGs weigh tens of megabytes
    await page.screenshot({ path: join(dir, `${k.game}-${k.key}-${lang}-${size.name}.jpg`), fullPage: true, type: "jpeg", quality: 50 });
  }
  return p;
}

/**
 * Decisions random play does not reach in the search's games (both decks
 * empty, no tile that fits anywhere, nothing left to dig or build): each
 * game's Go test builds the position and checks the prompt's key and its
 * sentences in every language; the page draws them as any other prompt.
 */
const reachedInGoTests: Record<string, string[]> = {
  "english-gardens": ["pass"], // games/englishgardens/prompt_test.go "nothing left"
  "happy-garden": ["skip"], // games/happygarden/prompt_test.go, the built "no tile fits" position
  schlossgarten: ["done"], // games/schlossgarten/prompt_test.go
};

for (const f of found) {
  test.describe(f.game, () => {
    test("every prompt key of the catalogue is reached by the search", () => {
      const left = f.unreached.filter((k) => !(reachedInGoTests[f.game] ?? []).includes(k));
      expect(left, "prompt keys no seeded game reached (add seeds or a seeded position)").toEqual([]);
    });
    for (const k of f.kinds)
      test(k.key, async ({ page, harness }) => {
        test.setTimeout(180_000);
        const report = process.env.JARDIN_READABLE_REPORT;
        for (const run of runs()) {
          const p = await check(page, harness, k, run.lang, run.size, run.contrast);
          if (report) appendFileSync(report, JSON.stringify({ game: k.game, key: k.key, lang: run.lang, size: run.size.name, ...p }) + "\n");
          const at = `${run.lang} ${run.size.name}: /harness/?${address(k, run.lang)} at ${run.size.width}×${run.size.height}`;
          expect.soft(p.status, `a prompt naming the step, on screen (${at})`).toEqual([]);
          expect.soft(p.sideways, `no sideways scroll (${at})`).toEqual([]);
          expect.soft(p.rawIds, `no raw id, code or notation in visible text (${at})`).toEqual([]);
          expect.soft(p.clipped, `no text clipped or spilling out of its shape (${at})`).toEqual([]);
          expect.soft(p.fonts, `text at least ${run.size.minFont} px (${at})`).toEqual([]);
          expect.soft(p.targets, `targets at least 40 px on a phone (${at})`).toEqual([]);
          expect.soft(p.contrast, `text contrast at least 4.5:1 (${at})`).toEqual([]);
        }
      });
  });
}

// The checks themselves, on synthetic pages: a page that a player can read
// passes every check at both sizes, and each check fails on a page made to
// break it (and only that check is asserted there).
test.describe("the checks", () => {
  const body = (inner: string) =>
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<style>body{margin:8px;font:16px sans-serif;color:#111;background:#fff} button{font:16px sans-serif;min-width:44px;min-height:44px;color:#111;background:#eee;border:1px solid #555}</style></head>` +
    `<body><main>${inner}</main></body></html>`;
  const good = body(
    `<p class="status">Place the card or discard one</p>` +
      `<svg class="board" width="300" height="120" viewBox="0 0 600 240">` +
      `<g class="target" data-id="hand:2" data-name="Cedar of Lebanon"><rect x="10" y="10" width="280" height="100" fill="#fff" stroke="#333"/>` +
      `<text x="150" y="70" text-anchor="middle" font-size="26">Cedar of Lebanon</text></g>` +
      `<text x="320" y="70" font-size="26">Score 3/5, 12 points</text>` +
      `<g data-name="the red king"><circle cx="420" cy="180" r="40" fill="#fff" stroke="#333"/><text x="420" y="190" text-anchor="middle" font-size="28">K</text></g></svg>` +
      `<div class="steps"><button class="choice">Pass</button> <button class="choice">Discard</button></div>` +
      `<p style="width:200px;overflow:hidden">A short line</p>`,
  );
  const opts = (size: Size, ids: string[] = ["repot", "hand:2"]) => ({
    phone: size.name === "phone",
    minFont: size.minFont,
    lang: "en",
    generic: generic("en"),
    ids,
    needPrompt: true,
  });
  for (const size of [desktop, phone])
    test(`a readable page passes every check (${size.name})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.setContent(good);
      const p = await measure(page, opts(size));
      expect(p).toEqual({ status: [], sideways: [], rawIds: [], clipped: [], fonts: [], targets: [], contrast: [] });
      expect(await contrast(page)).toEqual([]);
    });

  const cases: { name: string; check: keyof Problems; size?: Size; html: string; want: RegExp }[] = [
    { name: "no status", check: "status", html: `<p>hello</p>`, want: /no status text/ },
    { name: "generic prompt", check: "status", html: `<p class="status">Your turn</p>`, want: /generic prompt/ },
    { name: "placeholder prompt", check: "status", html: `<p class="status">Your turn: choose a move</p>`, want: /generic prompt/ },
    { name: "prompt below the screen", check: "status", html: `<div style="height:2000px"></div><p class="status">Place a tile</p>`, want: /not on screen/ },
    { name: "choice below the screen", check: "status", html: `<p class="status">Place a tile</p><div style="height:2000px"></div><div class="steps"><button>Pass</button></div>`, want: /choice "Pass" is below/ },
    { name: "wide page", check: "sideways", html: `<p class="status">Go</p><div style="width:2000px">wide</div>`, want: /2\d\d\d px wide/ },
    { name: "card code", check: "rawIds", html: `<svg><text x="5" y="20">C30</text></svg>`, want: /card code \(C30\)/ },
    { name: "code in a title", check: "rawIds", html: `<p>TR02 cedar</p>`, want: /card code \(TR02\)/ },
    { name: "cell id", check: "rawIds", html: `<p>played r1c3</p>`, want: /cell id/ },
    { name: "prefixed id", check: "rawIds", html: `<p>bonus:g</p>`, want: /prefixed id/ },
    { name: "#kind", check: "rawIds", html: `<p>choose #pass</p>`, want: /#kind/ },
    { name: "coordinates on a button", check: "rawIds", html: `<div class="steps"><button>2,0</button></div>`, want: /coordinates/ },
    { name: "id with digits", check: "rawIds", html: `<div class="steps"><button>special2</button><button>a0</button></div>`, want: /id with digits \(special2\)/ },
    { name: "a move's id as a button", check: "rawIds", html: `<div class="steps"><button>repot</button></div>`, want: /an id of the moves/ },
    { name: "bare number as a choice", check: "rawIds", html: `<div class="steps"><button>0</button></div>`, want: /bare number/ },
    { name: "missing message", check: "rawIds", html: `<p>⟦event.take⟧</p>`, want: /missing message/ },
    { name: "snake_case", check: "rawIds", html: `<p>take_land</p>`, want: /snake_case/ },
    { name: "text spilling off its card", check: "clipped", html: `<svg width="300" height="100"><g><rect x="10" y="10" width="60" height="30" fill="#eee"/><text x="40" y="30" text-anchor="middle" font-size="14">cedar of Lebanon tree</text></g></svg>`, want: /spills \d+ px out of its rect/ },
    { name: "text cut by its drawing", check: "clipped", html: `<svg width="100" height="40"><text x="10" y="25" font-size="14">a label much longer than this drawing</text></svg>`, want: /out of its drawing/ },
    { name: "text cut short by its renderer", check: "clipped", html: `<svg width="300" height="60"><g data-name="cedar of Lebanon, gold"><rect width="100" height="40" fill="#fff"/><text x="5" y="25" font-size="12">cedar of Leb</text></g></svg>`, want: /cut mid-word \("leb" of "lebanon"\)/ },
    { name: "a one-letter cut", check: "clipped", html: `<svg width="300" height="60"><g data-name="personnage qui aime les bonus"><rect width="100" height="40" fill="#fff"/><text x="5" y="25" font-size="12">personnage q</text></g></svg>`, want: /cut mid-word \("q" of "qui"\)/ },
    { name: "text with an ellipsis", check: "clipped", html: `<svg width="300" height="40"><text x="10" y="25" font-size="14">cedar of Leb…</text></svg>`, want: /ellipsis/ },
    { name: "HTML cut by overflow hidden", check: "clipped", html: `<div style="width:60px;overflow:hidden;white-space:nowrap">a very long seat name</div>`, want: /is cut/ },
    { name: "HTML text spilling", check: "clipped", html: `<div style="width:60px">Supercalifragilisticexpialidocious</div>`, want: /spills out of its box/ },
    { name: "small SVG text (scaled down)", check: "fonts", html: `<svg width="100" height="50" viewBox="0 0 200 100"><text x="5" y="40" font-size="18">Rose</text></svg>`, want: /9\.0 px < 11/ },
    { name: "small HTML text", check: "fonts", html: `<p style="font-size:10px">Rose</p>`, want: /10\.0 px < 11/ },
    { name: "11 px on a phone", check: "fonts", size: phone, html: `<p style="font-size:11px">Rose</p>`, want: /11\.0 px < 12/ },
    { name: "small target on a phone", check: "targets", size: phone, html: `<svg width="100" height="50"><g class="target" data-name="Rose"><rect width="30" height="30"/></g></svg>`, want: /"Rose" is 30×30 px/ },
    { name: "small choice button on a phone", check: "targets", size: phone, html: `<div class="steps"><button style="min-height:0;min-width:0;padding:0">Pass</button></div>`, want: /"Pass" is/ },
    { name: "low contrast", check: "contrast", html: `<p style="color:#aaa">Rose</p>`, want: /2\.\d+:1/ },
    { name: "low contrast SVG text on its card", check: "contrast", html: `<svg width="200" height="60"><rect width="200" height="60" fill="#f5d000"/><text x="10" y="35" font-size="16" fill="#ffffff">Rose</text></svg>`, want: /1\.\d+:1 < 4.5/ },
    { name: "low contrast SVG text on the page", check: "contrast", html: `<svg width="200" height="60"><text x="10" y="35" font-size="16" fill="#bbbbbb">Rose</text></svg>`, want: /1\.\d+:1 < 4.5/ },
  ];
  // one test per check over its cases: a new page costs seconds on a busy machine
  for (const check of [...new Set(cases.map((c) => c.check))])
    test(`${check} fails where it should`, async ({ page }) => {
      for (const c of cases.filter((c) => c.check === check)) {
        const size = c.size ?? desktop;
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.setContent(body(c.html));
        const found = (await measure(page, opts(size)))[c.check];
        if (c.check === "contrast") found.push(...(await contrast(page)));
        expect.soft(found.join("\n"), c.name).toMatch(c.want);
      }
    });
  test("French and German decimals are not coordinates; English ones are", async ({ page }) => {
    await page.setContent(body(`<p>note 3,5 sur 5</p>`));
    expect((await measure(page, { ...opts(desktop), lang: "fr" })).rawIds).toEqual([]);
    expect((await measure(page, opts(desktop))).rawIds.join()).toMatch(/coordinates/);
  });
});

if (process.env.JARDIN_SCREENSHOTS === "1")
  test("gallery: docs/gallery.md shows every picture", () => {
    writeFileSync(join(root, "docs", "gallery.md"), gallery(found));
  });

/** gallery is docs/gallery.md: per game, a row per decision kind, a picture per language and size. */
function gallery(fs: Found[]): string {
  const out: string[] = [
    "# The screenshot gallery",
    "",
    "Every decision kind of every game, on a desktop (1366×768) and a phone (390×844), as the harness draws it from a",
    "real engine position with 40-character seat names (full page). Written by `JARDIN_SCREENSHOTS=1 JARDIN_SKIP_GO=1",
    "scripts/test tests/readable.spec.ts` (e2e/tests/readable.spec.ts, which also checks each picture's page for",
    "readability: docs/web.md, \"Readability\"): English on a desktop and German on a phone (the run also checks",
    "English on a phone and French on a desktop); `JARDIN_READABLE_ALL=1` takes and keeps every language at both",
    "sizes. A kind's key is the game's prompt key; `solo-…` is",
    "the solo game's. The link under a kind opens its position in the harness (`go run ./e2e/harness -addr",
    "127.0.0.1:8099`).",
    "",
  ];
  // the pictures this run took (runs(): every language and size with JARDIN_READABLE_ALL=1)
  const taken = runs()
    .map((r) => ({ lang: r.lang, size: r.size.name }))
    .filter((r) => pictured(r.lang, r.size));
  const cols = taken.map((c) => `${c.lang} ${c.size}`);
  for (const f of fs) {
    out.push(`## ${f.game}`, "", `| kind | ${cols.join(" | ")} |`, `|---|${cols.map(() => "---").join("|")}|`);
    for (const k of f.kinds) {
      const cells = taken.map(({ lang: l, size: s }) => {
        const img = `screenshots/gallery/${k.game}-${k.key}-${l}-${s}.jpg`;
        return `[<img src="${img}" width="${s === "phone" ? 60 : 160}" alt="${k.key}, ${l}, ${s}">](${img})`;
      });
      const pos = `[${k.players} players, seed ${k.seed}, ply ${k.ply}](http://127.0.0.1:8099/harness/?${address(k, "en")})`;
      out.push(`| \`${k.key}\`<br>${pos} | ${cells.join(" | ")} |`);
    }
    if (f.unreached.length) out.push("", `Not reached by the search: ${f.unreached.map((u) => "`" + u + "`").join(", ")}.`);
    out.push("");
  }
  return out.join("\n");
}
