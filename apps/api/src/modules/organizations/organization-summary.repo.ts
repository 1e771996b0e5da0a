import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { ORGANIZATION_ASSIGNMENT_STATUSES, type OrganizationAssignmentStatus } from '@aula/domain/organizations';
import type { DbOrTx } from '../../db/client';
import { assignments, classes } from '../../db/schema';
import { subjectClause } from '../assignments/assignment-lists.repo';

// 002 section 3, organization summary: the school's assignments counted by status, and its classes. The
// assignments are the ones its assignment list (/organizations/{orgId}/assignments) shows: made for the school, or
// for one of its classes or groups; live ones only. Their status is the staff lists' phase: upcoming before the
// start, past due after the due date, current in between.

const phase = sql<OrganizationAssignmentStatus>`case
  when ${assignments.startAt} > now() then 'upcoming'
  when ${assignments.dueAt} is not null and ${assignments.dueAt} < now() then 'past_due'
  else 'current' end`;

export async function countAssignmentsByStatus(db: DbOrTx, organizationId: number) {
  const rows = await db
    .select({ status: phase, n: count() })
    .from(assignments)
    .where(and(isNull(assignments.deletedAt), subjectClause('organization', organizationId)))
    .groupBy(phase);
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return ORGANIZATION_ASSIGNMENT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

export async function countClasses(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.organizationId, organizationId), isNull(classes.deletedAt)));
  return Number(row?.n ?? 0);
}
