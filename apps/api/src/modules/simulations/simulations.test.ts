import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createActivity, createMedia, createSensor } from '../../db/seed/catalogue-factories';
import { createScreen, publishDraft } from '../../db/seed/screen-factories';

let t: TestApp;
let w: World;
const m = {} as Record<'phet' | 'tuva' | 'a1Codap' | 'a2Vernier' | 'foreign' | 'video' | 'deleted', { id: number }>;
const act = {} as Record<'shared' | 'a2Own' | 'draft' | 'foreignAct', { id: number }>;
let sensorId: number;

/** An activity with one screen showing these media ids; published unless told. */
async function activityShowing(
  v: { domainId: number; accountId?: number | null; title: string },
  mediaIds: number[],
  publish = true,
) {
  const a = await createActivity(w.db, { ...v });
  const content = mediaIds.map((id, i) => ({
    id: `r${i}`,
    columns: [{ id: `c${i}`, type: 'media-phet', sizes: { large: 24 }, content: { media_id: id } }],
  }));
  await createScreen(w.db, {
    activityId: a.id,
    position: 1,
    body: { content, questions: [], media: mediaIds, sensors: [] },
  });
  if (publish) await publishDraft(w.db, a.id);
  return a;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const A = w.domA.id;
  sensorId = (await createSensor(w.db, { domainId: A, name: 'Temperature Probe', code: 'TMP' })).id;
  m.phet = await createMedia(w.db, {
    domainId: A,
    type: 'phet',
    title: 'Gravity Force Lab',
    location: 'https://phet.example.org/gravity',
  });
  m.tuva = await createMedia(w.db, {
    domainId: A,
    type: 'tuva',
    title: 'Weather Data',
    location: 'https://tuva.example.org/w',
  });
  m.a1Codap = await createMedia(w.db, {
    domainId: A,
    accountId: w.accA1.id,
    type: 'codap',
    title: 'Alpha Plant Growth',
  });
  // A2's own lab: A1 callers see it only because a shared published activity shows it
  m.a2Vernier = await createMedia(w.db, {
    domainId: A,
    accountId: w.accA2.id,
    type: 'vernier',
    title: 'Alpine Heat Lab',
    location: 'https://lab.example.org/heat',
    sensorIds: [sensorId],
  });
  m.foreign = await createMedia(w.db, { domainId: w.domB.id, type: 'phet', title: 'Beta Gravity Secret' });
  m.video = await createMedia(w.db, { domainId: A, type: 'video-yt', title: 'Gravity video' });
  m.deleted = await createMedia(w.db, { domainId: A, type: 'phet', title: 'Gravity Deleted' });
  await w.pool.query('update media set deleted_at = now() where id = $1', [m.deleted.id]);
  act.shared = await activityShowing({ domainId: A, title: 'Forces and Heat' }, [m.phet.id, m.a2Vernier.id]);
  act.a2Own = await activityShowing({ domainId: A, accountId: w.accA2.id, title: 'Alpine only' }, [m.phet.id]);
  act.draft = await activityShowing({ domainId: A, title: 'Draft with tuva' }, [m.tuva.id], false);
  act.foreignAct = await activityShowing({ domainId: w.domB.id, title: 'Beta uses gravity' }, [m.foreign.id]);
});
afterAll(() => t.close());

type Sim = {
  id: number;
  title: string;
  provider: string;
  url: string | null;
  activities: { id: number; title: string }[];
};
const list = async (token: string, qs = '') => {
  const res = await call(t.app, 'GET', `/dashboard/simulations${qs}`, { token });
  return {
    status: res.statusCode,
    body: res.json<{ data: Sim[]; meta: { page: number; per_page: number; total: number } }>(),
  };
};

describe('GET /dashboard/simulations', () => {
  it("lists a district's simulations by title, with the published activities it may read that show them", async () => {
    const { status, body } = await list(w.tokens.teacher);
    expect(status).toBe(200);
    expect(body.data.map((s) => s.title)).toEqual([
      'Alpha Plant Growth',
      'Alpine Heat Lab',
      'Gravity Force Lab',
      'Weather Data',
    ]);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 4 });
    const gravity = body.data.find((s) => s.id === m.phet.id)!;
    expect(gravity).toMatchObject({ provider: 'phet', url: 'https://phet.example.org/gravity' });
    // A2's own activity is not A1's to read; the draft shows nothing
    expect(gravity.activities).toEqual([{ id: act.shared.id, title: 'Forces and Heat' }]);
    expect(body.data.find((s) => s.id === m.tuva.id)!.activities).toEqual([]);
    const lab = body.data.find((s) => s.id === m.a2Vernier.id)!;
    expect(lab).toMatchObject({ provider: 'vernier', sensors: [{ id: sensorId, name: 'Temperature Probe' }] });
  });

  it("never lists another district's or domain's private content, deleted items or other media kinds", async () => {
    const a1 = await list(w.tokens.district, '?per_page=100');
    const ids = a1.body.data.map((s) => s.id);
    expect(ids).not.toContain(m.foreign.id);
    expect(ids).not.toContain(m.video.id);
    expect(ids).not.toContain(m.deleted.id);
    expect(JSON.stringify(a1.body)).not.toContain('Beta');
    // the domain admin sees A2's activity too, never domain B's
    const dom = await list(w.tokens.domain, '?search=gravity');
    expect(dom.body.data.map((s) => s.id)).toEqual([m.phet.id]);
    expect(dom.body.data[0]!.activities.map((a) => a.title)).toEqual(['Alpine only', 'Forces and Heat']);
    // an A2-owned item no published activity of A1 shows is not A1's (the codap of A1 is not A2's either)
    await w.pool.query("update activities set status = 'draft' where id = $1", [act.shared.id]);
    try {
      expect((await list(w.tokens.teacher)).body.data.map((s) => s.id)).not.toContain(m.a2Vernier.id);
    } finally {
      await w.pool.query("update activities set status = 'published' where id = $1", [act.shared.id]);
    }
  });

  it('filters by provider and search (wildcards literal) and pages', async () => {
    expect((await list(w.tokens.teacher, '?provider=tuva')).body.data.map((s) => s.id)).toEqual([m.tuva.id]);
    expect((await list(w.tokens.teacher, '?search=phet.example')).body.data.map((s) => s.id)).toEqual([m.phet.id]);
    expect((await list(w.tokens.teacher, '?search=%25')).body.data).toEqual([]);
    const p2 = await list(w.tokens.teacher, '?per_page=3&page=2');
    expect(p2.body.data.map((s) => s.title)).toEqual(['Weather Data']);
    expect(p2.body.meta).toEqual({ page: 2, per_page: 3, total: 4 });
  });

  it('answers 422 for bad params', async () => {
    for (const qs of ['?provider=youtube', '?page=0', '?per_page=101', '?page=abc', `?search=${'x'.repeat(256)}`]) {
      const res = await call(t.app, 'GET', `/dashboard/simulations${qs}`, { token: w.tokens.teacher });
      expect(res.statusCode, qs).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors).length, qs).toBeGreaterThan(0);
    }
  });

  it('is for holders of simulation view', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/simulations')).toEqual({
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
