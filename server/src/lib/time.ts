/**
 * Time helpers. Every stored time is ISO-8601 UTC text; a company's days (statistics, date
 * filters, order numbers, export file names) are days in its own time zone, default
 * Asia/Shanghai (docs/design.md, "Time"). Zone arithmetic is dayjs' (Intl underneath);
 * reading an instant's day and clock in a zone, which every order number needs, is done with
 * one Intl formatter per zone kept for the process: dayjs' `tz()` builds a formatter on
 * every call (5 % of a create's CPU in the profile).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const now = (): string => new Date().toISOString();
export const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A company's time zone unless it names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether `tz` is an IANA zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

type Clock = Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>>;

/**
 * Each zone's formatter, and its last reading with the second it was for: the creates of
 * one second read the same clock, and formatToParts was 3 % of a SQLite create's CPU under
 * load. A zone's offset changes on a whole second, so a reading holds for its second.
 */
const clocks = new Map<string, { format: Intl.DateTimeFormat; second: number; clock: Clock }>();

/** Year, month, day, hour, minute and second of `at` in `tz`, each as digits (two, the year four). */
function wallClock(at: string | number, tz: string): Clock {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  const second = Math.floor(ms / 1000);
  const zone = clocks.get(tz);
  if (zone?.second === second) return zone.clock;
  const two = '2-digit' as const;
  const format =
    zone?.format ??
    new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: two, day: two, hour: two, minute: two, second: two, hourCycle: 'h23' });
  const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of format.formatToParts(ms)) if (p.type in out) out[p.type as keyof typeof out] = p.value;
  clocks.set(tz, { format, second, clock: out });
  return out;
}

/** The day (`YYYY-MM-DD`) an instant falls on in `tz`. */
export const localDay = (at: string | number, tz: string): string => {
  const c = wallClock(at, tz);
  return `${c.year}-${c.month}-${c.day}`;
};

/** Today in `tz`. */
export const today = (tz: string): string => localDay(Date.now(), tz);

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number): string => dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');

/** The UTC instant at which `day` starts in `tz`. */
export const dayStart = (day: string, tz: string): string => dayjs.tz(day, tz).toDate().toISOString();

/** The last millisecond of `day` in `tz`, as a UTC instant. */
export const dayEnd = (day: string, tz: string): string => addMs(dayStart(addDays(day, 1), tz), -1);

/** `yyyyMMddHHmmss` of an instant in `tz` (file names). */
export const stamp = (iso: string, tz: string): string => {
  const c = wallClock(iso, tz);
  return `${c.year}${c.month}${c.day}${c.hour}${c.minute}${c.second}`;
};
