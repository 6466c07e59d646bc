// Readability checks of a drawn page, measured in the browser: what issue 21
// asks of every table a player sees (a prompt naming the step, no clipped or
// spilling text, no raw ids, fonts large enough, no sideways scroll, targets
// large enough to tap, contrast). Each check returns the problems it finds
// as short sentences naming the text or element, so that a failing test
// says what to fix; readable.spec.ts runs them on every decision kind of
// every game and proves each check on small synthetic pages.
import type { Page } from "@playwright/test";
import { injectAxe } from "./fixtures";

/** Size is a screen the checks run at. */
export interface Size {
  name: "desktop" | "phone";
  width: number;
  height: number;
  /** minFont is the smallest rendered text allowed, in CSS px. */
  minFont: number;
}

export const desktop: Size = { name: "desktop", width: 1366, height: 768, minFont: 11 };
export const phone: Size = { name: "phone", width: 390, height: 844, minFont: 12 };

/** The smallest tap target on a phone, in CSS px (both dimensions). */
export const minTarget = 40;

export interface Options {
  phone: boolean;
  minFont: number;
  /** lang is the page's language: "3,5" is a decimal in French and German, a coordinate in English. */
  lang: string;
  /** generic are status texts that name no step ("Your turn"), as regular expressions' sources. */
  generic: string[];
  /** ids are the raw ids of the legal moves' descriptions (their kinds and parts): none may be shown as a text. */
  ids: string[];
  /** needPrompt is false for a finished game: the status must then only be there. */
  needPrompt: boolean;
}

/** Problems are the findings of each check; an empty list passes. */
export interface Problems {
  /** status: the status line names the step and is on screen without scrolling (and, on a desktop, the choices too). */
  status: string[];
  /** sideways: the page scrolls sideways. */
  sideways: string[];
  /** rawIds: a visible text that is an id, a code or a notation. */
  rawIds: string[];
  /** clipped: a text outside the shape it sits on, cut by its box, or ending in an ellipsis. */
  clipped: string[];
  /** fonts: a text rendered smaller than the size's floor. */
  fonts: string[];
  /** targets: on a phone, a target smaller than 40 px. */
  targets: string[];
  /** contrast: an SVG text under 4.5:1 (3:1 when large) against the fill under it (HTML text: see contrast()). */
  contrast: string[];
}

/** measure runs every check but contrast on the page as it is drawn now. */
export async function measure(page: Page, opts: Options): Promise<Problems> {
  return page.evaluate(inPage, { ...opts, minTarget });
}

/**
 * contrast runs axe-core's color-contrast rule (WCAG AA: 4.5:1, 3:1 for
 * large text) on the page's HTML text and returns its violations.
 */
export async function contrast(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    // @ts-expect-error axe is the script just added
    const r = await window.axe.run({ exclude: [["svg"]] }, { runOnly: { type: "rule", values: ["color-contrast"] } });
    const out: string[] = [];
    for (const v of r.violations)
      for (const n of v.nodes) {
        const d = n.any?.[0]?.data ?? {};
        const text = (document.querySelector(n.target[0])?.textContent ?? "").trim().slice(0, 40);
        out.push(`${d.contrastRatio ?? "?"}:1 (${d.fgColor ?? "?"} on ${d.bgColor ?? "?"}, ${d.fontSize ?? "?"}) "${text}" at ${n.target.join(" ")}`);
      }
    return out;
  });
}

/**
 * inPage is the measuring function, run in the page: everything it uses is
 * declared inside it (Playwright sends its source).
 */
