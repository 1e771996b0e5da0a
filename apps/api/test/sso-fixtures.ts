import { Writable } from 'node:stream';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { translate } from '@aula/i18n/translate';
import { encryptSecret } from '../src/lib/secrets';
import { createUser } from '../src/db/seed/factories';
import { startOidcServers, type OidcServers } from './oidc-server';
import { buildTestApp, call, type TestApp } from './test-app';
import { buildWorld, countOf, type World } from './tenancy-fixtures';

// The single sign-on test world: the tenancy world, the OpenID test servers, and the sso_configs rows the config
// screens (another part of issue 17) would write: A1 uses ClassLink, Clever and Google (domain A's Google config,
// hosted domain a.test); A2 uses Clever through the jose workshop issuer, so Clever needs the district named.

export const SECRETS_KEY = 'cd'.repeat(32);

export interface SsoWorld {
  t: TestApp;
  w: World;
  oidc: OidcServers;
  /** a teacher of A2, signed in through the workshop issuer */
  a2Teacher: { id: number };
  /** why openid-client refused the last code exchange (the API logs it; the user sees one message) */
  lastExchangeError(): string | undefined;
  close(): Promise<void>;
}

export async function buildSsoWorld(): Promise<SsoWorld> {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await buildTestApp({ env: { SECRETS_KEY, LOG_LEVEL: 'info' }, logStream });
  const { PUBLIC_DASHBOARD_URL: dash, PUBLIC_STUDENT_URL: student } = t.config;
  const oidc = await startOidcServers(
    [1, 2, 4].flatMap((code) => [`${dash}/oauth/${code}`, `${student}/oauth/${code}`]),
  );
  const w = await buildWorld(t);
  const { classlink, clever, google } = oidc.issuers;
  const insert = (
    owner: { accountId?: number; domainId?: number },
    provider: string,
    i: typeof classlink | typeof oidc.workshop,
    extra: { tenant?: string; hostedDomains?: string[] } = {},
  ) =>
    w.pool.query(
      `insert into sso_configs (account_id, domain_id, provider, issuer, client_id, client_secret_encrypted, tenant, hosted_domains)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        owner.accountId ?? null,
        owner.domainId ?? null,
        provider,
        i.issuer,
        i.clientId,
        encryptSecret(SECRETS_KEY, i.clientSecret),
        extra.tenant ?? null,
        extra.hostedDomains ?? [],
      ],
    );
  await insert({ accountId: w.accA1.id }, 'classlink', classlink, { tenant: 'tenant-a1' });
  await insert({ accountId: w.accA1.id }, 'clever', clever);
  await insert({ domainId: w.domA.id }, 'google', google, { hostedDomains: ['a.test'] });
  await insert({ accountId: w.accA2.id }, 'clever', oidc.workshop);
  await setSso(w, w.accA1.id, ['classlink', 'clever', 'google']);
  await setSso(w, w.accA2.id, ['clever']);
  const a2Teacher = await createUser(w.db, {
    role: 'teacher',
    domainId: w.domA.id,
    accountId: w.accA2.id,
    email: 'teacher@a2.test',
  });
  await linkIdentity(w, a2Teacher.id, 2, oidc.workshop.issuer, 'workshop-subject');
  return {
    t,
    w,
    oidc,
    a2Teacher,
    lastExchangeError() {
      const line = logLines.findLast((l) => l.includes('sso code exchange refused'));
      const err = line ? (JSON.parse(line) as { err?: { message?: string; error?: string } }).err : undefined;
      return err ? `${err.message ?? ''} ${err.error ?? ''}` : undefined;
    },
    async close() {
      await oidc.close();
      await t.close();
    },
  };
}

export async function setSso(w: World, accountId: number, providers: string[], enabled = true) {
  await w.pool.query(
    `insert into account_settings (account_id, setting, value) values ($1, 'sso', $2)
     on conflict (account_id, setting) do update set value = excluded.value`,
    [accountId, JSON.stringify({ enabled, providers })],
  );
}

export async function linkIdentity(w: World, userId: number, provider: number, issuer: string, subject: string) {
  await w.pool.query('insert into oauth_connections (user_id, provider, issuer, subject) values ($1, $2, $3, $4)', [
    userId,
    provider,
    issuer,
    subject,
  ]);
}

/** GET /oauth/{code}: the redirect the sign-in button leads to. */
export async function start(s: SsoWorld, code: number, scope: 'dashboard' | 'student', district?: string) {
  const query = new URLSearchParams({ scope, ...(district ? { district } : {}) });
  const res = await call(s.t.app, 'GET', `/oauth/${code}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

export function callback(s: SsoWorld, code: number, scope: 'dashboard' | 'student', query: Record<string, string>) {
  return call(s.t.app, 'POST', `/${scope}/auth/oauth/${code}`, { body: query });
}

export const sessionCount = (s: SsoWorld) => countOf(s.w, 'sessions');

/** A refusal: 422 with the message of `sso.<key>`, and no session made by it. */
export async function expectRefused(s: SsoWorld, res: LightMyRequestResponse, key: string, sessionsBefore: number) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json<{ message: string }>().message).toBe(translate('en', `sso.${key}`));
  expect(await sessionCount(s)).toBe(sessionsBefore);
}

export async function whoAmI(s: SsoWorld, scope: 'dashboard' | 'student', token: string) {
  const res = await call(s.t.app, 'GET', `/${scope}/my`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { user: { id: number; role: string } } }>().data.user;
}
