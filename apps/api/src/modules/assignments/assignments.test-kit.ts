// What the assignment API tests share: the world they run in, the response shape and the create body.
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { buildWorld, type World } from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, inDays, type AssignmentWorld } from '../../../test/assignment-fixtures';

export interface Assignment {
  id: number;
  name: string;
  account_id: number;
  organization_id: number | null;
  start_at: string;
  due_at: string | null;
  phase: string;
  attempted: boolean;
  activities: { id: number; title: string; activity_version_id: number | null; out_of_sync: boolean }[];
  members: { member_type: string; member_id: number; name: string; students_count: number }[];
  created_by: { id: number; first_name: string; last_name: string } | null;
}

export const D = '/dashboard';

export async function buildAssignmentTest(): Promise<{ t: TestApp; w: World; f: AssignmentWorld }> {
  const t = await buildTestApp();
  const w = await buildWorld(t);
  return { t, w, f: await buildAssignmentWorld(t, w) };
}

/** A valid create body: one activity, class A, started yesterday, due in six days. */
export const assignmentBody = (f: AssignmentWorld, over: Record<string, unknown> = {}) => ({
  name: 'Atoms week',
  activity_ids: [f.p1.id],
  members: [{ member_type: 'class', member_id: f.cA.id }],
  start_at: inDays(-1),
  due_at: inDays(6),
  ...over,
});

export const data = <T = Assignment>(res: { json(): unknown }) => (res.json() as { data: T }).data;
export const listIds = (res: { json(): unknown }) => (res.json() as { data: { id: number }[] }).data.map((a) => a.id);
