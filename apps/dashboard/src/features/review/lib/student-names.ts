import { pseudonymCode } from '@aula/domain/attempts';

// With 'hide names' on, every student is shown as 'Student {{code}}' (answers.pseudonym): the code is stable for a
// student within an assignment and differs between assignments (pseudonymCode).

export type Translate = (key: 'answers.pseudonym', params: { code: string }) => string;

export function studentLabel(
  t: Translate,
  hidden: boolean,
  assignmentId: number,
  student: { id: number; name: string },
): string {
  return hidden ? t('answers.pseudonym', { code: pseudonymCode(student.id, assignmentId) }) : student.name;
}

/**
 * Students in the order the pages list them: by what is shown. With names hidden that is the code, so the order
 * itself does not give away who is who (an alphabetical list of codes would still be alphabetical by name).
 */
export function sortStudents<T extends { id: number; name: string }>(
  students: readonly T[],
  label: (s: T) => string,
  locale: string,
): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...students].sort((a, b) => collator.compare(label(a), label(b)) || a.id - b.id);
}
