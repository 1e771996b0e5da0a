import { createInstance, type i18n } from 'i18next';
import type { LanguageCode } from '@aula/domain/languages';
import { en } from './locales/en';
import { es } from './locales/es';
import { uk } from './locales/uk';

export const resources = { en: { translation: en }, es: { translation: es }, uk: { translation: uk } } as const;

/** A ready i18next instance with every catalogue loaded synchronously (no network, no backend). */
export function createI18n(lng: LanguageCode = 'en'): i18n {
  const inst = createInstance();
  void inst.init({
    lng,
    fallbackLng: 'en',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return inst;
}

const shared = createI18n('en');

/** Server-side translation of one message key (e.g. 'auth.wrongCredentials') into a language. */
export function translate(lng: LanguageCode, key: string, params?: Record<string, unknown>): string {
  return shared.t(key, { lng, ...params });
}

export function hasKey(key: string): boolean {
  return shared.exists(key);
}
