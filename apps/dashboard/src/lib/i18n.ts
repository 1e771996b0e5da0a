import { createI18n, type resources } from '@aula/i18n/translate';
import { LANGUAGE_CODES, DEFAULT_LANGUAGE, type LanguageCode } from '@aula/domain/languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

const LANGUAGE_KEY = 'aula.dashboard.language';

function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

function readStoredLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = createI18n(readStoredLanguage());

// Screen readers pick their voice from <html lang>, so it follows the interface language.
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

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
