import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';

// POST /dashboard/accounts/technology-settings: the technology flags of a page of accounts (the /tech-settings table)

let t: TestApp;
let w: World;
const URL = '/dashboard/accounts/technology-settings';

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const allOff = { rostering: false, sso: false, ai: false, immersive_reader: false, lab_groups: false };

describe('reading technology settings in a batch', () => {
  it("needs account view; each caller sees only their own tenant's accounts", async () => {
    const body = { account_ids: [w.accA1.id, w.accB1.id] };
    expect(await statusesByActor(t, w, 'POST', URL, body)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 200,
      student: 401,
    });
    const ids = async (token: string) =>
      ((await call(t.app, 'POST', URL, { token, body })).json().data as { account_id: number }[]).map(
        (r) => r.account_id,
      );
    expect(await ids(w.tokens.super)).toEqual([w.accA1.id, w.accB1.id]);
    // another domain's and another district's accounts are left out
    expect(await ids(w.tokens.domain)).toEqual([w.accA1.id]);
    expect(
      await (async () => {
        const res = await call(t.app, 'POST', URL, { token: w.tokens.district, body: { account_ids: [w.accA2.id] } });
        return res.json().data;
      })(),
    ).toEqual([]);
  });

  it('returns the enabled flags as toggled, defaults for the rest, in the order asked', async () => {
    const toggle = await call(t.app, 'POST', `/dashboard/accounts/${w.accA2.id}/toggle-technology-setting`, {
      token: w.tokens.super,
      body: { field: 'sso', value: true },
    });
    expect(toggle.statusCode).toBe(200);
    const res = await call(t.app, 'POST', URL, {
      token: w.tokens.super,
      body: { account_ids: [w.accA2.id, w.accA1.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { account_id: w.accA2.id, ...allOff, sso: true },
      { account_id: w.accA1.id, ...allOff },
    ]);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await countOf(w, 'account_settings');
    for (const body of [{}, { account_ids: [] }, { account_ids: ['x'] }, { account_ids: Array(301).fill(1) }]) {
      const res = await call(t.app, 'POST', URL, { token: w.tokens.super, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    const empty = await call(t.app, 'POST', URL, { token: w.tokens.super, body: { account_ids: [] } });
    expect(empty.json().errors).toEqual({ account_ids: ['Please select accounts'] });
    expect(await countOf(w, 'account_settings')).toBe(before);
  });
});
