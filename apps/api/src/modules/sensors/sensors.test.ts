import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createSensor } from '../../db/seed/catalogue-factories';
import { SENSOR_KINDS, seedSensorKinds } from '../../db/seed/sensors';

let t: TestApp;
let w: World;
let ownId: number;
let foreignId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  await seedSensorKinds(w.db);
  await seedSensorKinds(w.db); // a second run adds nothing
  ownId = (await createSensor(w.db, { domainId: w.domA.id, name: 'Alpha Gas Sensor', code: 'A-GAS' })).id;
  foreignId = (await createSensor(w.db, { domainId: w.domB.id, name: 'Beta Gas Sensor', code: 'B-GAS' })).id;
});
afterAll(() => t.close());

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((s) => s.id);

describe('POST /dashboard/sensors/list', () => {
  it("pages the provider's sensor kinds and the caller domain's own, by name", async () => {
    const res = await call(t.app, 'POST', '/dashboard/sensors/list', { token: w.tokens.domain, body: { per_page: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, per_page: 3, total: SENSOR_KINDS.length + 1 });
    expect(res.json().data[0]).toEqual({ id: ownId, name: 'Alpha Gas Sensor', code: 'A-GAS', domain_id: w.domA.id });
    const gas = await call(t.app, 'POST', '/dashboard/sensors/list', {
      token: w.tokens.domain,
      body: { search: 'gas' },
    });
    expect(ids(gas)).toEqual([ownId]);
    const all = await call(t.app, 'POST', '/dashboard/sensors/list', {
      token: w.tokens.super,
      body: { search: 'gas' },
    });
    expect(ids(all)).toEqual([ownId, foreignId]);
    const bad = await call(t.app, 'POST', '/dashboard/sensors/list', { token: w.tokens.domain, body: { per_page: 0 } });
    expect(bad.statusCode).toBe(422);
  });

  it('is for activity builders', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/sensors/list')).toEqual({
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

describe('GET /dashboard/sensors/my', () => {
  it("lists every sensor kind of the caller's domain for anyone who views activities; never another domain's", async () => {
    const res = await call(t.app, 'GET', '/dashboard/sensors/my', { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...SENSOR_KINDS.map((s) => s.name), 'Alpha Gas Sensor'].sort());
    expect(ids(res)).not.toContain(foreignId);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/sensors/my')).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });
});
