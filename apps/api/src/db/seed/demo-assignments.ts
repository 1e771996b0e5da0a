import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { DEMO_USERS } from './demo-credentials';
import { createAssignment } from './factories';

const DAY = 86_400_000;

/**
 * Two assignments of published demo activities to the demo teacher's Grade 7 Science, so the demo student's home
 * has something to show: one open now (due in five days) and one that opens in three days. Dates are relative to the
 * first start.
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
}
