import { createServer } from 'node:net';
import { expect } from 'vitest';
import { createActivity } from '../src/db/seed/catalogue-factories';
import { publishedActivity } from './assignment-fixtures';
import { INSTRUCTOR, LEARNER, parseAutoPost, startLtiPlatform, type LtiPlatform } from './lti-platform';
import { buildTestApp, call, type TestApp } from './test-app';
import { buildWorld, countOf, type World } from './tenancy-fixtures';

// The LTI launch world (issue 18 items 3-6): Aula listening on a real port (the platform verifies Aula's JWKS over
// HTTP, Aula fetches the platform's), one signing key, the test platform registered with four deployments:
//   dep-a1 (Alpha District A1, active), dep-cat (A1, catalog), dep-off (A1, inactive), dep-a2 (Alpine District A2).
// Activities: A1's own published 'Cells' and a draft, domain A's shared 'Photosynthesis', A2's 'Alpine rocks'.
// Platform users: student (Learner, sourcedId S-1 = A1's student), teacher (Instructor, sourcedId T-1 = A1's
// teacher), stranger (Learner, nobody in Aula).

export const SECRETS_KEY = 'ab'.repeat(32);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface LtiWorld {
  t: TestApp;
  w: World;
  api: string;
  platform: LtiPlatform;
  platformId: number;
  deployments: Record<'a1' | 'cat' | 'off' | 'a2', number>;
  activities: { cells: number; draft: number; shared: number; alpine: number };
  close(): Promise<void>;
}

export async function buildLtiWorld(env: Record<string, string> = {}): Promise<LtiWorld> {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({
    env: {
      SECRETS_KEY,
      PUBLIC_API_URL: api,
      PUBLIC_STUDENT_URL: 'http://student.test',
      PUBLIC_DASHBOARD_URL: 'http://dashboard.test',
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const w = await buildWorld(t);
  const key = await call(t.app, 'POST', '/dashboard/lti/keys', { token: w.tokens.super });
  expect(key.statusCode, key.body).toBe(200);
  const platform = await startLtiPlatform({
    launchUrl: `${api}/lti/launch`,
    loginUrl: `${api}/lti/login`,
    jwksUrl: `${api}/lti/jwks`,
  });
  const p = await w.pool.query<{ id: number }>(
    `insert into lti_platforms (name, issuer, client_id, key_set_url, access_token_url, oidc_auth_url)
     values ('Test LMS', $1, $2, $3, $4, $5) returning id`,
    [platform.issuer, platform.clientId, platform.keySetUrl, platform.accessTokenUrl, platform.oidcAuthUrl],
  );
  const platformId = p.rows[0]!.id;
  const dep = async (deploymentId: string, accountId: number, opts: { catalog?: boolean; active?: boolean } = {}) => {
    const r = await w.pool.query<{ id: number }>(
      `insert into lti_deployments (platform_id, deployment_id, account_id, is_catalog, is_active)
       values ($1, $2, $3, $4, $5) returning id`,
      [platformId, deploymentId, accountId, opts.catalog ?? false, opts.active ?? true],
    );
    return r.rows[0]!.id;
  };
  const deployments = {
    a1: await dep('dep-a1', w.accA1.id),
    cat: await dep('dep-cat', w.accA1.id, { catalog: true }),
    off: await dep('dep-off', w.accA1.id, { active: false }),
    a2: await dep('dep-a2', w.accA2.id),
  };
  const cells = await publishedActivity(w.db, { domainId: w.domA.id, accountId: w.accA1.id, title: 'Cells' });
  const shared = await publishedActivity(w.db, { domainId: w.domA.id, accountId: null, title: 'Photosynthesis' });
  const alpine = await publishedActivity(w.db, { domainId: w.domA.id, accountId: w.accA2.id, title: 'Alpine rocks' });
  const draft = await createActivity(w.db, { domainId: w.domA.id, accountId: w.accA1.id, title: 'Draft one' });
  await w.pool.query(`update users set sourced_id = 'S-1' where id = $1`, [w.users.student.id]);
  await w.pool.query(`update users set sourced_id = 'T-1' where id = $1`, [w.users.teacher.id]);
  platform.users.set('student', { sub: 'lms-student', roles: [LEARNER], sourcedId: 'S-1' });
  platform.users.set('teacher', { sub: 'lms-teacher', roles: [INSTRUCTOR], sourcedId: 'T-1' });
  platform.users.set('stranger', { sub: 'lms-stranger', roles: [LEARNER], sourcedId: 'NOBODY' });
  platform.messages.set('cells', {
    type: 'LtiResourceLinkRequest',
    deploymentId: 'dep-a1',
    resourceLinkId: 'link-cells',
    title: 'Cells (LMS)',
    custom: { aula_activity_id: String(cells.id) },
  });
  platform.messages.set('pick', { type: 'LtiDeepLinkingRequest', deploymentId: 'dep-a1', data: 'opaque-data-1' });
  return {
    t,
    w,
    api,
    platform,
    platformId,
    deployments,
    activities: { cells: cells.id, draft: draft.id, shared: shared.id, alpine: alpine.id },
    async close() {
      await platform.close();
      await t.close();
    },
  };
}

export interface LaunchResult {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

/**
 * One launch over HTTP as a browser makes it: the login initiation at Aula (GET), the platform's OIDC auth endpoint,
 * and the auto-posted id_token back to Aula. `before` may change the posted form (a replay, a swapped state).
 */
export async function launch(
  s: LtiWorld,
  user: string,
  message: string,
  opts: {
    before?: (form: Record<string, string>) => void;
    afterLogin?: () => Promise<unknown>;
    deploymentHint?: string | null;
  } = {},
): Promise<LaunchResult> {
  const msg = s.platform.messages.get(message);
  const login = new URL(`${s.api}/lti/login`);
  login.search = new URLSearchParams({
    iss: s.platform.issuer,
    login_hint: user,
    target_link_uri: `${s.api}/lti/launch`,
    lti_message_hint: message,
    client_id: s.platform.clientId,
    ...(opts.deploymentHint === null ? {} : { lti_deployment_id: opts.deploymentHint ?? msg?.deploymentId ?? '' }),
  }).toString();
  const first = await fetch(login, { redirect: 'manual' });
  expect(first.status, await first.clone().text()).toBe(302);
  await opts.afterLogin?.();
  const auth = await fetch(first.headers.get('location')!);
  expect(auth.status, await auth.clone().text()).toBe(200);
  const form = parseAutoPost(await auth.text());
  opts.before?.(form.fields);
  return post(form.action, form.fields);
}

export async function post(action: string, fields: Record<string, string>): Promise<LaunchResult> {
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), body: await res.text(), headers: res.headers };
}

/** The app trades the handoff of the launch's redirect for a session (POST /{app}/auth/oauth/3). */
export async function redeem(s: LtiWorld, location: string) {
  const url = new URL(location);
  const scope = url.searchParams.get('scope')!;
  const res = await fetch(`${s.api}/${scope}/auth/oauth/3`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(url.searchParams)),
  });
  return { status: res.status, json: (await res.json()) as { data: { token: string; scope: string; target: string } } };
}

/** A refusal page: the status, the refusal's key on the page, and no session (or handoff) made by it. */
export async function expectRefused(s: LtiWorld, res: LaunchResult, key: string, sessionsBefore: number) {
  expect([400, 403], res.body).toContain(res.status);
  expect(res.location).toBeNull();
  expect(res.body).toContain(`data-refusal="${key}"`);
  expect(await countOf(s.w, 'sessions')).toBe(sessionsBefore);
}