function inPage(o: Options & { minTarget: number }): Problems {
  const p: Problems = { status: [], sideways: [], rawIds: [], clipped: [], fonts: [], targets: [], contrast: [] };
  const W = window.innerWidth;
  const H = window.innerHeight;
  const short = (s: string) => {
    const t = s.replace(/\s+/g, " ").trim();
    return t.length > 60 ? t.slice(0, 57) + "..." : t;
  };
  // where names an element by the nearest named thing around it, for the messages
  const where = (el: Element): string => {
    const named = el.closest("[data-name]");
    if (named) return `in "${short(named.getAttribute("data-name") ?? "")}"`;
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const cls = typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/)[0] : "";
      parts.unshift(e.tagName.toLowerCase() + cls);
    }
    return "in " + parts.join(" > ");
  };
  const visible = (el: Element): boolean => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    // a box of a pixel or less is the screen readers' text (.sr), not seen
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const hidden = "title, desc, defs, clipPath, mask, pattern, marker, symbol, script, style, noscript, template";
  const ownText = (el: Element): string => {
    let s = "";
    for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE) s += n.textContent;
    return s.trim();
  };

  // --- the texts a person sees: SVG <text> (with its tspans) and HTML elements' own text
  const svgTexts = [...document.querySelectorAll("svg text")].filter(
    (t) => !t.closest(hidden) && (t.textContent ?? "").trim() !== "" && visible(t),
  ) as SVGTextElement[];
  const htmlTexts: { el: Element; text: string }[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || el.closest(hidden) || el.matches("input, textarea, select, option")) continue;
    const text = ownText(el);
    if (text && visible(el)) htmlTexts.push({ el, text });
  }

  // --- status: a prompt naming the step, on screen at the top of the page
  const st = document.querySelector(".status");
  const said = (st?.textContent ?? "").trim();
  if (!st || !said) p.status.push("no status text");
  else {
    if (o.needPrompt && o.generic.some((g) => new RegExp("^" + g + "$", "i").test(said)))
      p.status.push(`generic prompt "${short(said)}": it does not name the step`);
    const r = st.getBoundingClientRect();
    if (!visible(st) || r.top < 0 || r.bottom > H || r.left < 0 || r.right > W)
      p.status.push(`prompt "${short(said)}" is not on screen without scrolling (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`);
  }
  if (!o.phone)
    for (const b of document.querySelectorAll(".steps button")) {
      const r = b.getBoundingClientRect();
      if (visible(b) && (r.bottom > H || r.right > W || r.top < 0))
        p.status.push(`choice "${short(b.textContent ?? "")}" is below or beside the screen (top ${Math.round(r.top)} px of ${H})`);
    }

  // --- sideways scroll
  const se = document.scrollingElement ?? document.documentElement;
  if (se.scrollWidth > W) {
    const wide = [...document.body.querySelectorAll("*")]
      .filter((e) => !e.closest("svg") || e.matches("svg:not(svg svg)"))
      .filter((e) => e.getBoundingClientRect().right > W + 1 && visible(e))
      .filter((e) => !(e.parentElement && e.parentElement.getBoundingClientRect().right > W + 1))
      .slice(0, 5)
      .map((e) => `${where(e)} reaches ${Math.round(e.getBoundingClientRect().right)} px`);
    p.sideways.push(`page is ${se.scrollWidth} px wide on a ${W} px screen` + (wide.length ? ": " + wide.join("; ") : ""));
  }

  // --- raw ids, codes and notation in visible text
  const patterns: [string, RegExp][] = [
    ["card code", /\b[A-Z]{1,3}\d{2,}\b/],
    ["cell id", /\br\d+c\d+\b/],
    ["prefixed id", /\b[A-Za-z][\w-]*:[\w-]+/],
    ["#kind", /(^|[\s(])#[A-Za-z_]\w*/],
    ["snake_case", /\b[a-z]+_[a-z0-9_]+\b/],
    ["camelCase", /\b[a-z]+[A-Z][A-Za-z]*\b/],
    ["id with digits", /\b(?!x\d+\b)[a-z]+\d+[a-z]*\b/],
    ["catalogue key", /\b(prompt|event|component|page|rule|option|seat)\.[a-z][\w.]*/],
    ["missing message", /⟦|\{[A-Za-z]\w*(\}|,)/],
    ["JSON", /"\w+"\s*:|\[\{/],
  ];
  // "3,5" is a decimal in French and German; a pair in brackets or with a negative is a cell everywhere
  patterns.push(["coordinates", o.lang === "en" ? /(^|[^\w.])-?\d+,-?\d+\b/ : /\(-?\d+,\s?-?\d+\)|-?\d+,-\d+/]);
  const coordsAlone = /^\(?-?\d{1,2}\s?,\s?-?\d{1,2}\)?$/;
  const ids = new Set(o.ids.filter((id) => id && !/^\d+$/.test(id)));
  for (const e of document.querySelectorAll("[data-id]")) {
    const id = e.getAttribute("data-id") ?? "";
    if (id && !/^\d+$/.test(id)) ids.add(id);
  }
  const seenRaw = new Set<string>();
  const flag = (el: Element, text: string) => {
    const why: string[] = [];
    for (const [name, re] of patterns) if (re.test(text)) why.push(`${name} (${text.match(re)![0].trim()})`);
    if (coordsAlone.test(text)) why.push("coordinates");
    // An English word may be both an id and its name ("pool"); it is raw
    // when it is not a plain word, in another language, or as a choice.
    if (ids.has(text) && (!/^[a-z]+$/i.test(text) || o.lang !== "en" || el.closest(".steps")))
      why.push("an id of the moves or the drawing");
    if (el.closest(".steps") && /^\d+$/.test(text)) why.push("a bare number as a choice");
    const msg = `"${short(text)}" ${where(el)}: ${why.join(", ")}`;
    if (why.length && !seenRaw.has(msg)) {
      seenRaw.add(msg);
      p.rawIds.push(msg);
    }
  };
  for (const t of svgTexts) flag(t, (t.textContent ?? "").trim());
  for (const { el, text } of htmlTexts) flag(el, text);

  // --- clipped SVG text: within the smallest shape under it (or its SVG), not ellipsised
  // shapes in document order (drawn before a text: under it), with their order
  const order = new Map<Element, number>();
  document.querySelectorAll("svg *").forEach((e, i) => order.set(e, i));
  const shapes: { el: Element; r: DOMRect; i: number }[] = [];
  for (const s of document.querySelectorAll("svg rect, svg circle, svg ellipse, svg polygon, svg path, svg image")) {
    if (s.closest(hidden)) continue;
    const cs = getComputedStyle(s);
    if (cs.display === "none" || cs.visibility === "hidden") continue;
    const r = s.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) shapes.push({ el: s, r, i: order.get(s)! });
  }
  // SVG text contrast (axe does not measure SVG): the text's fill against the
  // first solid fill under it, else the page's background behind the SVG
  const rgb = (c: string): number[] | undefined => {
    const m = c.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
    return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : undefined;
  };
  const lum = (c: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const pageBg = (el: Element): number[] => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0.95) return c;
    }
    return [255, 255, 255, 1];
  };
  const opacity = (el: Element): number => {
    let a = 1;
    for (let e: Element | null = el; e && e.tagName.toLowerCase() !== "svg"; e = e.parentElement) a *= parseFloat(getComputedStyle(e).opacity);
    return a;
  };
  const svgContrast = (t: SVGTextElement, text: string, px: number, under: Element[]) => {
    const cs = getComputedStyle(t);
    const fg = rgb(cs.fill);
    if (!fg || (cs.stroke !== "none" && parseFloat(cs.strokeWidth) > 0)) return; // a halo makes its own contrast
    let bg: number[] | undefined;
    for (const s of under) {
      const c = rgb(getComputedStyle(s).fill);
      if (!c) continue;
      const a = c[3] * parseFloat(getComputedStyle(s).fillOpacity) * opacity(s);
      if (a >= 0.9) {
        bg = c;
        break;
      }
    }
    bg ??= pageBg(t.ownerSVGElement!);
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const bold = parseInt(cs.fontWeight) >= 700;
    const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
    if (ratio < need - 0.005)
      p.contrast.push(`${ratio.toFixed(2)}:1 < ${need} ("${short(text)}" ${where(t)}: ${cs.fill} on rgb(${bg.slice(0, 3).join(", ")}))`);
  };
  const fontPx = (el: Element): number => {
    const fs = parseFloat(getComputedStyle(el).fontSize);
    const m = (el as SVGGraphicsElement).getScreenCTM?.();
    return m ? fs * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : fs;
  };
  for (const t of svgTexts) {
    const text = (t.textContent ?? "").trim();
    const r = t.getBoundingClientRect();
    const px = fontPx(t);
    if (/(…|\.\.\.)$/.test(text)) p.clipped.push(`"${short(text)}" ${where(t)} is cut (ends with an ellipsis)`);
    // a text cut short by its renderer: its last word is only the start of a word of the thing's name
    // (a text of initials only, "K" for king or "W W" for two willows, abbreviates on purpose)
    const holder = t.closest("[data-name]");
    if (holder) {
      const full = (holder.getAttribute("data-name") ?? "") + " " + (holder.querySelector("title")?.textContent ?? "");
      const words = new Set(full.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []);
      const mine = text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
      const last = mine.some((w) => w.length > 2) ? mine.pop() : undefined;
      const whole = last && !last.endsWith("-") && !words.has(last) ? [...words].find((w) => w.length > last.length && w.startsWith(last)) : undefined;
      if (whole) p.clipped.push(`"${short(text)}" ${where(t)} is cut mid-word ("${last}" of "${whole}")`);
    }
    // the point the text is anchored at: the shape it sits on contains it
    const anchor = getComputedStyle(t).textAnchor;
    const inset = Math.min(px / 2, r.width / 2);
    const ax = anchor === "middle" ? r.left + r.width / 2 : anchor === "end" ? r.right - inset : r.left + inset;
    const ay = r.top + r.height / 2;
    const svg = t.ownerSVGElement!;
    const ti = order.get(t)!;
    const under = shapes
      .filter((s) => s.i < ti && svg.contains(s.el))
      .filter((s) => s.r.width >= px * 0.8 || s.r.height >= px * 0.8) // a dot or an icon is no ground for text
      .filter((s) => ax >= s.r.left && ax <= s.r.right && ay >= s.r.top && ay <= s.r.bottom)
      .sort((a, b) => a.r.width * a.r.height - b.r.width * b.r.height);
    const on = under[0];
    svgContrast(t, text, px, under.map((s) => s.el));
    // the text's box is its em box: allow its ascent and descent beyond a tight shape
    const box = on ? on.r : svg.getBoundingClientRect();
    const tx = 1.5;
    const ty = 0.3 * px + 1;
    const out = Math.max(box.left - r.left - tx, r.right - box.right - tx, box.top - r.top - ty, r.bottom - box.bottom - ty);
    if (out > 0) {
      const ground = on ? `its ${on.el.tagName} (${Math.round(box.width)}×${Math.round(box.height)} px)` : "its drawing";
      p.clipped.push(`"${short(text)}" ${where(t)} spills ${Math.ceil(out)} px out of ${ground}`);
    }
  }
  // --- clipped HTML: a box that hides what it holds, or text spilling out of its box
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || !visible(el)) continue;
    const cs = getComputedStyle(el);
    const clips = (v: string) => v === "hidden" || v === "clip";
    const text = short(el.textContent ?? "");
    if (clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 1)
      p.clipped.push(`"${text}" ${where(el)} is cut: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    else if (clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 1)
      p.clipped.push(`"${text}" ${where(el)} is cut: ${el.scrollHeight} px high content in ${el.clientHeight} px`);
    else if (cs.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth)
      p.clipped.push(`"${text}" ${where(el)} is cut with an ellipsis`);
    else if (
      ownText(el) &&
      cs.overflowX === "visible" &&
      !cs.display.startsWith("inline") &&
      cs.display !== "contents" &&
      el.scrollWidth > el.clientWidth + 1
    )
      p.clipped.push(`"${text}" ${where(el)} spills out of its box: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
  }

  // --- font sizes as rendered
  const small = new Map<string, number>();
  const noteSmall = (el: Element, text: string, px: number) => {
    if (px + 0.05 >= o.minFont) return;
    const k = `"${short(text)}" ${where(el)}`;
    small.set(k, Math.min(px, small.get(k) ?? Infinity));
  };
  for (const t of svgTexts) {
    noteSmall(t, (t.textContent ?? "").trim(), fontPx(t));
    for (const ts of t.querySelectorAll("tspan")) if (ownText(ts) && visible(ts)) noteSmall(ts, ownText(ts), fontPx(ts));
  }
  for (const { el, text } of htmlTexts) noteSmall(el, text, parseFloat(getComputedStyle(el).fontSize));
  for (const [k, px] of small) p.fonts.push(`${px.toFixed(1)} px < ${o.minFont}: ${k}`);

  // --- tap targets on a phone
  if (o.phone)
    for (const el of document.querySelectorAll(".target, .steps button")) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < o.minTarget - 0.5 || r.height < o.minTarget - 0.5) {
        const name = el.getAttribute("data-name") ?? el.getAttribute("aria-label") ?? el.textContent ?? "";
        p.targets.push(`"${short(name)}" is ${r.width.toFixed(0)}×${r.height.toFixed(0)} px`);
      }
    }
  return p;
}

/** descIds lists the raw ids of moves' descriptions: their kinds and the ids of their parts, however serialised. */
export function descIds(moves: { desc?: unknown }[]): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        // a part serialised as {name, id}: the name is a role, not shown
        if (k !== "name" && k !== "Name") walk(x);
      }
  };
  for (const m of moves) walk(m.desc);
  return [...out];
}
