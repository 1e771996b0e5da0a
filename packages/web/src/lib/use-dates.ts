import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDay, formatNumericDay, pickerFormats, type DateValue } from './date-format';

/**
 * The date formats of date-format.ts in the interface language; the component re-renders when the language changes.
 * `date`/`dateTime` take instants (shown in the viewer's time zone), `day`/`numericDay` calendar dates ('YYYY-MM-DD'),
 * `picker` the AntD pickers' formats.
 */
export function useDates() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      date: (value: DateValue | null | undefined) => formatDate(value, lang),
      dateTime: (value: DateValue | null | undefined) => formatDateTime(value, lang),
      day: (day: string | null | undefined) => formatDay(day, lang),
      numericDay: (day: string | null | undefined) => formatNumericDay(day, lang),
      picker: pickerFormats(lang),
    }),
    [lang],
  );
}
