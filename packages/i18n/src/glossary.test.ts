import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from './translate';

// docs/glossary.md: one word per language for each thing the product names. Each term here is a row of that table,
// with how to find it: every string whose English names the thing uses the Spanish and Ukrainian word (in any of
// their forms), and none uses a word the glossary turned down (Spanish 'asignación' beside 'tarea').

interface Term {
  /** the glossary row's three words, as docs/glossary.md writes them */
  row: [en: string, es: string, uk: string];
  en: RegExp;
  es: RegExp;
  uk: RegExp;
  /** words no string of that language may use for it */
  avoid?: { es?: RegExp; uk?: RegExp };
  /** only strings whose English names the thing may use the word (for words that must mean nothing else) */
  only?: { en: RegExp; es?: boolean; uk?: boolean };
  /** keys whose English uses the word in another sense */
  except?: string[];
}

const TERMS: Term[] = [
  {
    row: ['assignment', 'tarea', 'завдання'],
    en: /\bassignments?\b/i,
    es: /tarea/i,
    uk: /завдан/i,
    avoid: { es: /asignaci[oó]n/i },
    // 'tarea' and 'завдання' name assignments only (not activities, not background tasks)
    only: { en: /\bassign/i, es: true, uk: true },
  },
  {
    row: ['assignment set', 'conjunto de tareas', 'набір завдань'],
    en: /\bassignment sets?\b/i,
    es: /conjuntos? de tareas/i,
    uk: /наб[іо]р\S* завдань/i,
  },
  {
    row: ['activity', 'actividad', 'активність'],
    en: /\bactivit(y|ies)\b/i,
    es: /actividad/i,
    uk: /активн[іо]ст/i,
    avoid: { uk: /(?<!\p{L})занят/iu },
  },
  { row: ['class', 'clase', 'клас'], en: /\bclass(es)?\b/i, es: /clase/i, uk: /клас/i },
  { row: ['screen', 'pantalla', 'екран'], en: /\bscreens?\b/i, es: /pantalla/i, uk: /екран/i },
  { row: ['section', 'sección', 'розділ'], en: /\bsections?\b/i, es: /secci[oó]n/i, uk: /розділ/i },
  {
    row: ['question', 'pregunta', 'запитання'],
    en: /\bquestions?\b/i,
    es: /pregunta/i,
    uk: /запитан/i,
    avoid: { uk: /(?<!\p{L})питан/iu },
  },
  { row: ['attempt', 'intento', 'спроба'], en: /\battempts?\b/i, es: /intento/i, uk: /спроб/i },
  {
    row: ['student', 'estudiante', 'учень'],
    en: /\bstudents?\b/i,
    es: /estudiante/i,
    uk: /уч(ен|н)/i,
    avoid: { es: /alumn/i, uk: /студент/i },
  },
  {
    row: ['teacher', 'docente', 'вчитель'],
    en: /\bteachers?\b/i,
    es: /docente/i,
    // 'учитель' after a consonant: Ukrainian alternates в/у for sound, it is the same word
    uk: /[ву]чител/i,
    avoid: { es: /maestr[oa]|profesor/i },
  },
  { row: ['group', 'grupo', 'група'], en: /\bgroups?\b/i, es: /grupo/i, uk: /груп/i },
  {
    row: ['lab group', 'grupo de laboratorio', 'лабораторна група'],
    en: /\blab groups?\b/i,
    es: /grupos? de laboratorio/i,
    uk: /лабораторн\S* груп/i,
  },
  { row: ['district', 'distrito', 'округ'], en: /\bdistricts?\b/i, es: /distrito/i, uk: /окру[гз]/i },
  { row: ['due date', 'fecha de entrega', 'термін'], en: /\bdue date\b/i, es: /fecha de entrega/i, uk: /термін/i },
  {
    row: ['submit', 'entregar', 'здати'],
    en: /\bsubmit/i,
    es: /entreg/i,
    uk: /зда|здан/i,
    // submitting a form or a request is not handing in work
    except: ['auth.resetUrlInvalid'],
  },
];

type Lang = keyof typeof resources;

function flatten(node: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v as object, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

// placeholders ({{activity}}) are filled in with names, not the word
const text = (s: string | undefined) => (s ?? '').replace(/\{\{[^}]*\}\}/g, '');
const flat = {
  en: flatten(resources.en),
  es: flatten(resources.es),
  uk: flatten(resources.uk),
} satisfies Record<Lang, Map<string, string>>;

describe('glossary (docs/glossary.md)', () => {
  const doc = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8');

  it.each(TERMS.map((t) => [t.row[0], t] as const))('lists "%s" with its Spanish and Ukrainian word', (_, term) => {
    expect(doc).toContain(`| ${term.row.join(' | ')} |`);
  });

  it.each(TERMS.map((t) => [t.row[0], t] as const))(
    'every string that names "%s" in English uses the glossary word in es and uk',
    (_, term) => {
      const wrong: string[] = [];
      for (const [key, en] of flat.en) {
        if (term.except?.includes(key) || !term.en.test(text(en))) continue;
        for (const lang of ['es', 'uk'] as const) {
          const shown = text(flat[lang].get(key));
          if (!term[lang].test(shown)) wrong.push(`${lang} ${key}: ${shown}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(TERMS.filter((t) => t.avoid).map((t) => [t.row[0], t] as const))(
    'no string uses a word the glossary turned down for "%s"',
    (_, term) => {
      const found: string[] = [];
      for (const lang of ['es', 'uk'] as const) {
        const avoid = term.avoid?.[lang];
        if (!avoid) continue;
        for (const [key, shown] of flat[lang]) if (avoid.test(shown)) found.push(`${lang} ${key}: ${shown}`);
      }
      expect(found).toEqual([]);
    },
  );

  it.each(TERMS.filter((t) => t.only).map((t) => [t.row[0], t] as const))(
    'the word for "%s" means nothing else (only strings about it use it)',
    (_, term) => {
      const found: string[] = [];
      for (const lang of ['es', 'uk'] as const) {
        if (!term.only?.[lang]) continue;
        for (const [key, shown] of flat[lang]) {
          if (term[lang].test(text(shown)) && !term.only.en.test(text(flat.en.get(key))))
            found.push(`${lang} ${key}: ${shown}`);
        }
      }
      expect(found).toEqual([]);
    },
  );

  it('Spanish says "tarea" on the student home and the dashboard alike (not "Asignaciones: 2")', () => {
    expect(flat.es.get('student.home.assignments')).toBe('Mis tareas');
    expect(flat.es.get('assignments.student.count')).toBe('Tareas: {{count}}');
    expect(flat.es.get('assignments.list.title')).toBe('Tareas');
  });
});
