import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateIn,
  compareDates,
  fromDayNumber,
  instantAt,
  toDayNumber,
  weekdayOf,
} from './calendar-dates.ts';
import {
  generatePlan,
  moveOffWeekend,
  recurrenceDates,
  scheduledDates,
  type GeneratePlanInput,
  type RecurrenceCode,
} from './plan-generation.ts';

// 000 section 4 "Plan generation" and section 9's constants, as exact cases and as properties, each run with the
// process in several time zones (Node reads TZ when it changes) and with "today" computed in several plan zones.

// the domain package has no Node types (it does no I/O); the test only needs the process's TZ
declare const process: { env: Record<string, string | undefined> };

const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Pacific/Pago_Pago', 'Europe/Kyiv'];
const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

/** Runs `fn` once with the process in each zone. */
function inEveryZone(fn: (zone: string) => void) {
  for (const zone of ZONES) {
    process.env.TZ = zone;
    fn(zone);
  }
}

const acts = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i }));
const ids = (a: { activities: { id: number }[] }) => a.activities.map((x) => x.id);

describe('calendar dates', () => {
  it('weekdays and day arithmetic do not depend on the process time zone', () => {
    inEveryZone(() => {
      expect(weekdayOf('2026-03-07')).toBe(6); // Saturday
      expect(weekdayOf('2026-03-08')).toBe(0); // Sunday, the day the US changes clocks
      expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
      expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // across the EU change
      expect(fromDayNumber(toDayNumber('2028-02-29'))).toBe('2028-02-29');
    });
  });

  it("the plan's today is the date in the plan's zone, whatever the process zone", () => {
    const instant = new Date('2026-03-07T23:30:00Z');
    inEveryZone(() => {
      expect(calendarDateIn(instant, 'UTC')).toBe('2026-03-07');
      expect(calendarDateIn(instant, 'America/Los_Angeles')).toBe('2026-03-07');
      expect(calendarDateIn(instant, 'Asia/Tokyo')).toBe('2026-03-08');
      expect(calendarDateIn(instant, 'Pacific/Kiritimati')).toBe('2026-03-08');
    });
  });

  it('a wall time in a zone is the right instant, on both sides of a clock change', () => {
    inEveryZone(() => {
      expect(instantAt('2026-03-06', '08:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-06T16:00:00.000Z');
      expect(instantAt('2026-03-09', '08:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T15:00:00.000Z');
      expect(instantAt('2026-01-05', '08:30', 'Asia/Kolkata').toISOString()).toBe('2026-01-05T03:00:00.000Z');
      expect(instantAt('2026-01-05', '08:00', 'UTC').toISOString()).toBe('2026-01-05T08:00:00.000Z');
    });
  });
});

describe('recurrence dates (000 section 9: weekly 7 days, biweekly 14, monthly 1 month, bimonthly 2)', () => {
  it('weekly and biweekly step 7 and 14 days from the first weekday on or after the start', () => {
    inEveryZone(() => {
      expect(recurrenceDates({ planType: 0, startDate: '2026-01-05', endDate: '2026-01-26' })).toEqual([
        '2026-01-05',
        '2026-01-12',
        '2026-01-19',
        '2026-01-26',
      ]);
      // cron day 3 (Wednesday) from a Monday start
      expect(recurrenceDates({ planType: 1, startDate: '2026-01-05', endDate: '2026-02-28', cronDay: 3 })).toEqual([
        '2026-01-07',
        '2026-01-21',
        '2026-02-04',
        '2026-02-18',
      ]);
    });
  });

  it('monthly and bimonthly keep the day of the month, using the last day of a shorter month', () => {
    inEveryZone(() => {
      expect(recurrenceDates({ planType: 2, startDate: '2026-01-31', endDate: '2026-05-31' })).toEqual([
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
      ]);
      expect(recurrenceDates({ planType: 3, startDate: '2026-01-10', endDate: '2026-12-31', cronDay: 5 })).toEqual([
        '2026-02-05',
        '2026-04-05',
        '2026-06-05',
        '2026-08-05',
        '2026-10-05',
        '2026-12-05',
      ]);
      // leap day, then the 29th or the last day
      expect(recurrenceDates({ planType: 2, startDate: '2028-01-15', endDate: '2028-04-30', cronDay: 31 })).toEqual([
        '2028-01-31',
        '2028-02-29',
        '2028-03-31',
        '2028-04-30',
      ]);
    });
  });

  it('without an end the calendar runs 2 years ahead (000 section 9)', () => {
    const dates = recurrenceDates({ planType: 0, startDate: '2026-01-05' });
    expect(dates[0]).toBe('2026-01-05');
    expect(dates.at(-1)).toBe('2028-01-03');
    expect(dates).toHaveLength(105);
    expect(recurrenceDates({ planType: 2, startDate: '2026-08-01' }).at(-1)).toBe('2028-08-01');
  });
});

describe('weekend dates move to Monday, keeping the original labelled Weekend', () => {
  it('Saturday +2 days, Sunday +1 day, weekdays stay', () => {
    inEveryZone(() => {
      expect(moveOffWeekend('2026-03-07')).toEqual({
        date: '2026-03-09',
        original_date: '2026-03-07',
        original_date_name: 'Weekend',
      });
      expect(moveOffWeekend('2026-03-08')).toEqual({
        date: '2026-03-09',
        original_date: '2026-03-08',
        original_date_name: 'Weekend',
      });
      expect(moveOffWeekend('2026-03-06')).toEqual({
        date: '2026-03-06',
        original_date: null,
        original_date_name: null,
      });
    });
  });

  it('a weekly plan on Saturdays gets every date on the Monday after', () => {
    inEveryZone(() => {
      const out = generatePlan({
        planType: 0,
        startDate: '2026-03-02',
        endDate: '2026-03-31',
        cronDay: 6,
        activitiesPerAssignment: 1,
        activities: acts(3),
        today: '2026-03-02',
      });
      expect(out).toEqual([
        {
          date: '2026-03-09',
          original_date: '2026-03-07',
          original_date_name: 'Weekend',
          title: 'Auto-Assignment #1',
          activities: [{ id: 1, is_locked: false }],
        },
        {
          date: '2026-03-16',
          original_date: '2026-03-14',
          original_date_name: 'Weekend',
          title: 'Auto-Assignment #2',
          activities: [{ id: 2, is_locked: false }],
        },
        {
          date: '2026-03-23',
          original_date: '2026-03-21',
          original_date_name: 'Weekend',
          title: 'Auto-Assignment #3',
          activities: [{ id: 3, is_locked: false }],
        },
      ]);
    });
  });

  it('a monthly plan moves the weekend months only', () => {
    const dates = scheduledDates({ planType: 2, startDate: '2026-01-31', endDate: '2026-04-30' });
    expect(dates).toEqual([
      { date: '2026-02-02', original_date: '2026-01-31', original_date_name: 'Weekend' },
      { date: '2026-03-02', original_date: '2026-02-28', original_date_name: 'Weekend' },
      { date: '2026-03-31', original_date: null, original_date_name: null },
      { date: '2026-04-30', original_date: null, original_date_name: null },
    ]);
  });
});

describe('filling assignments', () => {
  it('fills days in order, activities per assignment at a time, with default titles', () => {
    const out = generatePlan({
      planType: 0,
      startDate: '2026-01-05',
      endDate: '2026-02-28',
      activitiesPerAssignment: 2,
      activities: acts(5),
      today: '2026-01-01',
    });
    expect(out.map((a) => [a.date, a.title, ids(a)])).toEqual([
      ['2026-01-05', 'Auto-Assignment #1', [1, 2]],
      ['2026-01-12', 'Auto-Assignment #2', [3, 4]],
      ['2026-01-19', 'Auto-Assignment #3', [5]],
    ]);
  });

  it('locked activities keep their date and count against the day; the others fill around them', () => {
    const out = generatePlan({
      planType: 0,
      startDate: '2026-01-05',
      endDate: '2026-01-26',
      activitiesPerAssignment: 2,
      activities: [{ id: 1 }, { id: 9, is_locked: true, date: '2026-01-12' }, { id: 2 }, { id: 3 }, { id: 4 }],
      today: '2026-01-01',
    });
    expect(out.map((a) => [a.date, a.activities])).toEqual([
      [
        '2026-01-05',
        [
          { id: 1, is_locked: false },
          { id: 2, is_locked: false },
        ],
      ],
      [
        '2026-01-12',
        [
          { id: 9, is_locked: true },
          { id: 3, is_locked: false },
        ],
      ],
      ['2026-01-19', [{ id: 4, is_locked: false }]],
    ]);
  });

  it('past days keep only locked activities; the others start today', () => {
    const out = generatePlan({
      planType: 0,
      startDate: '2026-01-05',
      endDate: '2026-02-02',
      activitiesPerAssignment: 1,
      activities: [{ id: 7, is_locked: true, date: '2026-01-05' }, { id: 1 }, { id: 2 }],
      today: '2026-01-19',
    });
    expect(out.map((a) => [a.date, a.title, ids(a)])).toEqual([
      ['2026-01-05', 'Auto-Assignment #1', [7]],
      ['2026-01-19', 'Auto-Assignment #2', [1]],
      ['2026-01-26', 'Auto-Assignment #3', [2]],
    ]);
  });

  it('a locked date off the recurrence stays as its own day and is not filled', () => {
    const out = generatePlan({
      planType: 0,
      startDate: '2026-01-05',
      endDate: '2026-01-12',
      activitiesPerAssignment: 2,
      activities: [{ id: 1 }, { id: 5, is_locked: true, date: '2026-01-08' }, { id: 2 }, { id: 3 }],
      today: '2026-01-01',
    });
    expect(out.map((a) => [a.date, ids(a)])).toEqual([
      ['2026-01-05', [1, 2]],
      ['2026-01-08', [5]],
      ['2026-01-12', [3]],
    ]);
  });

  it('activities left over go into one extra assignment without a date, titled last', () => {
    const out = generatePlan({
      planType: 2,
      startDate: '2026-01-05',
      endDate: '2026-03-31',
      activitiesPerAssignment: 1,
      activities: acts(5),
      today: '2026-01-01',
    });
    expect(out.map((a) => [a.date, a.title, ids(a)])).toEqual([
      ['2026-01-05', 'Auto-Assignment #1', [1]],
      ['2026-02-05', 'Auto-Assignment #2', [2]],
      ['2026-03-05', 'Auto-Assignment #3', [3]],
      [null, 'Auto-Assignment #4', [4, 5]],
    ]);
  });

  it('a plan entirely in the past leaves every unlocked activity unassigned', () => {
    const out = generatePlan({
      planType: 0,
      startDate: '2025-01-06',
      endDate: '2025-02-03',
      activitiesPerAssignment: 1,
      activities: acts(2),
      today: '2026-01-01',
    });
    expect(out).toEqual([
      {
        date: null,
        original_date: null,
        original_date_name: null,
        title: 'Auto-Assignment #1',
        activities: [
          { id: 1, is_locked: false },
          { id: 2, is_locked: false },
        ],
      },
    ]);
  });

  it("today decides, so the plan zone's date matters: a date that is today in Tokyo is past in neither", () => {
    const instant = new Date('2026-01-11T20:00:00Z'); // Sunday evening in Los Angeles, Monday morning in Tokyo
    const input = (zone: string): GeneratePlanInput => ({
      planType: 0,
      startDate: '2026-01-05',
      endDate: '2026-01-19',
      activitiesPerAssignment: 1,
      activities: acts(2),
      today: calendarDateIn(instant, zone),
    });
    inEveryZone(() => {
      // in Tokyo it is already Monday the 12th: the 5th is past, the 12th is today and gets the first activity
      expect(generatePlan(input('Asia/Tokyo')).map((a) => [a.date, ids(a)])).toEqual([
        ['2026-01-12', [1]],
        ['2026-01-19', [2]],
      ]);
      // in Los Angeles it is still Sunday the 11th: the same
      expect(generatePlan(input('America/Los_Angeles')).map((a) => [a.date, ids(a)])).toEqual([
        ['2026-01-12', [1]],
        ['2026-01-19', [2]],
      ]);
      // on Monday the 5th in Kiritimati (UTC+14) while it is still the 4th in Pago Pago (UTC-11)
      const early = new Date('2026-01-04T12:00:00Z');
      expect(calendarDateIn(early, 'Pacific/Kiritimati')).toBe('2026-01-05');
      expect(calendarDateIn(early, 'Pacific/Pago_Pago')).toBe('2026-01-04');
      expect(generatePlan({ ...input('UTC'), today: calendarDateIn(early, 'Pacific/Kiritimati') })[0]!.date).toBe(
        '2026-01-05',
      );
    });
  });
});

// ---- properties ----

const dateArb = fc
  .integer({ min: toDayNumber('2024-01-01'), max: toDayNumber('2030-12-31') })
  .map((n) => fromDayNumber(n));

const inputArb: fc.Arbitrary<GeneratePlanInput> = fc
  .record({
    planType: fc.constantFrom<RecurrenceCode>(0, 1, 2, 3),
    startDate: dateArb,
    spanDays: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
    cronDay: fc.option(fc.integer({ min: 0, max: 31 }), { nil: undefined }),
    per: fc.integer({ min: 1, max: 5 }),
    todayOffset: fc.integer({ min: -60, max: 400 }),
    count: fc.integer({ min: 0, max: 120 }),
    lockedPicks: fc.array(fc.record({ index: fc.nat(), dayOffset: fc.integer({ min: -30, max: 700 }) }), {
      maxLength: 10,
    }),
  })
  .map((r) => {
    const weekday = r.planType === 0 || r.planType === 1;
    const cronDay = r.cronDay === undefined ? null : weekday ? r.cronDay % 7 : Math.max(1, r.cronDay);
    const activities: GeneratePlanInput['activities'][number][] = acts(r.count);
    for (const p of r.lockedPicks) {
      if (activities.length === 0) break;
      const i = p.index % activities.length;
      activities[i] = { id: activities[i]!.id, is_locked: true, date: addDays(r.startDate, p.dayOffset) };
    }
    return {
      planType: r.planType,
      startDate: r.startDate,
      endDate: r.spanDays === undefined ? null : addDays(r.startDate, r.spanDays),
      cronDay,
      activitiesPerAssignment: r.per,
      activities,
      today: addDays(r.startDate, r.todayOffset),
    };
  });

describe('properties (fast-check)', () => {
  const check = (name: string, prop: (input: GeneratePlanInput, out: ReturnType<typeof generatePlan>) => void) =>
    it(name, () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          prop(input, generatePlan(input));
        }),
        { numRuns: 300 },
      );
    });

  check('every activity is given exactly once', (input, out) => {
    const given = out.flatMap(ids).sort((a, b) => a - b);
    expect(given).toEqual(input.activities.map((a) => a.id).sort((a, b) => a - b));
  });

  check('locked activities keep their date', (input, out) => {
    for (const a of input.activities.filter((x) => x.is_locked)) {
      const where = out.find((x) => ids(x).includes(a.id))!;
      expect(where.date).toBe(a.date);
      expect(where.activities.find((x) => x.id === a.id)!.is_locked).toBe(true);
    }
  });

  check('unlocked activities keep their order through the dated days and the extra assignment', (input, out) => {
    const unlocked = out.flatMap((a) => a.activities.filter((x) => !x.is_locked).map((x) => x.id));
    expect(unlocked).toEqual(input.activities.filter((a) => !a.is_locked).map((a) => a.id));
  });

  check('dates are unique and in order; at most one assignment has no date and it comes last', (input, out) => {
    const dated = out.filter((a) => a.date !== null).map((a) => a.date!);
    for (let i = 1; i < dated.length; i++) expect(compareDates(dated[i - 1]!, dated[i]!)).toBe(-1);
    const undated = out.filter((a) => a.date === null);
    expect(undated.length).toBeLessThanOrEqual(1);
    if (undated.length) expect(out.at(-1)!.date).toBeNull();
  });

  check('no recurrence day falls on a weekend; a moved day keeps its weekend date labelled Weekend', (input, out) => {
    const lockedDates = new Set(input.activities.filter((a) => a.is_locked).map((a) => a.date));
    for (const a of out) {
      if (a.date === null || (lockedDates.has(a.date) && a.original_date === null)) continue;
      expect([0, 6]).not.toContain(weekdayOf(a.date));
      if (a.original_date !== null) {
        expect(a.original_date_name).toBe('Weekend');
        const wd = weekdayOf(a.original_date);
        expect(wd === 6 ? 2 : wd === 0 ? 1 : -1).toBe(toDayNumber(a.date) - toDayNumber(a.original_date));
      } else {
        expect(a.original_date_name).toBeNull();
      }
    }
  });

  check('unlocked activities are given only on recurrence days', (input, out) => {
    const days = new Set(scheduledDates(input).map((d) => d.date));
    for (const a of out)
      if (a.date !== null && a.activities.some((x) => !x.is_locked)) expect(days.has(a.date)).toBe(true);
  });

  check('past days hold only locked activities', (input, out) => {
    for (const a of out)
      if (a.date !== null && compareDates(a.date, input.today) < 0)
        expect(a.activities.every((x) => x.is_locked)).toBe(true);
  });

  check('no day holds more unlocked activities than room is left beside its locked ones', (input, out) => {
    for (const a of out) {
      if (a.date === null) continue;
      const locked = a.activities.filter((x) => x.is_locked).length;
      const free = a.activities.length - locked;
      expect(free).toBeLessThanOrEqual(Math.max(0, input.activitiesPerAssignment - locked));
    }
  });

  check('leftovers only when every day from today on is full', (input, out) => {
    if (out.at(-1)?.date !== null || out.length === 0) return;
    const byDate = new Map(out.filter((a) => a.date).map((a) => [a.date!, a]));
    for (const slot of scheduledDates(input)) {
      if (compareDates(slot.date, input.today) < 0) continue;
      const day = byDate.get(slot.date);
      expect(day).toBeDefined();
      expect(day!.activities.length).toBeGreaterThanOrEqual(input.activitiesPerAssignment);
    }
  });

  check("titles are 'Auto-Assignment #n' in order", (_input, out) => {
    expect(out.map((a) => a.title)).toEqual(out.map((_, i) => `Auto-Assignment #${i + 1}`));
  });

  it('gives the same plan whatever the process time zone', () => {
    const samples = fc.sample(inputArb, { numRuns: 60, seed: 42 });
    process.env.TZ = 'UTC';
    const expected = samples.map(generatePlan);
    inEveryZone(() => {
      expect(samples.map(generatePlan)).toEqual(expected);
    });
  });
});
