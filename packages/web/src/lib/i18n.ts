import { isCatalogueLanguage, loadCatalogue } from '@aula/i18n/catalogues';
import type { Catalog, PluralForm } from '@aula/i18n/locales/en';
import { enStart, type EnglishAppArea } from '@aula/i18n/locales/en-start';
import { createI18n } from '@aula/i18n/setup';
import type { LanguageCode } from '@aula/domain/languages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';

/** A plural key's forms (`total_one`, `total_other`) are asked for by their base (`total`, with `{ count }`). */
type PluralBase<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends string
    ? `${Prefix}${PluralBase<K>}`
    : Leaves<NonNullable<T[K]>, `${Prefix}${K}.`>;
}[keyof T & string];
/** Every key of the catalogue, so a typo in a key fails the type check instead of showing the key. */
export type MessageKey = Leaves<Catalog>;
export type MessageParams = Record<string, string | number | undefined>;

const LANGUAGE_KEY = `aula.${__AULA_APP__}.language`;

// The catalogues decide which languages the interface can show. Values from @aula/domain/languages are imported
// as types only: that module builds zod schemas, which would otherwise land in the first bundle.
function readStoredLanguage(): LanguageCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isCatalogueLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

// English (the default, 001 section 1, and the fallback) ships with the first bundle, as far as the sign-in page needs
// it: the shared areas of its start catalogue, and the app's own area, which mountApp adds (addEnglishAppArea); the
// rest of it loads before any other page renders (englishComplete). Spanish and Ukrainian load whole when first
// shown, each with AntD's texts in that language.
export const i18n = createI18n('en', { en: enStart });

/** Adds the app's own area of the English catalogue; mountApp does, before anything renders. */
export function addEnglishAppArea(area: EnglishAppArea): void {
  i18n.addResourceBundle('en', 'translation', area, true, true);
}

let englishRest: Promise<void> | undefined;

/**
 * Settles once the whole English catalogue is in (English is the fallback of every language, so every page but
 * sign-in waits for it: lazyRoute). Fails when it cannot load, like a page's code; the next call tries again.
 */
export function englishComplete(): Promise<void> {
  englishRest ??= loadCatalogue('en').then(
    (catalog) => void i18n.addResourceBundle('en', 'translation', catalog, true, true),
    (error: unknown) => {
      englishRest = undefined;
      throw error;
    },
  );
  return englishRest;
}

async function loadLanguage(lng: LanguageCode): Promise<void> {
  await Promise.all([
    i18n.hasResourceBundle(lng, 'translation')
      ? undefined
      : loadCatalogue(lng).then((catalog) => i18n.addResourceBundle(lng, 'translation', catalog)),
    loadAntdLocale(lng),
  ]);
}

// Screen readers pick their voice from <html lang>, so it follows the interface language.
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/**
 * Settles once the language stored on this device is loaded and applied; the app renders after it, so the first
 * paint is already in that language. If its catalogue cannot be loaded the interface stays in English.
 */
let languageAtStart = readStoredLanguage();

export const i18nReady: Promise<void> = (async () => {
  const stored = languageAtStart;
  if (!stored || stored === 'en') return;
  try {
    await loadLanguage(stored);
    await i18n.changeLanguage(stored);
  } catch {
    // offline or a stale deployment: English rather than no interface
  } finally {
    languageAtStart = undefined;
  }
})();

/**
 * The language API calls ask for (Accept-Language): the interface's, and while the language stored on this device is
 * still loading at start-up, that one, so a call made before the first render (a stored session's /my) already asks
 * in the language the page is about to show.
 */
export function requestLanguage(): string {
  return languageAtStart ?? i18n.language;
}

/** Translation outside React (middleware, form rules). */
export function translate(key: MessageKey, params?: MessageParams): string {
  return i18n.t(key, params);
}

/** Translation inside React; re-renders when the language changes. */
export function useT(): (key: MessageKey, params?: MessageParams) => string {
  const { t } = useTranslation();
  return useCallback((key, params) => t(key, params), [t]);
}

/**
 * Applies a language from the user's settings or a switcher, and remembers it on this device. The language's
 * catalogue loads first, so the interface switches in one step; if it cannot load, the language stays as it was.
 */
export async function changeLanguage(lng: unknown): Promise<void> {
  if (!isCatalogueLanguage(lng) || lng === i18n.language) return;
  try {
    await loadLanguage(lng);
  } catch {
    return;
  }
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // storage can be unavailable (private mode); the language still applies for this page
  }
  await i18n.changeLanguage(lng);
}
