import type { LanguageCode } from '@aula/domain/languages';
import { en } from './locales/en';
import { es } from './locales/es';
import { uk } from './locales/uk';
import { createI18n } from './setup';

/** Every catalogue, loaded up front: the server answers in any language. */
export const resources = { en, es, uk } as const;

const shared = createI18n('en', resources);

/** Server-side translation of one message key (e.g. 'auth.wrongCredentials') into a language. */
export function translate(lng: LanguageCode, key: string, params?: Record<string, unknown>): string {
  return shared.t(key, { lng, ...params });
}

export function hasKey(key: string): boolean {
  return shared.exists(key);
}
