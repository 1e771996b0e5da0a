import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createOrganization } from '../../db/seed/factories';
import { buildWorld, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const idsOf = async (actor: Actor, path: string, body: object = { per_page: 300 }) => {
  const res = await call(t.app, 'POST', path, { token: w.tokens[actor], body });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
};
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

describe('permission matrix', () => {
  it('POST /dashboard/organizations/all needs organization view', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/organizations/all', {})).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  it('POST /dashboard/organizations/my is open to every staff user', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/organizations/my')).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 200,
      student: 401,
    });
  });
});

describe('tenancy', () => {
  it('each caller lists only the schools of their slice', async () => {
    const all = sorted(w.orgA1a.id, w.orgA1b.id, w.orgA2.id, w.orgB1.id);
    expect(await idsOf('super', '/dashboard/organizations/all')).toEqual(all);
    expect(await idsOf('domain', '/dashboard/organizations/all')).toEqual(sorted(w.orgA1a.id, w.orgA1b.id, w.orgA2.id));
    expect(await idsOf('district', '/dashboard/organizations/all')).toEqual(sorted(w.orgA1a.id, w.orgA1b.id));
    expect(await idsOf('school', '/dashboard/organizations/all')).toEqual([w.orgA1a.id]);
  });

  it("filtering by another tenant's account gives an empty page, not an error", async () => {
    for (const actor of ['domain', 'district', 'school'] as const) {
      const res = await call(t.app, 'POST', '/dashboard/organizations/all', {
        token: w.tokens[actor],
        body: { account_id: w.accB1.id },
      });
      expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 10, total: 0 } });
    }
  });

  it('"my" lists the caller\'s own schools only', async () => {
    expect(await idsOf('district', '/dashboard/organizations/my')).toEqual(sorted(w.orgA1a.id, w.orgA1b.id));
    expect(await idsOf('teacher', '/dashboard/organizations/my')).toEqual([w.orgA1a.id]);
    expect(await idsOf('super', '/dashboard/organizations/my')).toEqual([]);
  });

  it('filters by account and search, pages, and leaves out deleted schools', async () => {
    const gone = await createOrganization(w.db, { accountId: w.accA1.id, name: 'A1 Closed School' });
    await w.pool.query('update organizations set deleted_at = now() where id = $1', [gone.id]);
    const res = await call(t.app, 'POST', '/dashboard/organizations/all', {
      token: w.tokens.super,
      body: { account_id: w.accA1.id, search: 'school', per_page: 1 },
    });
    expect(res.json().meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(res.json().data[0]).toMatchObject({
      id: w.orgA1a.id,
      account_id: w.accA1.id,
      name: 'A1 School a',
      source: 'manual',
      nces_id: null,
    });
    const bad = await call(t.app, 'POST', '/dashboard/organizations/all', {
      token: w.tokens.super,
      body: { account_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
