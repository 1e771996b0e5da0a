import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';

// Rate limits key on the real client address: X-Forwarded-For counts only when it comes from a proxy TRUST_PROXY
// names (DESIGN.md 9; issue 13 item 2).

const PROXY = '10.0.0.5';
const LIMIT = { AUTH_RATE_LIMIT_MAX: '10', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' };

let direct: TestApp; // TRUST_PROXY unset
let proxied: TestApp; // TRUST_PROXY=10.0.0.5

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    buildTestApp({ env: LIMIT }),
    buildTestApp({ env: { ...LIMIT, TRUST_PROXY: PROXY } }),
  ]);
  const db = proxied.db.database.db;
  const domainId = (await createDomain(db)).id;
  const accountId = (await createAccount(db, { domainId })).id;
  await createUser(db, { role: 'teacher', domainId, accountId, email: 'real@proxy.test', password: 'Passw0rd!' });
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

type Send = { path: string; method?: 'POST' | 'PUT'; body: object; from?: string; forwardedFor?: string };
function send(t: TestApp, s: Send) {
  return t.app.inject({
    method: s.method ?? 'POST',
    url: s.path,
    payload: s.body,
    remoteAddress: s.from ?? '192.0.2.10',
    headers: s.forwardedFor ? { 'x-forwarded-for': s.forwardedFor } : {},
  });
}
async function statuses(t: TestApp, n: number, s: (i: number) => Send) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(t, s(i))).statusCode);
  return out;
}
const count429 = (list: number[]) => list.filter((s) => s === 429).length;
const wrongSignIn = (login: string) => ({ path: '/dashboard/auth/form', body: { login, password: 'Wrong-pass1!' } });

describe('without TRUST_PROXY, X-Forwarded-For changes nothing', () => {
  it('30 wrong sign-ins with a new forwarded address each are limited exactly like 30 without', async () => {
    const plain = await statuses(direct, 30, () => wrongSignIn('a@proxy.test'));
    const spoofed = await statuses(direct, 30, (i) => ({
      ...wrongSignIn('b@proxy.test'),
      forwardedFor: `198.51.100.${i + 1}`,
    }));
    expect(count429(plain)).toBe(20);
    expect(spoofed).toEqual(plain);
  });

  it('30 reset requests and 30 reset attempts likewise', async () => {
    const request = (i: number, spoof: boolean) => ({
      path: '/dashboard/reset-password',
      body: { email: spoof ? 'spoof@proxy.test' : 'plain@proxy.test' },
      ...(spoof ? { forwardedFor: `203.0.113.${i + 1}` } : {}),
    });
    const plain = await statuses(direct, 30, (i) => request(i, false));
    expect(count429(plain)).toBe(20);
    expect(await statuses(direct, 30, (i) => request(i, true))).toEqual(plain);

    // PUT /reset-password is keyed by address alone: each spoofing client shares the peer's one bucket
    const attempt = (i: number, from: string, spoof: boolean) => ({
      path: '/dashboard/reset-password',
      method: 'PUT' as const,
      body: { token: `made-up-${i}`, password: 'Reset-pass1!', password_confirmation: 'Reset-pass1!' },
      from,
      ...(spoof ? { forwardedFor: `203.0.113.${i + 1}` } : {}),
    });
    const plainPut = await statuses(direct, 30, (i) => attempt(i, '192.0.2.20', false));
    expect(count429(plainPut)).toBe(20);
    expect(await statuses(direct, 30, (i) => attempt(i, '192.0.2.21', true))).toEqual(plainPut);
  });
});

describe('with TRUST_PROXY set to the proxy', () => {
  it("honours the proxy's X-Forwarded-For: each forwarded client has its own bucket", async () => {
    const viaProxy = (client: string) => ({ ...wrongSignIn('c@proxy.test'), from: PROXY, forwardedFor: client });
    const first = await statuses(proxied, 11, () => viaProxy('198.51.100.1'));
    expect(first.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(first[10]).toBe(429);
    // another client behind the same proxy is still served
    expect(await statuses(proxied, 10, () => viaProxy('198.51.100.2'))).toEqual(Array(10).fill(422));
  });

  it('ignores the header from an address it does not trust', async () => {
    const spoofed = await statuses(proxied, 30, (i) => ({
      ...wrongSignIn('d@proxy.test'),
      from: '192.0.2.99',
      forwardedFor: `198.51.100.${i + 1}`,
    }));
    expect(count429(spoofed)).toBe(20);
  });

  it('reset requests get a bucket per forwarded client too', async () => {
    const viaProxy = (client: string) => ({
      path: '/dashboard/reset-password',
      body: { email: 'r@proxy.test' },
      from: PROXY,
      forwardedFor: client,
    });
    expect(count429(await statuses(proxied, 11, () => viaProxy('198.51.100.7')))).toBe(1);
    expect(count429(await statuses(proxied, 10, () => viaProxy('198.51.100.8')))).toBe(0);
  });

  it('records the forwarded client as the session address, and the peer when it is not the proxy', async () => {
    const signIn = (from: string) =>
      send(proxied, {
        path: '/dashboard/auth/form',
        body: { login: 'real@proxy.test', password: 'Passw0rd!' },
        from,
        forwardedFor: '198.51.100.50',
      });
    expect((await signIn(PROXY)).statusCode).toBe(200);
    expect((await signIn('192.0.2.77')).statusCode).toBe(200);
    const rows = await proxied.db.database.pool.query('select ip from sessions order by id');
    expect(rows.rows.map((r: { ip: string }) => r.ip)).toEqual(['198.51.100.50', '192.0.2.77']);
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  let hops: TestApp;
  beforeAll(async () => {
    hops = await buildTestApp({ env: { ...LIMIT, TRUST_PROXY: '1' } });
  });
  afterAll(() => hops.close());

  it('takes the address the nearest proxy saw, not one the client wrote before it', async () => {
    // the client sent "X-Forwarded-For: <made up>"; the one proxy appended the address it saw
    const viaOneProxy = (madeUp: string) => ({
      ...wrongSignIn('e@proxy.test'),
      from: '10.9.9.9',
      forwardedFor: `${madeUp}, 198.51.100.60`,
    });
    expect(count429(await statuses(hops, 30, (i) => viaOneProxy(`203.0.113.${i + 1}`)))).toBe(20);
    const other = await send(hops, { ...wrongSignIn('e@proxy.test'), from: '10.9.9.9', forwardedFor: '198.51.100.61' });
    expect(other.statusCode).toBe(422);
  });
});
