// Dates as the apps show them: in English the spec's 'MMM DD, YYYY' and 'MMM DD, YYYY hh:mm A' (001 section 9), in
// the other languages the language's own medium style. Shown in the viewer's time zone.

function parts(date: Date, lang: string, opts: Intl.DateTimeFormatOptions, timeZone?: string) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of new Intl.DateTimeFormat(lang, { ...opts, timeZone }).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** 'Mar 09, 2026' (en), '9 mar 2026' (es), '9 бер. 2026 р.' (uk). */
export function formatDate(iso: string | Date, lang: string, timeZone?: string): string {
  const date = new Date(iso);
  if (lang !== 'en') return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone }).format(date);
  const p = parts(date, 'en-US', { month: 'short', day: '2-digit', year: 'numeric' }, timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'Mar 09, 2026 11:59 PM' (en), '9 mar 2026, 23:59' (es), '9 бер. 2026 р., 23:59' (uk). */
export function formatDateTime(iso: string | Date, lang: string, timeZone?: string): string {
  const date = new Date(iso);
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
