// No zod here: the apps import this on their first load.
// Interface languages and their numeric values (001 section 1): English=0, Spanish=1, Ukrainian=2.
export const LANGUAGES = { en: 0, es: 1, uk: 2 } as const;
export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** Calls pass a language setting of English or Spanish; the server answers in those two. */
export const SERVER_LANGUAGES: readonly LanguageCode[] = ['en', 'es'];

export function languageFromNumber(n: number): LanguageCode {
  return LANGUAGE_CODES.find((c) => LANGUAGES[c] === n) ?? DEFAULT_LANGUAGE;
}

/**
 * Picks the best server language from an Accept-Language header (first supported tag wins by q). Pages the API
 * serves itself (the page not found) pass every interface language.
 */
export function pickServerLanguage(
  header: string | undefined,
  supported: readonly LanguageCode[] = SERVER_LANGUAGES,
): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.lang && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q);
  const hit = tags.find((t) => (supported as readonly string[]).includes(t.lang));
  return (hit?.lang as LanguageCode | undefined) ?? DEFAULT_LANGUAGE;
}
