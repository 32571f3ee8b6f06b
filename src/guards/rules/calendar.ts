import type { RuleDay } from "./schema.js";

/** A moment as a wall clock in a time zone shows it. */
export interface LocalTime {
  /** "2026-11-27" */
  date: string;
  day: RuleDay;
  /** "09:05" */
  time: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** `at` (epoch ms, default the process clock) on the wall clock of `timeZone`. */
export function localTime(timeZone: string, at = Date.now()): LocalTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(at)) part[p.type] = p.value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    day: part.weekday!.toLowerCase().slice(0, 3) as RuleDay,
    time: `${part.hour}:${part.minute}`,
  };
}

const ORDER: RuleDay[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const NAMES: Record<RuleDay, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};

/** A launch window in plain parts: days allowed, from and to (to excluded). */
export interface WindowSpec {
  days: readonly RuleDay[];
  from: string;
  to: string;
  timeZone: string;
}

/** True when `now` is inside the window. */
export function inWindow(w: WindowSpec, now: LocalTime): boolean {
  return w.days.includes(now.day) && now.time >= w.from && now.time < w.to;
}

/** When the window next opens, in words: "today at 09:00", "Monday at 09:00". */
export function nextOpening(w: WindowSpec, now: LocalTime): string {
  const today = ORDER.indexOf(now.day);
  if (w.days.includes(now.day) && now.time < w.from) return `today at ${w.from}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = ORDER[(today + ahead) % 7]!;
    if (w.days.includes(day)) return `${ahead === 1 ? "tomorrow" : NAMES[day]} at ${w.from}`;
  }
  return `at ${w.from}`;
}

/** The days of a window in words: "Monday to Friday", "Saturday, Sunday". */
export function daysInWords(days: readonly RuleDay[]): string {
  if (days.length === 7) return "every day";
  const sorted = [...days].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const idx = sorted.map((d) => ORDER.indexOf(d));
  const run = idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
  if (run && sorted.length > 2) return `${NAMES[sorted[0]!]} to ${NAMES[sorted[sorted.length - 1]!]}`;
  return sorted.map((d) => NAMES[d]).join(", ");
}
