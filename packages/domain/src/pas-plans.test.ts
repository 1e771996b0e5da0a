import { describe, expect, it } from 'vitest';
import {
  assignRefusal,
  deleteRefusal,
  editRefusal,
  missingPlanDetails,
  PLAN_TYPES,
  planState,
  publishToggleRefusal,
  scheduleFacts,
} from './pas-plans.ts';

describe('plan types (002 section 9, 000 section 3)', () => {
  it('are Weekly, Monthly, Biweekly, Bimonthly with the recurrence codes 0, 2, 1, 3', () => {
    expect(PLAN_TYPES).toEqual([
      { id: 0, name: 'Weekly' },
      { id: 2, name: 'Monthly' },
      { id: 1, name: 'Biweekly' },
      { id: 3, name: 'Bimonthly' },
    ]);
  });
});

describe('details', () => {
  const full = {
    name: 'Grade 7 weekly',
    product_id: 1,
    academic_session_id: 2,
    plan_type: 0 as const,
    activities_per_assignment: 1,
    cron_day: 1,
    start_date: '2026-01-05',
  };
  it('all given: nothing missing', () => {
    expect(missingPlanDetails(full)).toEqual([]);
  });
  it('names every missing detail', () => {
    expect(missingPlanDetails({})).toEqual([
      'name',
      'product_id',
      'academic_session_id',
      'plan_type',
      'activities_per_assignment',
      'start_date',
      'cron_day',
    ]);
    expect(missingPlanDetails({ ...full, name: '   ' })).toEqual(['name']);
  });
  it('a weekday is 0-6 for weekly plans, a day of the month 1-31 for monthly ones', () => {
    expect(missingPlanDetails({ ...full, cron_day: 7 })).toEqual(['cron_day']);
    expect(missingPlanDetails({ ...full, plan_type: 2, cron_day: 0 })).toEqual(['cron_day']);
    expect(missingPlanDetails({ ...full, plan_type: 2, cron_day: 31 })).toEqual([]);
  });
});

describe('state machine (docs/pas-plans.md)', () => {
  const ready = { is_published: 0 as const, scheduled_assignments: 3, unassigned_activities: 0 };
  const draftEmpty = { ...ready, scheduled_assignments: 0 };
  const draftLeftovers = { ...ready, unassigned_activities: 2 };
  const published = { ...ready, is_published: 1 as const };

  it('an unfinished schedule is a draft; a finished one is ready; then published', () => {
    expect(planState(draftEmpty)).toBe('draft');
    expect(planState(draftLeftovers)).toBe('draft');
    expect(planState(ready)).toBe('ready');
    expect(planState(published)).toBe('published');
  });

  it('a draft cannot be assigned; a ready or published plan can', () => {
    expect(assignRefusal(draftLeftovers)).toBe('draft');
    expect(assignRefusal(ready)).toBeNull();
    expect(assignRefusal(published)).toBeNull();
  });

  it('a draft cannot be published; a plan must be assigned first; a published plan can always be unpublished', () => {
    expect(publishToggleRefusal({ ...draftEmpty, active_classes: 3 })).toBe('draft');
    expect(publishToggleRefusal({ ...ready, active_classes: 0 })).toBe('notAssigned');
    expect(publishToggleRefusal({ ...ready, active_classes: 1 })).toBeNull();
    expect(publishToggleRefusal({ ...published, active_classes: 0 })).toBeNull();
  });

  it('a published plan cannot be deleted or edited', () => {
    expect(deleteRefusal(published)).toBe('published');
    expect(editRefusal(published)).toBe('published');
    expect(deleteRefusal(ready)).toBeNull();
    expect(editRefusal(draftEmpty)).toBeNull();
  });

  it('schedule facts count dated assignments with activities and the unassigned ones', () => {
    expect(
      scheduleFacts([
        { date: '2026-01-05', activities: [1, 2] },
        { date: '2026-01-12', activities: [] },
        { date: null, activities: [3] },
      ]),
    ).toEqual({ scheduled_assignments: 1, unassigned_activities: 1 });
  });
});
