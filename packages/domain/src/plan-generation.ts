import {
  addDays,
  addMonths,
  addYears,
  compareDates,
  daysInMonth,
  weekdayOf,
  type CalendarDate,
} from './calendar-dates.ts';

// Plan generation (000 section 4, "automatic scheduling"): a pure function from a plan's schedule and its ordered
// activities to dated assignments. Dates are calendar dates (YYYY-MM-DD) with day arithmetic only, so the caller's
// time zone never shifts a day; "today" is given by the caller, computed in the plan's own zone.

// Recurrence base codes (000 section 3): 0 weekly, 1 biweekly, 2 monthly, 3 bimonthly.
export const RECURRENCE = { weekly: 0, biweekly: 1, monthly: 2, bimonthly: 3 } as const;
export type RecurrenceCode = (typeof RECURRENCE)[keyof typeof RECURRENCE];

// 000 section 9: weekly 7 days, biweekly 14 days, monthly 1 month, bimonthly 2 months.
const STEP: Record<RecurrenceCode, { days: number } | { months: number }> = {
  0: { days: 7 },
  1: { days: 14 },
  2: { months: 1 },
  3: { months: 2 },
};

/** 000 section 9: the plan calendar ends 2 years ahead unless the plan says otherwise. */
export const DEFAULT_CALENDAR_YEARS = 2;
export const WEEKEND_LABEL = 'Weekend';
export const AUTO_TITLE_PREFIX = 'Auto-Assignment #';

export function autoAssignmentTitle(n: number): string {
  return `${AUTO_TITLE_PREFIX}${n}`;
}

export interface PlanSchedule {
  planType: RecurrenceCode;
  startDate: CalendarDate;
  /** last day a date may fall on (before the weekend move); default: 2 years after the start */
  endDate?: CalendarDate | null;
  /**
   * The day of the cron base: a weekday 0 (Sunday) to 6 for weekly and biweekly plans, a day of the month 1 to 31
   * for monthly and bimonthly ones (a shorter month uses its last day). The first date is the first such day on or
   * after the start. Without it the start date itself is the first date.
   */
  cronDay?: number | null;
}

export interface ScheduledDate {
  date: CalendarDate;
  /** the recurrence date before a weekend move, else null */
  original_date: CalendarDate | null;
  original_date_name: typeof WEEKEND_LABEL | null;
}

/** Saturday moves +2 days and Sunday +1 to Monday; the original date is kept and labelled 'Weekend'. */
export function moveOffWeekend(date: CalendarDate): ScheduledDate {
  const wd = weekdayOf(date);
  if (wd === 6) return { date: addDays(date, 2), original_date: date, original_date_name: WEEKEND_LABEL };
  if (wd === 0) return { date: addDays(date, 1), original_date: date, original_date_name: WEEKEND_LABEL };
  return { date, original_date: null, original_date_name: null };
}

function firstDate(s: PlanSchedule): CalendarDate {
  const cron = s.cronDay;
  if (cron === null || cron === undefined) return s.startDate;
  if (s.planType === RECURRENCE.weekly || s.planType === RECURRENCE.biweekly) {
    const delta = (((cron - weekdayOf(s.startDate)) % 7) + 7) % 7;
    return addDays(s.startDate, delta);
  }
  const [y, m, d] = s.startDate.split('-').map(Number) as [number, number, number];
  const thisMonth = Math.min(cron, daysInMonth(y, m));
  return thisMonth >= d ? addMonths(s.startDate, 0, cron) : addMonths(s.startDate, 1, cron);
}

/** The recurrence dates from the start to the end (inclusive), before weekend moves. */
export function recurrenceDates(s: PlanSchedule): CalendarDate[] {
  const end = s.endDate ?? addYears(s.startDate, DEFAULT_CALENDAR_YEARS);
  const first = firstDate(s);
  const step = STEP[s.planType];
  const monthly = 'months' in step;
  const day = monthly && s.cronDay ? s.cronDay : Number(first.slice(8, 10));
  const out: CalendarDate[] = [];
  // months are added to the first date each time (not to the previous one), so Jan 31 gives Feb 28 then Mar 31
  for (let i = 0; ; i++) {
    const date = monthly ? addMonths(first, step.months * i, day) : addDays(first, step.days * i);
    if (compareDates(date, end) > 0) break;
    out.push(date);
  }
  return out;
}

