import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { createAcademicSession } from './factories';

/**
 * What PAS plans need in the demo district: an academic session of the school year under way (from August 1 to
 * May 31), unless one of the district's sessions already covers today (the default academic year the people seed
 * writes may be over). Plans themselves are the demo users' to make.
 */
export async function seedDemoPasPlans(tx: Tx, accountId: number, today = new Date()): Promise<void> {
  const day = today.toISOString().slice(0, 10);
  const existing = await tx.execute(
    sql`select 1 from academic_sessions where account_id = ${accountId} and deleted_at is null
          and start_date <= ${day} and end_date >= ${day} limit 1`,
  );
  if (existing.rows.length > 0) return;
  const year = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  await createAcademicSession(tx, {
    accountId,
    title: `${year}-${year + 1}`,
    type: 'full_year',
    startDate: `${year}-08-01`,
    endDate: `${year + 1}-05-31`,
  });
}
