import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';

// Route x role bundle x own/other tenant for /dashboard/accounts (DESIGN.md 9).

let t: TestApp;
let w: World;
let n = 0;
const fresh = () => `M-${++n}`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const readers = { super: 200, domain: 200, district: 200, school: 403, teacher: 403, custom: 200, student: 401 };
const writers = { super: 200, domain: 200, district: 200, school: 403, teacher: 403, custom: 403, student: 401 };
const accountBody = (a: Actor) => ({ name: `Acc ${a}`, district_id: fresh(), zip_code: '10001', type: 2 });

describe('permission matrix on the own tenant (account A1)', () => {
  it('POST /dashboard/accounts/list', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/accounts/list', {})).toEqual(readers);
  });

  it('GET /dashboard/accounts/:id', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/accounts/${w.accA1.id}`)).toEqual(readers);
  });

  it('POST /dashboard/accounts/check-district-id', async () => {
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/accounts/check-district-id', { districtId: 'FREE-1' }),
    ).toEqual(readers);
  });

  it('POST /dashboard/accounts: only callers above the account create accounts', async () => {
    const before = await countOf(w, 'accounts');
    const got = await statusesByActor(t, w, 'POST', '/dashboard/accounts', (a: Actor) => ({
      ...accountBody(a),
      ...(a === 'super' ? { domain_id: w.domA.id } : {}),
    }));
    expect(got).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await countOf(w, 'accounts')).toBe(before + 2);
  });

  it('PUT /dashboard/accounts/:id', async () => {
    const got = await statusesByActor(t, w, 'PUT', `/dashboard/accounts/${w.accA1.id}`, {
      name: 'Alpha District',
      district_id: 'A1-ID',
      zip_code: '10001',
      type: 2,
    });
    expect(got).toEqual(writers);
  });

  it('GET /dashboard/accounts/:id/settings', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/accounts/${w.accA1.id}/settings`)).toEqual(readers);
  });

  it('POST /dashboard/accounts/:id/settings', async () => {
    const body = { settings: [{ setting: 'lab_groups', value: { enabled: true } }] };
    expect(await statusesByActor(t, w, 'POST', `/dashboard/accounts/${w.accA1.id}/settings`, body)).toEqual(writers);
  });

  it('POST /dashboard/accounts/:id/toggle-technology-setting', async () => {
    const body = { field: 'immersive_reader', value: true };
    expect(
      await statusesByActor(t, w, 'POST', `/dashboard/accounts/${w.accA1.id}/toggle-technology-setting`, body),
    ).toEqual(writers);
  });

  it('POST /dashboard/accounts/:id/delete: the account still has data, so callers allowed to delete get 409', async () => {
    const got = await statusesByActor(t, w, 'POST', `/dashboard/accounts/${w.accA1.id}/delete`, { force: false });
    expect(got).toEqual({
      super: 409,
      domain: 409,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await countOf(w, 'accounts', `id = ${w.accA1.id} and deleted_at is null`)).toBe(1);
  });
});

describe('another tenant is invisible and unchangeable', () => {
  // district admin and the custom role (A1) look at A2 (same domain) and B1; the domain admin (A) looks at B1
  const cases: [Actor, () => number][] = [
    ['district', () => w.accA2.id],
    ['district', () => w.accB1.id],
    ['custom', () => w.accA2.id],
    ['domain', () => w.accB1.id],
  ];

  it('lists never include it', async () => {
    for (const [actor, id] of cases) {
      const res = await call(t.app, 'POST', '/dashboard/accounts/list', {
        token: w.tokens[actor],
        body: { per_page: 100 },
      });
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as { id: number }[]).map((a) => a.id);
      expect(ids).not.toContain(id());
      expect(ids.length).toBe(res.json().meta.total);
    }
    // filtering by another domain gives nothing rather than an error
    const res = await call(t.app, 'POST', '/dashboard/accounts/list', {
      token: w.tokens.domain,
      body: { domain_id: w.domB.id },
    });
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('read, settings, change, toggle and delete are 404, the same as for an id that does not exist, and change nothing', async () => {
    const snapshot = async () => (await w.pool.query('select * from accounts order by id')).rows as unknown[];
    const settingsBefore = await countOf(w, 'account_settings');
    const auditBefore = await countOf(w, 'audit_log');
    const before = await snapshot();
    for (const [actor, idOf] of cases) {
      for (const id of [idOf(), 999_999]) {
        const token = w.tokens[actor];
        const body = { name: 'Hijacked', district_id: 'HIJACK', zip_code: '99999', type: 1 };
        const results = [
          await call(t.app, 'GET', `/dashboard/accounts/${id}`, { token }),
          await call(t.app, 'GET', `/dashboard/accounts/${id}/settings`, { token }),
          await call(t.app, 'PUT', `/dashboard/accounts/${id}`, { token, body }),
          await call(t.app, 'POST', `/dashboard/accounts/${id}/settings`, {
            token,
            body: {
              settings: [
                {
                  setting: 'ai',
                  value: {
                    enabled: true,
                    automatic_scoring_assignment: true,
                    automatic_scoring_assessment: true,
                    automatic_scoring_pas: true,
                  },
                },
              ],
            },
          }),
          await call(t.app, 'POST', `/dashboard/accounts/${id}/toggle-technology-setting`, {
            token,
            body: { field: 'sso', value: true },
          }),
          await call(t.app, 'POST', `/dashboard/accounts/${id}/delete`, { token, body: { force: true } }),
        ];
        const statuses = results.map((r) => r.statusCode);
        // the custom role has no update/delete: its writes stop at the permission check, before any lookup
        expect(statuses).toEqual(actor === 'custom' ? [404, 404, 403, 403, 403, 403] : [404, 404, 404, 404, 404, 404]);
        for (const r of results.filter((x) => x.statusCode === 404)) {
          expect(r.json()).toEqual({ message: 'The page you requested could not be found.' });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await countOf(w, 'account_settings')).toBe(settingsBefore);
    expect(await countOf(w, 'audit_log')).toBe(auditBefore);
  });

  it('check-district-id says only "taken" for another tenant\'s Account ID, even when asked to exclude that account', async () => {
    for (const body of [{ districtId: 'B1-ID' }, { districtId: 'b1-id', id: w.accB1.id }]) {
      const res = await call(t.app, 'POST', '/dashboard/accounts/check-district-id', {
        token: w.tokens.district,
        body,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Account ID is not unique.',
        errors: { district_id: ['Account ID is not unique.'] },
      });
    }
    // its own Account ID is free when editing itself
    const own = await call(t.app, 'POST', '/dashboard/accounts/check-district-id', {
      token: w.tokens.district,
      body: { districtId: 'A1-ID', id: w.accA1.id },
    });
    expect(own.statusCode).toBe(200);
  });

  it('a domain admin cannot create an account in another domain, and nothing is written', async () => {
    const before = await countOf(w, 'accounts');
    const res = await call(t.app, 'POST', '/dashboard/accounts', {
      token: w.tokens.domain,
      body: { name: 'Elsewhere', district_id: 'ELSEWHERE', zip_code: '10001', type: 2, domain_id: w.domB.id },
    });
    expect(res.statusCode).toBe(404);
    expect(await countOf(w, 'accounts')).toBe(before);
  });
});