/** The plan's dates as assignments get them: recurrence dates moved off weekends (two can never meet). */
export function scheduledDates(s: PlanSchedule): ScheduledDate[] {
  return recurrenceDates(s).map(moveOffWeekend);
}

export interface PlanActivity {
  id: number;
  /** a locked activity stays on `date` */
  is_locked?: boolean;
  /** the date a locked activity keeps; ignored for unlocked ones */
  date?: CalendarDate | null;
}

export interface GeneratePlanInput extends PlanSchedule {
  activitiesPerAssignment: number;
  /** in the order they should be given */
  activities: readonly PlanActivity[];
  /** the plan's today (calendar date in the plan's time zone) */
  today: CalendarDate;
}

export interface GeneratedActivity {
  id: number;
  is_locked: boolean;
}

export interface GeneratedAssignment extends Omit<ScheduledDate, 'date'> {
  /** null: the one extra assignment of activities left over */
  date: CalendarDate | null;
  title: string;
  activities: GeneratedActivity[];
}

/**
 * 000 section 4: dates from the recurrence base, weekend dates moved to Monday (labelled 'Weekend'); locked
 * activities keep their date; the other activities fill the days in order, up to activitiesPerAssignment per day
 * (locked ones count against it); past days keep only locked activities; activities left over go into one extra
 * assignment without a date. Days left empty are not assignments. Titles are 'Auto-Assignment #n' in date order,
 * the extra assignment last. An activity listed twice is given once (its first listing).
 */
export function generatePlan(input: GeneratePlanInput): GeneratedAssignment[] {
  const per = Math.max(1, Math.floor(input.activitiesPerAssignment));
  const seen = new Set<number>();
  const activities = input.activities.filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));

  const byDate = new Map<
    CalendarDate,
    { slot: ScheduledDate; recurring: boolean; locked: number[]; filled: number[] }
  >();
  for (const slot of scheduledDates(input)) byDate.set(slot.date, { slot, recurring: true, locked: [], filled: [] });
  const unlocked: number[] = [];
  for (const a of activities) {
    if (a.is_locked && a.date) {
      let day = byDate.get(a.date);
      if (!day) {
        // a locked date off the recurrence (a plan type changed, a date set by hand) stays as its own day
        const slot = { date: a.date, original_date: null, original_date_name: null };
        day = { slot, recurring: false, locked: [], filled: [] };
        byDate.set(a.date, day);
      }
      day.locked.push(a.id);
    } else {
      unlocked.push(a.id);
    }
  }

  const days = [...byDate.values()].sort((x, y) => compareDates(x.slot.date, y.slot.date));
  let next = 0;
  for (const day of days) {
    if (next >= unlocked.length) break;
    if (!day.recurring || compareDates(day.slot.date, input.today) < 0) continue;
    const room = Math.max(0, per - day.locked.length);
    day.filled = unlocked.slice(next, next + room);
    next += day.filled.length;
  }

  const out: GeneratedAssignment[] = [];
  for (const day of days) {
    if (day.locked.length === 0 && day.filled.length === 0) continue;
    out.push({
      ...day.slot,
      title: autoAssignmentTitle(out.length + 1),
      activities: [
        ...day.locked.map((id) => ({ id, is_locked: true })),
        ...day.filled.map((id) => ({ id, is_locked: false })),
      ],
    });
  }
  const leftover = unlocked.slice(next);
  if (leftover.length > 0)
    out.push({
      date: null,
      original_date: null,
      original_date_name: null,
      title: autoAssignmentTitle(out.length + 1),
      activities: leftover.map((id) => ({ id, is_locked: false })),
    });
  return out;
}
