// Schlossgarten's table as a newcomer reads it, on real engine positions
// (the harness) of every decision kind, in every language, on a desktop and
// on a phone: a prompt naming the step, cards drawn as their figures, names
// that fit their boxes, no raw id, text large enough, no sideways scroll,
// and each seat's area in its own data-owner group.
import { expect, test } from "./fixtures";

// Seeds and plies of the harness's random games where seat 0 faces each
// decision (found by replaying its moves), and one where another seat does.
const positions = [
  { what: "play", players: 2, seed: 3, ply: 0 },
  { what: "move", players: 2, seed: 1, ply: 1 },
  { what: "build", players: 2, seed: 8, ply: 31 },
  { what: "put", players: 2, seed: 16, ply: 395 },
  { what: "work", players: 4, seed: 126, ply: 305 },
  { what: "others", players: 4, seed: 12, ply: 165 },
];
const screens = [
  { name: "desktop", width: 1366, height: 768, minPx: 11 },
  { name: "phone", width: 390, height: 844, minPx: 12 },
];
// What must never show: card numbers, square ids of other games, move kinds.
const raw = /\bC\d\d\b|#\w|\b(?:r\d+c\d+|hand:\d|special\d|bonus:\w)\b|\b(?:king|gardener|architect):\w/;

for (const sc of screens) {
  for (const lang of ["en", "fr", "de"]) {
    test(`schlossgarten ${sc.name} ${lang}: every decision reads without hovering`, async ({ page, harness }) => {
      await page.setViewportSize({ width: sc.width, height: sc.height });
      for (const p of positions) {
        await page.goto(`${harness}/harness/?game=schlossgarten&players=${p.players}&seed=${p.seed}&ply=${p.ply}&seat=0&lang=${lang}`);
        const svg = page.locator(".board-wrap svg.board");
        await expect(svg).toHaveCount(1);
        const where = `${p.what} (${sc.name}, ${lang})`;
        // A prompt that says what to do, not "your turn".
        const status = (await page.locator(".status").textContent()) ?? "";
        expect(status.length, `${where}: prompt`).toBeGreaterThan(15);
        expect(status, `${where}: prompt`).not.toMatch(raw);
        // Squares are named in words as the axes number them, in the
        // squares' tooltips and in the log, never as the notation "3,4".
        const named = await page.evaluate(() => [...document.querySelectorAll(".board-wrap svg.board title, .log li")].map((t) => t.textContent ?? ""));
        for (const t of named) expect(t, `${where}: a tooltip or log line`).not.toMatch(/\b\d+,\d+\b|\br\d+c\d+\b|\bC\d\d\b/);
        const r = await page.evaluate(() => {
          const svg = document.querySelector(".board-wrap svg.board") as SVGSVGElement;
          const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent?.trim());
          const px = (t: SVGTextElement) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1);
          const sizes = texts.map((t) => ({ s: t.textContent ?? "", px: px(t) }));
          // a slot's name inside its box
          const spill: string[] = [];
          // WCAG contrast of two computed colours ("rgb(r, g, b)")
          const lum = (c: string) => {
            const [r, g, b] = (c.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => {
              const x = Number(v) / 255;
              return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const contrast = (a: string, b: string) => {
            const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
          };
          for (const slot of svg.querySelectorAll("g.slot")) {
            const bg = slot.querySelector("rect")!;
            const box = bg.getBBox();
            for (const t of slot.querySelectorAll("text")) {
              const b = t.getBBox();
              if (b.x < box.x - 0.5 || b.x + b.width > box.x + box.width + 0.5) spill.push(`${t.textContent} ${b.width.toFixed(1)} > ${box.width.toFixed(1)}`);
              const k = contrast(getComputedStyle(t).fill, getComputedStyle(bg).fill);
              if (k < 4.5) spill.push(`${t.textContent}: contrast ${k.toFixed(2)}`);
            }
          }
          // no two texts of a seat's area overlap
          for (const area of svg.querySelectorAll("g.seat")) {
            const bs = [...area.querySelectorAll("text")].map((t) => ({ s: t.textContent, b: t.getBoundingClientRect() }));
            for (let i = 0; i < bs.length; i++)
              for (let j = i + 1; j < bs.length; j++) {
                const [p, q] = [bs[i].b, bs[j].b];
                if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1) spill.push(`"${bs[i].s}" overlaps "${bs[j].s}"`);
              }
          }
          // each card shows its figure: three pawns with their letters
          const cards = [...svg.querySelectorAll("[data-id^='C']")].map((c) => c.querySelectorAll("circle").length);
          const owners = [...svg.querySelectorAll("[data-owner]")].map((g) => g.getAttribute("data-owner"));
          const squaresInOwner = svg.querySelectorAll("[data-owner] [data-id*=',']").length;
          const squares = [...svg.querySelectorAll("[data-id*=',']")].map((s) => s.getBoundingClientRect());
          return {
            sizes,
            spill,
            cards,
            owners,
            squaresInOwner,
            minSquare: Math.min(...squares.map((b) => Math.min(b.width, b.height))),
            visible: texts.map((t) => t.textContent).join(" | "),
            scroll: document.documentElement.scrollWidth,
          };
        });
        for (const s of r.sizes) expect(s.px, `${where}: "${s.s}" is drawn at ${s.px.toFixed(1)} px`).toBeGreaterThanOrEqual(sc.minPx);
        expect(r.spill, `${where}: names spilling out of their box or overlapping`).toEqual([]);
        expect(r.visible, `${where}: raw ids in the drawing`).not.toMatch(raw);
        expect(r.cards.length, `${where}: the hand is drawn`).toBeGreaterThan(0);
        for (const n of r.cards) expect(n, `${where}: a card's figure`).toBeGreaterThanOrEqual(3);
        for (let i = 0; i < p.players; i++) expect(r.owners, `${where}: seat ${i}'s area`).toContain(String(i));
        expect(r.squaresInOwner, `${where}: the shared garden is in no seat's area`).toBe(0);
        expect(r.scroll, `${where}: sideways scroll`).toBeLessThanOrEqual(sc.width);
        if (sc.name === "phone") expect(r.minSquare, `${where}: a square's tap size`).toBeGreaterThanOrEqual(40);
      }
    });
  }
}
