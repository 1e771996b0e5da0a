import { createCustomRole, createUser } from '../src/db/seed/factories';
import type { World } from './tenancy-fixtures';
import { PASSWORD } from './tenancy-fixtures';
import { call, type TestApp } from './test-app';

/** A custom-role user holding only lti-management, placed at `domainId` (null: multi-domain staff), signed in. */
export async function ltiManager(t: TestApp, w: World, domainId: number | null, email: string): Promise<string> {
  const role = await createCustomRole(w.db, { name: `LTI ${email}`, permissions: ['lti-management'], domainId });
  await createUser(w.db, { role: 'custom', roleId: role.id, domainId, email });
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}
