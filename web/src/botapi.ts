// Bot identities on the page (docs/bot-api.md): the mark beside a program's
// name, an invited seat's words, and the bot identities a seat may invite.

import { h } from "./dom";
import { type Lang, t } from "./i18n";

/** programMark is the small "bot" tag beside the name of a seat a program plays. */
export function programMark(lang: Lang): HTMLElement {
  return h("span", { class: "botmark program", title: t(lang, "botapi.markHelp") }, t(lang, "botapi.mark"));
}

/** invitedWords says an open seat is kept for the bot identity name. */
export function invitedWords(lang: Lang, name: string): string {
  return t(lang, "botapi.invited", name);
}

/** A bot identity as GET /api/bots lists it. */
export interface BotIdentity {
  id: string;
  name: string;
}

/** botIdentities lists the bot identities people may invite (none when the call fails: the picker just has no programs). */
export async function botIdentities(): Promise<BotIdentity[]> {
  try {
    const r = await fetch("/api/bots");
    return r.ok ? ((await r.json()) as BotIdentity[]) : [];
  } catch {
    return [];
  }
}

/** programOptions is the seat picker's group of bot identities (null without any). */
export function programOptions(lang: Lang, bots: BotIdentity[]): HTMLElement | null {
  if (!bots.length) return null;
  return h("optgroup", { label: t(lang, "botapi.group") }, ...bots.map((b) => h("option", { value: `bot:${b.id}` }, t(lang, "botapi.option", b.name))));
}

/** programHelp is the help under a seat set to a bot identity ("" for another choice). */
export function programHelp(lang: Lang, v: string): string {
  return v.startsWith("bot:") ? t(lang, "botapi.help") : "";
}
