import { createI18n, resources } from '@aula/i18n/translate';
import type { LanguageCode } from '@aula/domain/languages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Catalog = (typeof resources)['en']['translation'];
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every key of the catalogue, so a typo in a key fails the type check instead of showing the key. */
export type MessageKey = Leaves<Catalog>;
export type MessageParams = Record<string, string | number | undefined>;

const LANGUAGE_KEY = `aula.${__AULA_APP__}.language`;

// The catalogues decide which languages the interface can show. Values from @aula/domain/languages are imported
// as types only: that module builds zod schemas, which would otherwise land in the first bundle.
function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(resources, value);
}

function readStoredLanguage(): LanguageCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguageCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Without a stored choice the shared setup's default applies (English, 001 section 1). */
export const i18n = createI18n(readStoredLanguage());

// Screen readers pick their voice from <html lang>, so it follows the interface language.
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Translation outside React (middleware, form rules). */
export function translate(key: MessageKey, params?: MessageParams): string {
  return i18n.t(key, params);
}

/** Translation inside React; re-renders when the language changes. */
export function useT(): (key: MessageKey, params?: MessageParams) => string {
  const { t } = useTranslation();
  return useCallback((key, params) => t(key, params), [t]);
}

/** Applies a language from the user's settings or a switcher, and remembers it on this device. */
export async function changeLanguage(lng: unknown): Promise<void> {
  if (!isLanguageCode(lng) || lng === i18n.language) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // storage can be unavailable (private mode); the language still applies for this page
  }
  await i18n.changeLanguage(lng);
}
