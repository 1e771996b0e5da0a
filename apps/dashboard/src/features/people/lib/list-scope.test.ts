import { describe, expect, it } from 'vitest';
import { listScopeOf, staffFilterOf, studentScopeOf } from './list-scope';

describe('list scopes from route parameters', () => {
  it('takes the innermost scope, the account only when alone', () => {
    expect(listScopeOf({})).toBeNull();
    expect(listScopeOf({ accountId: '1' })).toEqual({ scope: 'accounts', id: 1 });
    expect(listScopeOf({ accountId: '1', classId: '3' })).toEqual({ scope: 'classes', id: 3 });
    expect(listScopeOf({ orgId: '7' })).toEqual({ scope: 'organizations', id: 7 });
    expect(listScopeOf({ classId: 'x' })).toBeNull();
  });
  it('maps a scope to the student list’s and the staff search’s filters', () => {
    expect(studentScopeOf({ scope: 'teachers', id: 4 })).toEqual({ teacher_id: 4 });
    expect(studentScopeOf({ scope: 'groups', id: 5 })).toEqual({ group_id: 5 });
    expect(studentScopeOf({ scope: 'admins', id: 5 })).toBeUndefined();
    expect(staffFilterOf({ scope: 'students', id: 9 })).toEqual({ student_id: 9 });
    expect(staffFilterOf({ scope: 'organizations', id: 2 })).toEqual({ organization_id: 2 });
    expect(staffFilterOf(null)).toEqual({});
  });
});
