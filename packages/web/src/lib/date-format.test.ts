import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatNumericDay, pickerFormats } from './date-format';

describe('date formats', () => {
  const at = '2026-03-09T23:59:00Z';

  it('English follows the spec: MMM DD, YYYY and MMM DD, YYYY hh:mm A', () => {
    expect(formatDate(at, 'en', 'UTC')).toBe('Mar 09, 2026');
    expect(formatDateTime(at, 'en', 'UTC')).toBe('Mar 09, 2026 11:59 PM');
    expect(formatDateTime('2026-03-01T08:05:00Z', 'en', 'UTC')).toBe('Mar 01, 2026 08:05 AM');
  });

  it('shows the viewer’s time zone', () => {
    expect(formatDateTime(at, 'en', 'America/New_York')).toBe('Mar 09, 2026 07:59 PM');
    expect(formatDateTime(at, 'en', 'Europe/Kyiv')).toBe('Mar 10, 2026 01:59 AM');
  });

  it('Spanish and Ukrainian use their own order and month names', () => {
    expect(formatDate(at, 'es', 'UTC')).toMatch(/^9 mar 2026$/);
    expect(formatDateTime(at, 'uk', 'UTC')).toMatch(/^9 бер\. 2026 р\., 23:59$/);
  });

  // The Activities list's 'Updated' column (issue 14 item 13): the same instant in each interface language.
  it.each([
    ['en', 'Nov 25, 2026', 'Nov 25, 2026 07:05 PM'],
    ['es', '25 nov 2026', '25 nov 2026, 19:05'],
    ['uk', '25 лист. 2026 р.', '25 лист. 2026 р., 19:05'],
  ])('%s: a date and a date with time', (lang, date, dateTime) => {
    const updated = new Date('2026-11-25T19:05:00Z');
    expect(formatDate(updated, lang, 'UTC')).toBe(date);
    expect(formatDateTime(updated, lang, 'UTC')).toBe(dateTime);
  });

  it.each([
    ['en', 'Sep 01, 2026', '09/01/2026'],
    ['es', '1 sept 2026', '01/09/2026'],
    ['uk', '1 вер. 2026 р.', '01.09.2026'],
  ])('%s: a calendar date, in words and in figures', (lang, words, figures) => {
    expect(formatDay('2026-09-01', lang)).toBe(words);
    expect(formatNumericDay('2026-09-01', lang)).toBe(figures);
  });

  it('keeps a calendar date on its day in a time zone west of UTC (midnight UTC is the day before there)', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Honolulu';
    try {
      expect(formatDate(new Date('2026-01-01T00:00:00Z'), 'en')).toBe('Dec 31, 2025');
      expect(formatDay('2026-01-01', 'en')).toBe('Jan 01, 2026');
      expect(formatNumericDay('2026-01-01', 'es')).toBe('01/01/2026');
    } finally {
      process.env.TZ = tz;
    }
  });

  it('the pickers type dates in the order each language writes them in figures', () => {
    expect(pickerFormats('en')).toEqual({ date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY hh:mm A' });
    expect(pickerFormats('es')).toEqual({ date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' });
    expect(pickerFormats('uk')).toEqual({ date: 'DD.MM.YYYY', dateTime: 'DD.MM.YYYY HH:mm' });
  });

  it('shows nothing for no date or a value that is not one, instead of failing the page', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value, 'en')).toBe('');
      expect(formatDateTime(value, 'es')).toBe('');
      expect(formatDay(value, 'uk')).toBe('');
      expect(formatNumericDay(value, 'en')).toBe('');
    }
  });
});
