import { describe, expect, it } from 'vitest';
import { pseudonymCode } from './attempts';

describe('pseudonymCode (hide names)', () => {
  it('is stable for a student within an assignment and differs between assignments', () => {
    expect(pseudonymCode(42, 7)).toBe(pseudonymCode(42, 7));
    expect(pseudonymCode(42, 7)).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect(pseudonymCode(42, 7)).not.toBe(pseudonymCode(42, 8));
  });

  it('gives a class of 40 students 40 different codes', () => {
    for (const assignment of [1, 99, 123456]) {
      const codes = new Set(Array.from({ length: 40 }, (_, i) => pseudonymCode(1000 + i, assignment)));
      expect(codes.size).toBe(40);
    }
  });
});
