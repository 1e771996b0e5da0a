import type { LanguageCode } from '@aula/domain/languages';

// The rules of the language switcher (001 sections 1 and 3), apart from React so they can be unit tested.

/** The interface languages in the spec's order (English=0, Spanish=1, Ukrainian=2). */
export const SWITCHER_LANGUAGES: readonly LanguageCode[] = ['en', 'es', 'uk'];

interface Setting {
  setting: string;
  value: unknown;
}

/**
 * Signed out (the sign-in page) the switcher is always there; signed in, the user's language_switcher setting
 * decides, and only an explicit false hides it (the API's default is true).
 */
export function isLanguageSwitcherShown(signedIn: boolean, settings: readonly Setting[]): boolean {
  if (!signedIn) return true;
  return settings.find((s) => s.setting === 'language_switcher')?.value !== false;
}

/**
 * Switches the interface at once, then (signed in) saves the choice as the user's setting; the interface keeps the
 * new language even when saving fails, and the failure is reported.
 */
export async function switchLanguage(
  language: LanguageCode,
  deps: {
    current: string;
    signedIn: boolean;
    apply: (language: LanguageCode) => Promise<void>;
    save: (language: LanguageCode) => Promise<void>;
    onSaveFailed?: () => void;
  },
): Promise<'unchanged' | 'applied' | 'saved' | 'not-saved'> {
  if (language === deps.current) return 'unchanged';
  await deps.apply(language);
  if (!deps.signedIn) return 'applied';
  try {
    await deps.save(language);
    return 'saved';
  } catch {
    deps.onSaveFailed?.();
    return 'not-saved';
  }
}
