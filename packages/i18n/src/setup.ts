import { createInstance, type i18n, type Resource } from 'i18next';
import type { LanguageCode } from '@aula/domain/languages';
import type { Catalog } from './locales/en';
import type { StartCatalog } from './locales/en-start';

/**
 * Catalogues by language; a front end passes only those it has loaded, English as its start catalogue (the server
 * passes all of them, whole).
 */
export type Catalogues = Partial<Record<LanguageCode, Catalog | StartCatalog>>;

/** A ready i18next instance over the given catalogues (loaded synchronously: no network, no backend). */
export function createI18n(lng: LanguageCode, catalogues: Catalogues): i18n {
  const resources: Resource = {};
  for (const [code, translation] of Object.entries(catalogues)) resources[code] = { translation };
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
