// Every date both apps show goes through this file (React components through use-dates.ts, which passes the
// interface language): in English the spec's 'MMM DD, YYYY', 'MMM DD, YYYY hh:mm A' and 'MM/DD/YYYY' (001 section
// 9), in the other languages the language's own order and month names. Instants (timestamps) are shown in the
// viewer's time zone; calendar dates ('YYYY-MM-DD': a session's first day, a plan's date) are the same day everywhere.

export type DateValue = string | Date;

/** The date of a value, or null for none or one that is not a date (shown as '': a page never fails on a bad date). */
function dateOf(value: DateValue | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date, lang: string, opts: Intl.DateTimeFormatOptions, timeZone?: string) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of new Intl.DateTimeFormat(lang, { ...opts, timeZone }).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** 'Mar 09, 2026' (en), '9 mar 2026' (es), '9 бер. 2026 р.' (uk). */
export function formatDate(value: DateValue | null | undefined, lang: string, timeZone?: string): string {
  const date = dateOf(value);
  if (!date) return '';
  if (lang !== 'en') return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone }).format(date);
  const p = parts(date, 'en-US', { month: 'short', day: '2-digit', year: 'numeric' }, timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'Mar 09, 2026 11:59 PM' (en), '9 mar 2026, 23:59' (es), '9 бер. 2026 р., 23:59' (uk). */
export function formatDateTime(value: DateValue | null | undefined, lang: string, timeZone?: string): string {
  const date = dateOf(value);
  if (!date) return '';
  if (lang !== 'en')
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  const p = parts(
    date,
    'en-US',
    { month: 'short', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true },
    timeZone,
  );
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** A calendar date ('2026-03-09', or the day part of a timestamp) as midnight UTC, so no time zone moves it. */
function calendarDay(day: string | null | undefined): Date | null {
  return day ? dateOf(`${day.slice(0, 10)}T00:00:00Z`) : null;
}

/** A calendar date ('2026-03-09'): 'Mar 09, 2026' (en), '9 mar 2026' (es), '9 бер. 2026 р.' (uk), in any time zone. */
export function formatDay(day: string | null | undefined, lang: string): string {
  return formatDate(calendarDay(day), lang, 'UTC');
}

/** A calendar date in figures: '03/09/2026' (en, MM/DD/YYYY), '09/03/2026' (es), '09.03.2026' (uk). */
export function formatNumericDay(day: string | null | undefined, lang: string): string {
  const date = calendarDay(day);
  if (!date) return '';
  if (lang !== 'en')
    return new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
      date,
    );
  const p = parts(date, 'en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }, 'UTC');
  return `${p.month}/${p.day}/${p.year}`;
}

/**
 * The dayjs formats of the date pickers (AntD), in the order the language writes a date in figures, as
 * formatNumericDay shows it: MM/DD/YYYY and a 12-hour clock in English, DD/MM/YYYY (es) and DD.MM.YYYY (uk) with a
 * 24-hour clock. A picker types and parses in this format.
 */
export function pickerFormats(lang: string): { date: string; dateTime: string } {
  if (lang === 'es') return { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' };
  if (lang === 'uk') return { date: 'DD.MM.YYYY', dateTime: 'DD.MM.YYYY HH:mm' };
  return { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY hh:mm A' };
}
