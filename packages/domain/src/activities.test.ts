import { describe, expect, it } from 'vitest';
import { activityListSchema, activityUpdateSchema, canSeeDraftActivities, uniqueTagNames } from './activities.ts';
import { buildPolicy, permissionsForUser } from './permissions.ts';

describe('uniqueTagNames', () => {
  it('trims, drops empties and keeps the first spelling of names equal without case', () => {
    expect(uniqueTagNames([' Energy', 'energy', '', 'Waves ', 'ENERGY'])).toEqual(['Energy', 'Waves']);
  });
});

describe('canSeeDraftActivities', () => {
  const policyOf = (role: 'domain-administrator' | 'administrator' | 'teacher' | 'super-administrator') =>
    buildPolicy(permissionsForUser({ role }), { multiDomain: role === 'super-administrator' });
  it('is true for the activity builder’s roles only', () => {
    expect(canSeeDraftActivities(policyOf('super-administrator'))).toBe(true);
    expect(canSeeDraftActivities(policyOf('domain-administrator'))).toBe(true);
    expect(canSeeDraftActivities(policyOf('administrator'))).toBe(false);
    expect(canSeeDraftActivities(policyOf('teacher'))).toBe(false);
  });
});

describe('activity payloads', () => {
  it('an empty list body is the first page, newest first', () => {
    expect(activityListSchema.parse(undefined)).toEqual({ page: 1, per_page: 10, sort: '-updated_at' });
  });
  it('an update may not move the activity to another domain or account', () => {
    expect(activityUpdateSchema.parse({ title: 'x', domain_id: 2, account_id: 3 })).toEqual({ title: 'x' });
  });
});
