import type { Deps } from '../../lib/deps';
import * as repo from './user-tasks.repo';

export interface TaskResult {
  body: string;
  fileName: string;
  contentType: string;
}

export const USER_ACTIVITY_REPORT_COLUMNS = ['id', 'role', 'first_name', 'last_name', 'email', 'last_sign_in'] as const;

// Spreadsheet programs run cells that start with these as formulas; names come from rostering and user input.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/**
 * create-user-activity-report: one CSV row per user of the account (or of the requester's organizations, for a
 * school admin): id, role, names, email and the time of the latest sign-in (empty when never signed in).
 */
export async function buildUserActivityReport(
  deps: Deps,
  task: { id: number; accountId: number | null; payload: unknown; createdAt: Date },
): Promise<TaskResult> {
  const payload = task.payload as { account_id: number; organization_ids?: number[] };
  const rows = await repo.listUsersWithLastSignIn(deps.db, {
    accountId: payload.account_id,
    organizationIds: payload.organization_ids,
  });
  const lines = [USER_ACTIVITY_REPORT_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push([r.id, r.role, r.firstName, r.lastName, r.email, iso(r.lastSignInAt)].map(csvCell).join(','));
  }
  const day = task.createdAt.toISOString().slice(0, 10);
  return {
    body: lines.join('\r\n') + '\r\n',
    fileName: `user-activity-report-${payload.account_id}-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
  };
}
