import type { ClassRef } from '../people.types';

// The classroom display name (000 section 3: custom_title, else the title, ' - ' and the periods). The classes
// feature owns this rule as @aula/domain/classes' classroomName, written in parallel with this one; use that one
// here once both are merged.
export function classLabel(c: Pick<ClassRef, 'title' | 'custom_title' | 'periods'>): string {
  const custom = c.custom_title?.trim();
  if (custom) return custom;
  const periods = c.periods?.trim();
  return periods ? `${c.title} - ${periods}` : c.title;
}
