import { describe, expect, it } from 'vitest';
import { schoolsFilterOf } from './list-scope';

describe('schoolsFilterOf', () => {
  it("names a class's school, a person's schools and a group's schools; no filter for an account or a school", () => {
    expect(schoolsFilterOf({ scope: 'classes', id: 3 })).toEqual({ class_id: 3 });
    expect(schoolsFilterOf({ scope: 'teachers', id: 4 })).toEqual({ user_id: 4 });
    expect(schoolsFilterOf({ scope: 'admins', id: 5 })).toEqual({ user_id: 5 });
    expect(schoolsFilterOf({ scope: 'students', id: 6 })).toEqual({ user_id: 6 });
    expect(schoolsFilterOf({ scope: 'groups', id: 7 })).toEqual({ group_id: 7 });
    expect(schoolsFilterOf({ scope: 'accounts', id: 1 })).toBeNull();
    expect(schoolsFilterOf({ scope: 'organizations', id: 2 })).toBeNull();
    expect(schoolsFilterOf(null)).toBeNull();
  });
});
