import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createSensor } from '../../db/seed/catalogue-factories';

// GET one, POST create and update, DELETE (001 section 7, Sensors): sensor-management, the caller's domain only.

let t: TestApp;
let w: World;
let ownId: number;
let foreignId: number;
let sharedId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  ownId = (await createSensor(w.db, { domainId: w.domA.id, name: 'Alpha Probe', code: 'A-PRB' })).id;
  foreignId = (await createSensor(w.db, { domainId: w.domB.id, name: 'Beta Probe', code: 'B-PRB' })).id;
  sharedId = (await createSensor(w.db, { domainId: null, name: 'Shared Probe', code: 'S-PRB' })).id;
});
afterAll(() => t.close());

describe('sensor writes', () => {
  it('creates in the caller domain, reads it back, updates and deletes it', async () => {
    const made = await call(t.app, 'POST', '/dashboard/sensors', {
      token: w.tokens.domain,
      body: { name: ' Gamma Meter ', code: 'G-MTR' },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().data.id as number;
    expect(made.json().data).toEqual({ id, name: 'Gamma Meter', code: 'G-MTR', domain_id: w.domA.id });
    const one = await call(t.app, 'GET', `/dashboard/sensors/${id}`, { token: w.tokens.domain });
    expect(one.json().data.name).toBe('Gamma Meter');
    const upd = await call(t.app, 'POST', `/dashboard/sensors/${id}`, {
      token: w.tokens.domain,
      body: { name: 'Gamma Meter 2', code: 'G-MTR2' },
    });
    expect(upd.json().data).toEqual({ id, name: 'Gamma Meter 2', code: 'G-MTR2', domain_id: w.domA.id });
    expect(await countOf(w, 'audit_log', `action like 'sensor.%' and entity_id = '${id}'`)).toBe(2);
    const del = await call(t.app, 'DELETE', `/dashboard/sensors/${id}`, { token: w.tokens.domain });
    expect(del.statusCode).toBe(200);
    expect(await countOf(w, 'sensors', `id = ${id}`)).toBe(0);
  });

  it('refuses a bad body with the field messages and writes nothing', async () => {
    const before = await countOf(w, 'sensors');
    const res = await call(t.app, 'POST', '/dashboard/sensors', {
      token: w.tokens.domain,
      body: { name: '', code: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(await countOf(w, 'sensors')).toBe(before);
  });

  it("never reads or changes another domain's sensor, and only provider staff change a provider-wide one", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'Taken', code: 'X' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/dashboard/sensors/${foreignId}`, { token: w.tokens.domain, body });
      expect(res.statusCode).toBe(404);
    }
    const shared = await call(t.app, 'POST', `/dashboard/sensors/${sharedId}`, {
      token: w.tokens.domain,
      body: { name: 'Mine now', code: 'X' },
    });
    expect(shared.statusCode).toBe(403);
    const other = await call(t.app, 'POST', '/dashboard/sensors', {
      token: w.tokens.domain,
      body: { name: 'Elsewhere', code: 'E', domain_id: w.domB.id },
    });
    expect(other.statusCode).toBe(404);
    expect(await countOf(w, 'sensors', `name in ('Taken', 'Mine now', 'Elsewhere')`)).toBe(0);
  });

  it('is for sensor managers: district, school, teacher and custom roles are refused', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/sensors/${ownId}`)).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(
      await statusesByActor(t, w, 'POST', `/dashboard/sensors/${ownId}`, { name: 'Alpha Probe', code: 'A-PRB' }),
    ).toEqual({ super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/sensors', { name: 'Any Probe', code: 'P' })).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});
