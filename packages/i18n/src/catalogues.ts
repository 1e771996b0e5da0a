import type { LanguageCode } from '@aula/domain/languages';
import type { Catalog } from './locales/en';

// Each catalogue is its own module, loaded when its language is first shown: a front end starts with one language
// instead of all three. (Every catalogue has every key: es and uk are typed as the full Catalog.)
const LOADERS: Record<LanguageCode, () => Promise<Catalog>> = {
  en: () => import('./locales/en').then((m) => m.en),
  es: () => import('./locales/es').then((m) => m.es),
  uk: () => import('./locales/uk').then((m) => m.uk),
};

/** The interface languages, the keys of the catalogues (without @aula/domain/languages, which brings zod). */
export const CATALOGUE_LANGUAGES = Object.keys(LOADERS) as LanguageCode[];

export function isCatalogueLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LOADERS, value);
}

export function loadCatalogue(lng: LanguageCode): Promise<Catalog> {
  return LOADERS[lng]();
}
