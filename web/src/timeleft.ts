// The time left at a table played by correspondence ("async" clock: hours
// per decision), in words a person reads: "2 days 3 hours left". The table
// page shows it beside the seat to move; the sync's clocks carry the
// deadline (Unix ms).

import { h } from "./dom";
import { type Lang, t } from "./i18n";

/**
 * timeLeft says ms in words, rounded down to its two largest units, as the
 * server's reminders do: the page never promises more time than there is.
 */
export function timeLeft(lang: Lang, ms: number): string {
  const m = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(m / 1440);
  const hh = Math.floor(m / 60) % 24;
  const mm = m % 60;
  let span: string;
  if (d > 0 && hh > 0) span = t(lang, "leftDaysHours", d, hh);
  else if (d > 0) span = t(lang, "leftDays", d);
  else if (hh > 0 && mm > 0) span = t(lang, "leftHoursMinutes", hh, mm);
  else if (hh > 0) span = t(lang, "leftHours", hh);
  else if (mm > 0) span = t(lang, "leftMinutes", mm);
  else span = t(lang, "leftLess");
  return t(lang, "timeLeft", span);
}

/**
 * asyncClock is the time left for the decision due at deadline, counting
 * down (the page draws it again every second), with the moment itself as
 * its tooltip. In the last quarter of the decision's time (hours: the
 * table's hours per decision), when the server's reminder goes out, it is
 * marked "late".
 */
export function asyncClock(lang: Lang, deadline: number, hours: number | undefined, now = Date.now()): HTMLElement {
  const left = deadline - now;
  const due = new Intl.DateTimeFormat(lang === "xx" ? "en" : lang, { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }).format(new Date(deadline));
  const late = hours !== undefined && hours > 0 && left < (hours * 3_600_000) / 4;
  return h("span", { class: "clock time-left" + (late ? " late" : ""), title: t(lang, "timeDue", due), "data-deadline": String(deadline) }, timeLeft(lang, left));
}
