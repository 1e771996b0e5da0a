import { describe, expect, it } from 'vitest';
import { emailSchema } from './auth.ts';
import { isEmail } from './email.ts';

describe('isEmail', () => {
  it('accepts ordinary addresses and rejects malformed ones', () => {
    expect(isEmail('teacher@school.org')).toBe(true);
    expect(isEmail('first.last+tag@sub.school.co')).toBe(true);
    for (const bad of ['', 'a', 'x@y', '.a@b.cd', 'a..b@c.de', 'a@b.c', ' a@b.co']) expect(isEmail(bad)).toBe(false);
  });

  it('is the rule emailSchema applies after trimming', () => {
    expect(emailSchema.safeParse(' teacher@school.org ').success).toBe(true);
    expect(emailSchema.safeParse('a@b').error?.issues.map((i) => i.message)).toEqual(['validation.invalidEmail']);
    expect(emailSchema.safeParse('  ').error?.issues.map((i) => i.message)).toEqual(['validation.enter']);
  });
});
