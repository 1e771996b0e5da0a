import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { LanguageCode } from '@aula/domain/languages';

// AntD's own texts (pagination, pickers, empty states) per interface language. English is AntD's built-in default
// (imported from antd/es like AntD itself, so it is not bundled twice); the others load with their catalogue, each
// with dayjs's month and weekday names, which AntD's date pickers and calendar take from dayjs by the locale's name.
const LOADERS: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Locale }>> = {
  es: () => import('dayjs/locale/es').then(() => import('antd/es/locale/es_ES')),
  uk: () => import('dayjs/locale/uk').then(() => import('antd/es/locale/uk_UA')),
};
const loaded: Partial<Record<LanguageCode, Locale>> = { en: enUS };

export async function loadAntdLocale(lng: LanguageCode): Promise<void> {
  if (lng === 'en' || loaded[lng]) return;
  loaded[lng] = (await LOADERS[lng]()).default;
}

/** The AntD locale of a loaded language (English until it has loaded). */
export function antdLocale(lng: string): Locale {
  return loaded[lng as LanguageCode] ?? enUS;
}
