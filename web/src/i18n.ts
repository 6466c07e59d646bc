// The page's own words, from the shell catalogue (shelltext/texts/*.json)
// in the language the server negotiated: the server puts them in the page
// as <script type="application/json" id="jardin-texts"> (server/texts.go).
// Messages use the catalogue's syntax (package i18n): {0} is an argument,
// {0, plural, one {# card} other {# cards}} chooses by CLDR plural rules
// (Intl.PluralRules), {0, select, a {…} other {…}} by the argument's value.
// Game texts (events, component names and help) come from the server,
// already in the chosen language.

/** Lang is a language tag the server offers ("en", "fr", "de"…). */
export type Lang = string;

/** Word is a message id of the page (page.* in the catalogue, without the prefix). */
export type Word = string;

interface Texts {
  lang: Lang;
  langs: { lang: Lang; name: string }[];
  messages: Record<string, string>;
}

let loaded: Texts | undefined;

/** texts reads the page's words once, from the page. */
function texts(): Texts {
  if (loaded) return loaded;
  const el = document.getElementById("jardin-texts");
  try {
    loaded = JSON.parse(el?.textContent ?? "") as Texts;
  } catch {
    loaded = { lang: "en", langs: [], messages: {} }; // a page without words shows ids
  }
  return loaded;
}

/**
 * The language of the page: the server chose it (?lang=, the `lang`
 * cookie, Accept-Language) and wrote the page's words in it.
 */
export function initialLang(): Lang {
  return texts().lang;
}

/** languages lists the languages the server offers, each named in itself. */
export function languages(): { lang: Lang; name: string }[] {
  return texts().langs;
}

/** saveLang keeps the choice in the `lang` cookie, which the server reads too, for a year. */
export function saveLang(l: Lang): void {
  document.cookie = `lang=${encodeURIComponent(l)}; path=/; max-age=31536000; samesite=lax`;
}

/** BOT_LEVELS names the bot kinds a table offers by their strength (page.lobby.bot.<level>), as the server does. */
const BOT_LEVELS: Record<string, string> = {
  random: "random",
  greedy: "greedy",
  ismcts: "medium",
  "ismcts:easy": "easy",
  "ismcts:medium": "medium",
  "ismcts:hard": "hard",
  "ismcts:expert": "expert",
};

/** botName names a bot seat by its strength ("Quick bot", "Robot rapide"); another kind (a search budget) as the shell's "{kind} bot". */
export function botName(lang: Lang, kind: string | undefined): string {
  const level = BOT_LEVELS[kind ?? ""];
  return level ? t(lang, `lobby.bot.${level}`) : t(lang, "botKind", kind ?? "").trim();
}

/** t returns message w of the page in lang with {0}, {1}… given by args. */
export function t(lang: Lang, w: Word, ...args: (string | number)[]): string {
  const m = texts().messages[w];
  if (m === undefined) return w; // a missing message shows rather than hides
  return format(m, lang, args);
}

/** Args are a message's arguments: by position ({0}) or by name ({n}). */
export type Args = (string | number)[] | Record<string, string | number>;

/** format formats a catalogue message (the syntax above) with its arguments. */
export function format(m: string, lang: Lang, args: Args): string {
  const p = { s: m, i: 0 };
  return body(p, lang, args, undefined, false);
}

interface Cursor {
  s: string;
  i: number;
}

function body(p: Cursor, lang: Lang, args: Args, num: number | undefined, inBranch: boolean): string {
  let out = "";
  while (p.i < p.s.length) {
    const c = p.s[p.i];
    if (c === "}") {
      if (inBranch) return out;
      p.i++;
      out += c;
    } else if (c === "{") {
      out += placeholder(p, lang, args);
    } else if (c === "#" && num !== undefined) {
      out += new Intl.NumberFormat(lang === "xx" ? "en" : lang).format(num);
      p.i++;
    } else {
      out += c;
      p.i++;
    }
  }
  return out;
}

function arg(args: Args, name: string): string | number {
  if (!Array.isArray(args)) return Object.prototype.hasOwnProperty.call(args, name) ? args[name] : `{${name}}`;
  const i = Number(name);
  return Number.isInteger(i) ? (args[i] ?? "") : "";
}

function placeholder(p: Cursor, lang: Lang, args: Args): string {
  p.i++; // {
  const end = p.s.slice(p.i).search(/[,}]/);
  if (end < 0) return "";
  const name = p.s.slice(p.i, p.i + end).trim();
  p.i += end;
  if (p.s[p.i] === "}") {
    p.i++;
    return String(arg(args, name));
  }
  p.i++; // ,
  const comma = p.s.indexOf(",", p.i);
  const kind = p.s.slice(p.i, comma).trim();
  p.i = comma + 1;
  const v = arg(args, name);
  let rule = "";
  if (kind === "plural") {
    const n = Number(v);
    rule = new Intl.PluralRules(lang === "xx" ? "en" : lang).select(n);
  }
  let chosen: string | undefined;
  let other: string | undefined;
  for (;;) {
    while (p.i < p.s.length && /\s/.test(p.s[p.i])) p.i++;
    if (p.i >= p.s.length || p.s[p.i] === "}") {
      p.i++;
      break;
    }
    const open = p.s.indexOf("{", p.i);
    const key = p.s.slice(p.i, open).trim();
    p.i = open + 1;
    const text = body(p, lang, args, kind === "plural" ? Number(v) : undefined, true);
    p.i++; // the branch's }
    const hit = kind === "plural" ? key === `=${Number(v)}` || (key === rule && chosen === undefined) : key === String(v);
    if (hit && (chosen === undefined || key.startsWith("="))) chosen = text;
    if (key === "other") other = text;
  }
  return chosen ?? other ?? "";
}
