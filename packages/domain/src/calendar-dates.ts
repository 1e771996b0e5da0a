// Calendar dates ('YYYY-MM-DD') as plain day numbers, so that no time zone can shift a day: every function here
// reads and writes UTC fields only. Wall-clock conversions name their zone explicitly.

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CalendarDate = string;

export const WEEKDAYS = { sunday: 0, monday: 1, saturday: 6 } as const;

function parts(date: CalendarDate): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** A real day of the Gregorian calendar written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Days since 1970-01-01. */
export function toDayNumber(date: CalendarDate): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function fromDayNumber(n: number): CalendarDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day of the month `months` later, or that month's last day when it is shorter (Jan 31 + 1 = Feb 28). */
export function addMonths(date: CalendarDate, months: number, day?: number): CalendarDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const dd = Math.min(day ?? d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, years * 12);
}

/** 0 Sunday ... 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(date: CalendarDate): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function zonedFields(instant: Date, zone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The calendar date it is at `instant` in `zone` (the plan's "today"). */
export function calendarDateIn(instant: Date, zone: string): CalendarDate {
  const f = zonedFields(instant, zone);
  return `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

/**
 * The instant the wall clock in `zone` shows `date` at `time` ('HH:MM'). A time skipped by a daylight-saving jump
 * resolves to the instant just after the jump.
 */
export function instantAt(date: CalendarDate, time: string, zone: string): Date {
  const [y, m, d] = parts(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // the zone's offset at a guess, then at the corrected guess (two steps settle every real zone)
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const f = zonedFields(new Date(guess), zone);
    const shown = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
    guess += wall - shown;
  }
  return new Date(guess);
}
