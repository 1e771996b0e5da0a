import { sql } from 'drizzle-orm';
import { answerToWire, scoreAnswer, type AnswerValue } from '@aula/domain/answers';
import type { Tx } from '../client';
import { DEMO_USERS } from './demo-credentials';
import { createAnswer, createAssignment, createAttempt, createEveryKindActivity } from './work-factories';

const DAY = 86_400_000;

/** The demo activity with one question of every kind (issue 6), assigned to Grade 7 Science and open now. */
export const DEMO_EVERY_KIND = { title: 'Water and Matter Check-in', classmate: 'ava.nguyen' } as const;

/**
 * Assignments of published demo activities to the demo teacher's Grade 7 Science, so the demo student's home has
 * something to show: one open now (due in five days), one that opens in three days, and the every-kind check-in (open
 * now, due in four days) that a classmate has already submitted with an essay for the teacher to score. Dates are
 * relative to the first start.
 */
export async function seedDemoAssignments(tx: Tx, accountId: number): Promise<void> {
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await tx.execute<T>(q)).rows[0]!;
  const cls = await one<{ id: number; organization_id: number }>(
    sql`select id, organization_id from classes where account_id = ${accountId} and title = 'Grade 7 Science'`,
  );
  const teacher = await one<{ id: number }>(sql`select id from users where lower(email) = ${DEMO_USERS.teacher.email}`);
  const activity = (title: string) =>
    one<{ id: number }>(sql`select id from activities where title = ${title} and status = 'published'`);
  const now = Date.now();
  for (const [title, start, due] of [
    ['Atoms and Molecules', -2, 5],
    ['Heat Transfer Review', 3, 10],
  ] as const) {
    await createAssignment(tx, {
      accountId,
      organizationId: cls.organization_id,
      name: title,
      activityIds: [(await activity(title)).id],
      members: [{ memberType: 'class', memberId: cls.id }],
      startAt: new Date(now + start * DAY),
      dueAt: new Date(now + due * DAY),
      createdBy: teacher.id,
    });
  }
  await seedEveryKindCheckIn(tx, {
    accountId,
    classId: cls.id,
    organizationId: cls.organization_id,
    teacherId: teacher.id,
  });
}

async function seedEveryKindCheckIn(
  tx: Tx,
  v: { accountId: number; classId: number; organizationId: number; teacherId: number },
): Promise<void> {
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await tx.execute<T>(q)).rows[0]!;
  const { domain_id: domainId } = await one<{ domain_id: number }>(
    sql`select domain_id from accounts where id = ${v.accountId}`,
  );
  const folder = await one<{ id: number }>(
    sql`select id from folders where domain_id = ${domainId} and title = 'Physical Science'`,
  );
  const kinds = await createEveryKindActivity(tx, {
    domainId,
    title: DEMO_EVERY_KIND.title,
    tagNames: ['Review'],
    folderIds: [folder.id],
  });
  const now = Date.now();
  const assignment = await createAssignment(tx, {
    accountId: v.accountId,
    organizationId: v.organizationId,
    name: DEMO_EVERY_KIND.title,
    activityIds: [kinds.activity.id],
    members: [{ memberType: 'class', memberId: v.classId }],
    startAt: new Date(now - DAY),
    dueAt: new Date(now + 4 * DAY),
    createdBy: v.teacherId,
  });
  // a classmate's submitted work: mostly right, with an essay and a drawing waiting for the teacher
  const classmate = await one<{ id: number }>(
    sql`select id from users where username = ${DEMO_EVERY_KIND.classmate} and account_id = ${v.accountId}`,
  );
  const attempt = await createAttempt(tx, {
    assignmentId: assignment.id,
    activityId: kinds.activity.id,
    studentId: classmate.id,
    submitted: true,
  });
  const q = kinds.questions;
  const [iron, , wood] = q.checkbox.options;
  const [water] = q.radio.options;
  const [boil, , freeze] = q.dropdown.options;
  const [moon, earth] = q.dnd.options;
  const answers: [typeof q.essay, AnswerValue, number][] = [
    [q.checkbox, { options: [iron!.id, wood!.id] }, 0],
    [q.radio, { options: [water!.id] }, 0],
    [q.essay, { text: 'Ice floats because water expands when it freezes, so ice is less dense than liquid water.' }, 1],
    [q.textarea, { text: 'The ice cube melted faster in the warm water.' }, 1],
    [q.dropdown, { slots: { s1: boil!.id, s2: freeze!.id } }, 1],
    [q.dnd, { slots: { d1: moon!.id, d2: earth!.id } }, 2],
    [q.tldraw, { drawing: { shapes: [] }, assets: [] }, 2],
  ];
  for (const [question, value, screen] of answers) {
    const s = scoreAnswer(question, value);
    await createAnswer(tx, {
      attemptId: attempt.id,
      questionId: question.id,
      screenId: kinds.screens[screen]!.id,
      section: screen + 1,
      value: answerToWire(value),
      score: s.score,
      isCorrect: s.is_correct,
      correctValues: s.correct_values,
    });
  }
  await tx.execute(sql`update attempts set progress_section = 3, last_saved_at = now() where id = ${attempt.id}`);
}
