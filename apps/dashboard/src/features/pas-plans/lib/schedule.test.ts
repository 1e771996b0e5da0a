import { describe, expect, it } from 'vitest';
import {
  deleteActivity,
  distribute,
  moveActivity,
  redateAssignment,
  renameAssignment,
  toAssignmentsInput,
  toggleLock,
  unassignedCount,
  type ScheduleDetails,
} from './schedule';

const details: ScheduleDetails = {
  plan_type: 0,
  start_date: '2026-03-02',
  end_date: '2026-03-20',
  cron_day: 1,
  activities_per_assignment: 1,
};
const chosen = [1, 2, 3, 4].map((id) => ({ id, title: `A${id}` }));

describe('the wizard schedule', () => {
  it('distributes in order and leaves the rest unassigned', () => {
    const list = distribute(details, chosen, [], '2026-03-01');
    expect(list.map((a) => [a.date, a.title, a.activities.map((x) => x.title)])).toEqual([
      ['2026-03-02', 'Auto-Assignment #1', ['A1']],
      ['2026-03-09', 'Auto-Assignment #2', ['A2']],
      ['2026-03-16', 'Auto-Assignment #3', ['A3']],
      [null, 'Auto-Assignment #4', ['A4']],
    ]);
    expect(unassignedCount(list)).toBe(1);
  });

  it('moving the unassigned activity to a day (or deleting it) clears the way to the next step', () => {
    const list = distribute(details, chosen, [], '2026-03-01');
    const moved = moveActivity(list, 4, list[0]!.key);
    expect(unassignedCount(moved)).toBe(0);
    expect(moved[0]!.activities.map((x) => x.id)).toEqual([1, 4]);
    expect(unassignedCount(deleteActivity(list, 4))).toBe(0);
    // the empty extra assignment is not saved
    expect(toAssignmentsInput(moved).map((a) => a.date)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });

  it('a locked activity keeps its date when the plan is distributed again; renamed days keep their title', () => {
    let list = distribute(details, chosen, [], '2026-03-01');
    list = moveActivity(list, 3, list[0]!.key);
    list = toggleLock(list, 3);
    list = renameAssignment(list, list[0]!.key, 'Kick-off');
    const again = distribute(details, chosen, list, '2026-03-01');
    expect(again.map((a) => [a.date, a.title, a.activities.map((x) => [x.id, x.is_locked])])).toEqual([
      ['2026-03-02', 'Kick-off', [[3, true]]],
      ['2026-03-09', 'Auto-Assignment #2', [[1, false]]],
      ['2026-03-16', 'Auto-Assignment #3', [[2, false]]],
      [null, 'Auto-Assignment #4', [[4, false]]],
    ]);
  });

  it('a Saturday plan shows the Monday with the weekend date kept', () => {
    const list = distribute({ ...details, cron_day: 6 }, chosen.slice(0, 1), [], '2026-03-01');
    expect(list[0]).toMatchObject({ date: '2026-03-09', original_date: '2026-03-07', original_date_name: 'Weekend' });
    expect(toAssignmentsInput(list)[0]).toMatchObject({ original_date: '2026-03-07', original_date_name: 'Weekend' });
  });

  it('a day moved to another date loses its weekend label; onto an existing day the two merge', () => {
    const list = distribute({ ...details, cron_day: 6 }, chosen.slice(0, 2), [], '2026-03-01');
    const moved = redateAssignment(list, list[1]!.key, '2026-03-04');
    expect(moved.map((a) => [a.date, a.original_date])).toEqual([
      ['2026-03-04', null],
      ['2026-03-09', '2026-03-07'],
    ]);
    const merged = redateAssignment(moved, moved[0]!.key, '2026-03-09');
    expect(merged.map((a) => [a.date, a.activities.map((x) => x.id)])).toEqual([['2026-03-09', [1, 2]]]);
  });
});
