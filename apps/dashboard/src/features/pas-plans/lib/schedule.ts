import type { PlanAssignmentDto, PlanAssignmentInput } from '@aula/domain/pas-plans';
import { AUTO_TITLE_PREFIX, generatePlan, type RecurrenceCode } from '@aula/domain/plan-generation';

// The wizard's schedule step as pure functions: the generated assignments, and the teacher's edits to them (move an
// activity to another day, lock it to its day, delete it from the plan, rename a day). Generation itself is
// @aula/domain's generatePlan, the same function the API's rules describe.

export interface ScheduleActivity {
  id: number;
  title: string;
  is_locked: boolean;
}

export interface ScheduleAssignment {
  /** stable key for the list (the plan assignment id once saved) */
  key: string;
  id?: number;
  date: string | null;
  original_date: string | null;
  original_date_name: string | null;
  title: string;
  /** already given to classes: its date and place are fixed */
  given: boolean;
  activities: ScheduleActivity[];
}

export interface ScheduleDetails {
  plan_type: RecurrenceCode;
  start_date: string;
  end_date: string | null;
  cron_day: number;
  activities_per_assignment: number;
}

const byDay = (x: ScheduleAssignment, y: ScheduleAssignment) =>
  x.date === null ? 1 : y.date === null ? -1 : x.date.localeCompare(y.date);

let seq = 0;
const newKey = () => `new-${++seq}`;

/** The saved plan's assignments as the wizard edits them. */
export function fromSaved(list: readonly PlanAssignmentDto[]): ScheduleAssignment[] {
  return list.map((a) => ({
    key: `pa-${a.id}`,
    id: a.id,
    date: a.date,
    original_date: a.original_date,
    original_date_name: a.original_date_name,
    title: a.title,
    given: a.given_classes > 0,
    activities: a.activities.map((x) => ({ id: x.id, title: x.title, is_locked: x.is_locked })),
  }));
}

/**
 * Distributes the chosen activities (in their order) over the plan's dates from today. Activities locked in the
 * current schedule keep their date, and so do those of assignments already given to classes; the saved ids of
 * assignments whose date stays are kept.
 */
export function distribute(
  details: ScheduleDetails,
  chosen: readonly { id: number; title: string }[],
  current: readonly ScheduleAssignment[],
  today: string,
): ScheduleAssignment[] {
  const lockedDate = new Map<number, string>();
  for (const a of current)
    if (a.date !== null) for (const x of a.activities) if (x.is_locked || a.given) lockedDate.set(x.id, a.date);
  const titles = new Map(chosen.map((c) => [c.id, c.title]));
  const generated = generatePlan({
    planType: details.plan_type,
    startDate: details.start_date,
    endDate: details.end_date,
    cronDay: details.cron_day,
    activitiesPerAssignment: details.activities_per_assignment,
    activities: chosen.map((c) =>
      lockedDate.has(c.id) ? { id: c.id, is_locked: true, date: lockedDate.get(c.id) } : { id: c.id },
    ),
    today,
  });
  const byDate = new Map(current.filter((a) => a.date !== null).map((a) => [a.date, a]));
  const out: ScheduleAssignment[] = generated.map((g) => {
    const before = g.date === null ? undefined : byDate.get(g.date);
    return {
      key: before?.key ?? newKey(),
      ...(before?.id !== undefined ? { id: before.id } : {}),
      date: g.date,
      original_date: g.original_date,
      original_date_name: g.original_date_name,
      // a title the teacher chose stays with its date; default ones are numbered again
      title: before && !before.title.startsWith(AUTO_TITLE_PREFIX) ? before.title : g.title,
      given: before?.given ?? false,
      activities: g.activities.map((x) => ({
        id: x.id,
        title: titles.get(x.id) ?? `#${x.id}`,
        is_locked: x.is_locked,
      })),
    };
  });
  // a given assignment stays even when none of its activities is chosen any more
  for (const a of current) if (a.given && !out.some((o) => o.id === a.id)) out.push({ ...a, activities: [] });
  return out.sort(byDay);
}

function mapActivities(
  list: readonly ScheduleAssignment[],
  fn: (a: ScheduleAssignment) => ScheduleActivity[],
): ScheduleAssignment[] {
  return list.map((a) => ({ ...a, activities: fn(a) }));
}

/** Moves an activity to the end of another assignment (locked there when it was locked). */
export function moveActivity(list: readonly ScheduleAssignment[], activityId: number, toKey: string) {
  const moving = list.flatMap((a) => a.activities).find((x) => x.id === activityId);
  if (!moving) return [...list];
  const target = list.find((a) => a.key === toKey);
  const keepLock = target?.date !== null && moving.is_locked;
  return mapActivities(list, (a) => {
    const rest = a.activities.filter((x) => x.id !== activityId);
    return a.key === toKey ? [...rest, { ...moving, is_locked: keepLock }] : rest;
  });
}

export function deleteActivity(list: readonly ScheduleAssignment[], activityId: number) {
  return mapActivities(list, (a) => a.activities.filter((x) => x.id !== activityId));
}

/** Locks an activity to its date, or unlocks it; activities without a date cannot be locked. */
export function toggleLock(list: readonly ScheduleAssignment[], activityId: number) {
  return mapActivities(list, (a) =>
    a.activities.map((x) => (x.id === activityId && a.date !== null ? { ...x, is_locked: !x.is_locked } : x)),
  );
}

export function renameAssignment(list: readonly ScheduleAssignment[], key: string, title: string) {
  return list.map((a) => (a.key === key ? { ...a, title } : a));
}

/**
 * Moves a day to another date (a date the teacher picks is no weekend move). Onto a day that already has an
 * assignment, the two merge.
 */
export function redateAssignment(list: readonly ScheduleAssignment[], key: string, date: string) {
  const moving = list.find((a) => a.key === key);
  if (!moving || moving.date === null || moving.given || moving.date === date) return [...list];
  const onto = list.find((a) => a.date === date && a.key !== key);
  if (onto)
    return list
      .filter((a) => a.key !== key)
      .map((a) => (a.key === onto.key ? { ...a, activities: [...a.activities, ...moving.activities] } : a));
  return list
    .map((a) => (a.key === key ? { ...a, date, original_date: null, original_date_name: null } : a))
    .sort(byDay);
}

/** Activities still without a date: they must be moved or deleted before the next step. */
export function unassignedCount(list: readonly ScheduleAssignment[]): number {
  return list.filter((a) => a.date === null).reduce((n, a) => n + a.activities.length, 0);
}

/** What the API stores: days left empty are dropped, unless classes already got them. */
export function toAssignmentsInput(list: readonly ScheduleAssignment[]): PlanAssignmentInput[] {
  return list
    .filter((a) => a.activities.length > 0 || a.given)
    .map((a) => ({
      ...(a.id !== undefined ? { id: a.id } : {}),
      date: a.date,
      title: a.title,
      original_date: a.original_date,
      original_date_name: a.original_date_name === 'Weekend' ? 'Weekend' : null,
      activities: a.activities.map((x) => ({ id: x.id, is_locked: x.is_locked })),
    }));
}
