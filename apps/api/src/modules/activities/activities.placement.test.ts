import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';

// Issue 14, item 2: the create dialog offers multi-domain users the domains of GET /domains/my-list; the API
// places the activity in the domain named and refuses one the caller may not use.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const create = (token: string, extra: Record<string, unknown>) =>
  call(t.app, 'POST', '/dashboard/activities', { token, body: { title: 'Placed', kind: 'ngss', ...extra } });

describe('where a new activity goes', () => {
  it('the domains the dialog offers are the ones each caller may create in', async () => {
    const names = async (token: string) =>
      (await call(t.app, 'GET', '/dashboard/domains/my-list', { token })).json().data.map((d: { id: number }) => d.id);
    expect(await names(w.tokens.super)).toEqual(expect.arrayContaining([w.domA.id, w.domB.id]));
    expect(await names(w.tokens.domain)).toEqual([w.domA.id]);
  });

  it('provider staff create in the domain they pick, each of them', async () => {
    for (const domain of [w.domA, w.domB]) {
      const res = await create(w.tokens.super, { domain_id: domain.id, tags: ['Placement'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ domain_id: domain.id, account_id: null, status: 'draft' });
      expect(await countOf(w, 'tags', `domain_id = ${domain.id} and name = 'Placement'`)).toBe(1);
    }
  });

  it('a domain the caller may not use is refused and nothing is written', async () => {
    const before = await countOf(w, 'activities');
    // provider staff: a domain that does not exist
    expect((await create(w.tokens.super, { domain_id: 999_999 })).statusCode).toBe(404);
    // wrong tenant: a domain admin naming another domain
    expect((await create(w.tokens.domain, { domain_id: w.domB.id })).statusCode).toBe(404);
    // wrong role: readers (district admin, teacher) may not create, whichever domain they name
    for (const token of [w.tokens.district, w.tokens.teacher]) {
      expect((await create(token, { domain_id: w.domA.id })).statusCode).toBe(403);
      expect((await create(token, { domain_id: w.domB.id })).statusCode).toBe(403);
    }
    expect(await countOf(w, 'activities')).toBe(before);
  });

  it('a domain admin needs no domain (their own), and naming it is accepted', async () => {
    expect((await create(w.tokens.domain, {})).json().data.domain_id).toBe(w.domA.id);
    expect((await create(w.tokens.domain, { domain_id: w.domA.id })).json().data.domain_id).toBe(w.domA.id);
  });
});
