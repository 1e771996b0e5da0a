import { describe, expect, it } from 'vitest';
import {
  alreadyInClass,
  assignmentCreateSchema,
  assignmentPhase,
  assignmentUpdateSchema,
  classroomName,
  dueNotBeforeStart,
  groupByStatus,
  isEmptyGroup,
  labGroupCreateSchema,
  studentAssignmentStatus,
} from './assignments.ts';

const valid = {
  name: 'Atoms',
  activity_ids: [1],
  members: [{ member_type: 'class', member_id: 3 }],
  start_at: '2026-03-02T08:00:00-05:00',
  due_at: '2026-03-09T23:59:00-05:00',
};

/** The first message of each failing field. */
function messagesOf(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('assignmentCreateSchema', () => {
  it('accepts a named assignment of activities to members with start and due dates', () => {
    expect(assignmentCreateSchema.safeParse(valid).success).toBe(true);
  });

  it('needs a name of at least 2 characters (spaces do not count)', () => {
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, name: ' A ' }))).toEqual({
      name: 'validation.minLength',
    });
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, name: '   ' }))).toEqual({
      name: 'validation.enter',
    });
    expect(assignmentCreateSchema.safeParse({ ...valid, name: 'Ab' }).success).toBe(true);
  });

  it('needs at least one activity and one member, of a known member type', () => {
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, activity_ids: [] }))).toEqual({
      activity_ids: 'validation.select',
    });
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, members: [] }))).toEqual({
      members: 'validation.select',
    });
    expect(
      assignmentCreateSchema.safeParse({ ...valid, members: [{ member_type: 'school', member_id: 1 }] }).success,
    ).toBe(false);
  });

  it('refuses a due date before the start, and accepts one equal to it', () => {
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, due_at: '2026-03-02T07:59:00-05:00' }))).toEqual({
      due_at: 'assignments.dueBeforeStart',
    });
    expect(assignmentCreateSchema.safeParse({ ...valid, due_at: valid.start_at }).success).toBe(true);
  });

  it('compares instants, not wall-clock text across offsets', () => {
    // 02:00 in New York (-05:00) and 09:00 in Kyiv (+02:00) are both 07:00Z: equal, so allowed
    expect(dueNotBeforeStart('2026-03-02T02:00:00-05:00', '2026-03-02T09:00:00+02:00')).toBe(true);
    expect(dueNotBeforeStart('2026-03-02T02:00:00-05:00', '2026-03-02T08:59:00+02:00')).toBe(false);
    expect(dueNotBeforeStart('2026-03-02T02:00:00Z', null)).toBe(true);
  });

  it('needs dates with an offset', () => {
    expect(messagesOf(assignmentCreateSchema.safeParse({ ...valid, start_at: '03/02/2026' }))).toEqual({
      start_at: 'validation.valid',
    });
  });
});

describe('assignmentUpdateSchema', () => {
  it('takes any subset; both dates together are checked here', () => {
    expect(assignmentUpdateSchema.safeParse({ name: 'Renamed' }).success).toBe(true);
    expect(assignmentUpdateSchema.safeParse({ due_at: '2020-01-01T00:00:00Z' }).success).toBe(true);
    expect(
      messagesOf(
        assignmentUpdateSchema.safeParse({ start_at: '2026-01-02T00:00:00Z', due_at: '2026-01-01T00:00:00Z' }),
      ),
    ).toEqual({ due_at: 'assignments.dueBeforeStart' });
  });
});

describe('labGroupCreateSchema', () => {
  it('needs the owner among the members', () => {
    const base = { class_id: 1, name: 'Team 1', student_ids: [4, 5] };
    expect(labGroupCreateSchema.safeParse({ ...base, owner_id: 5 }).success).toBe(true);
    expect(messagesOf(labGroupCreateSchema.safeParse({ ...base, owner_id: 6 }))).toEqual({
      owner_id: 'assignments.ownerNotMember',
    });
  });
});

describe('alreadyInClass', () => {
  const classes = [
    { id: 1, student_ids: [10, 11], assigned_activity_ids: [100] },
    { id: 2, student_ids: [12], assigned_activity_ids: [101] },
  ];

  it('flags activities already assigned to a chosen class and students already in one', () => {
    expect(alreadyInClass(classes, [1], { activity_ids: [100, 101], student_ids: [10, 12] })).toEqual([
      { member_type: 'activity', id: 100, class_id: 1 },
      { member_type: 'student', id: 10, class_id: 1 },
    ]);
    expect(alreadyInClass(classes, [1, 2], { activity_ids: [101] })).toEqual([
      { member_type: 'activity', id: 101, class_id: 2 },
    ]);
  });

  it('flags nothing when no class is chosen', () => {
    expect(alreadyInClass(classes, [], { activity_ids: [100], student_ids: [10] })).toEqual([]);
  });
});

describe('status rules', () => {
  const now = new Date('2026-03-05T12:00:00Z');
  const a = { start_at: '2026-03-02T00:00:00Z', due_at: '2026-03-09T00:00:00Z' };

  it('phases by dates: upcoming before the start, past due after the due date, current between', () => {
    expect(assignmentPhase(a, now)).toBe('current');
    expect(assignmentPhase(a, new Date('2026-03-01T23:59:59Z'))).toBe('upcoming');
    expect(assignmentPhase(a, new Date('2026-03-09T00:00:01Z'))).toBe('past_due');
    expect(assignmentPhase({ ...a, due_at: null }, new Date('2030-01-01T00:00:00Z'))).toBe('current');
  });

  it('a student who submitted every activity has completed it, whatever the date', () => {
    const base = { ...a, activities_count: 2 };
    expect(studentAssignmentStatus({ ...base, submitted_count: 2 }, new Date('2027-01-01T00:00:00Z'))).toBe(
      'completed',
    );
    expect(studentAssignmentStatus({ ...base, submitted_count: 1 }, new Date('2027-01-01T00:00:00Z'))).toBe('past_due');
    expect(studentAssignmentStatus({ ...base, submitted_count: 0 }, now)).toBe('current');
    expect(studentAssignmentStatus({ ...base, submitted_count: 0 }, new Date('2026-01-01T00:00:00Z'))).toBe('upcoming');
  });

  it('groups a list by status in the home order, keeping each group in list order', () => {
    const grouped = groupByStatus([
      { id: 1, status: 'past_due' as const },
      { id: 2, status: 'current' as const },
      { id: 3, status: 'current' as const },
    ]);
    expect(grouped.map((g) => [g.status, g.items.map((i) => i.id)])).toEqual([
      ['current', [2, 3]],
      ['upcoming', []],
      ['past_due', [1]],
      ['completed', []],
    ]);
  });
});

describe('names and flags', () => {
  it('names a classroom by its custom title, else title - periods', () => {
    expect(classroomName({ title: 'Grade 8 Science', custom_title: 'Earth & Space', periods: '4' })).toBe(
      'Earth & Space',
    );
    expect(classroomName({ title: 'Grade 7 Science', custom_title: null, periods: '2' })).toBe('Grade 7 Science - 2');
    expect(classroomName({ title: 'Biology', periods: null })).toBe('Biology');
  });

  it('flags groups without students as empty', () => {
    expect(isEmptyGroup({ student_ids: [] })).toBe(true);
    expect(isEmptyGroup({ student_ids: [1] })).toBe(false);
  });
});
