import { pseudonymCode } from '@aula/domain/attempts';
import { describe, expect, it } from 'vitest';
import { sortStudents, studentLabel } from './student-names';

const t = (_key: 'answers.pseudonym', { code }: { code: string }) => `Student ${code}`;
const ana = { id: 1, name: 'Ana Alvarez' };
const zoe = { id: 2, name: 'Zoe Zhang' };

describe('studentLabel', () => {
  it('shows the name, or with names hidden the pseudonym of this assignment', () => {
    expect(studentLabel(t, false, 7, ana)).toBe('Ana Alvarez');
    expect(studentLabel(t, true, 7, ana)).toBe(`Student ${pseudonymCode(1, 7)}`);
    expect(studentLabel(t, true, 7, ana)).not.toContain('Ana');
    expect(studentLabel(t, true, 8, ana)).not.toBe(studentLabel(t, true, 7, ana));
  });
});

describe('sortStudents', () => {
  it('orders by what is shown, so hidden names are not listed alphabetically by name', () => {
    expect(sortStudents([zoe, ana], (s) => s.name, 'en').map((s) => s.id)).toEqual([1, 2]);
    const byCode = sortStudents([zoe, ana], (s) => studentLabel(t, true, 7, s), 'en').map((s) => s.id);
    const expected = pseudonymCode(1, 7) < pseudonymCode(2, 7) ? [1, 2] : [2, 1];
    expect(byCode).toEqual(expected);
  });
});
