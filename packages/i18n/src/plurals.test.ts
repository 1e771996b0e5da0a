import { describe, expect, it } from 'vitest';
import { PLURAL_FORMS } from './locales/en';
import { resources, translate } from './translate';

// Every pluralised string (i18next plural keys: key_one, key_few, key_many, key_other ... chosen by Intl.PluralRules)
// is found in the catalogues themselves, so a new one is covered without touching this file.

type Lang = keyof typeof resources;
const LANGS = Object.keys(resources) as Lang[];
const COUNTS = [0, 1, 2, 5, 21];

function flatten(node: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v as object, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const flat = Object.fromEntries(LANGS.map((l) => [l, flatten(resources[l])])) as Record<Lang, Map<string, string>>;
const SUFFIX = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);
const pluralBases = (lang: Lang) =>
  new Set([...flat[lang].keys()].filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, '')));
const BASES = [...pluralBases('en')].sort();

describe('plural strings', () => {
  it('are found in the catalogues', () => {
    expect(BASES).toEqual(expect.arrayContaining(['people.students.total', 'pasPlans.assign.students']));
    expect(BASES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(LANGS)('%s has every plural form its Intl.PluralRules needs, for every pluralised string', (lang) => {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    expect(needed.length).toBeGreaterThan(0);
    for (const base of BASES) {
      for (const form of needed) expect(flat[lang].has(`${base}_${form}`), `${lang} ${base}_${form}`).toBe(true);
      // a plain key beside the plural ones would never be shown
      expect(flat[lang].has(base), `${lang} ${base}`).toBe(false);
    }
    // no language pluralises a string English does not
    expect([...pluralBases(lang)].sort()).toEqual(BASES);
  });

  it.each(LANGS)('%s shows the right form for 0, 1, 2, 5 and 21', (lang) => {
    const rules = new Intl.PluralRules(lang);
    for (const base of BASES) {
      for (const count of COUNTS) {
        const form = flat[lang].get(`${base}_${rules.select(count)}`)!;
        const expected = form.replaceAll('{{count}}', String(count)).replaceAll('{{folder}}', 'Biology');
        const shown = translate(lang, base, { count, folder: 'Biology' });
        expect(shown, `${lang} ${base} ${count}`).toBe(expected);
        expect(shown).toContain(String(count));
        expect(shown).not.toContain('{{');
      }
    }
  });

  it('says "1 student", "2 students"; "1 estudiante"; "1 учень", "2 учні", "5 учнів", "21 учень"', () => {
    const key = 'people.students.total';
    expect(COUNTS.map((count) => translate('en', key, { count }))).toEqual([
      '0 students',
      '1 student',
      '2 students',
      '5 students',
      '21 students',
    ]);
    expect(COUNTS.map((count) => translate('es', key, { count }))).toEqual([
      '0 estudiantes',
      '1 estudiante',
      '2 estudiantes',
      '5 estudiantes',
      '21 estudiantes',
    ]);
    expect(COUNTS.map((count) => translate('uk', key, { count }))).toEqual([
      '0 учнів',
      '1 учень',
      '2 учні',
      '5 учнів',
      '21 учень',
    ]);
    expect(translate('uk', key, { count: 1.5 })).toBe('1.5 учня');
    expect(translate('en', 'dashboard.builder.bulk.moved', { count: 1, folder: 'Biology' })).toBe(
      'Moved 1 activity to Biology.',
    );
    expect(translate('uk', 'errors.productInUse', { count: 3 })).toBe(
      'Цей продукт використовують 3 плани PAS, тому його не можна видалити.',
    );
  });
});
