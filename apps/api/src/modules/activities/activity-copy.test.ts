import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import { createFolder, createMedia, createSensor } from '../../db/seed/catalogue-factories';
import { createActivityWithScreens } from '../../db/seed/screen-factories';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { cloneBulkJob } from './activity-copy.jobs';
import { CLONE_BULK_JOB } from './activity-copy.service';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

const D = '/dashboard';
const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
interface CopyJson {
  id: number;
  title: string;
  status: string;
  domain_id: number;
  account_id: number | null;
  source_activity_id: number | null;
  screens_count: number;
}
interface ScreenJson {
  screen_id: number;
  section: number;
  questions: { id: number; options: { id: number }[] }[];
  media: number[];
  sensors: number[];
  origin: { screen_id: number } | null;
  content: { columns: { content: { media_id?: number; question_id?: number } }[] }[];
}

async function screensOf(activityId: number) {
  const res = await call(t.app, 'GET', `${D}/activities/${activityId}/screens`, { token: w.tokens.domain });
  expect(res.statusCode).toBe(200);
  return json<{ screens: ScreenJson[] }>(res).screens;
}

describe('duplicate and clone', () => {
  it('duplicates an activity beside the original: draft, same owner and folders, new screens and question ids', async () => {
    const folder = await createFolder(w.db, { domainId: w.domA.id, title: 'Biology' });
    const src = await createActivityWithScreens(w.db, {
      domainId: w.domA.id,
      screens: 3,
      sections: [1, 2, 2],
      title: 'Cells',
    });
    await w.pool.query(
      `insert into activity_folders (folder_id, activity_id) values (${folder.id}, ${src.activity.id})`,
    );
    const res = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/duplicate`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    const copy = json<CopyJson>(res);
    expect(copy).toMatchObject({
      title: 'Cells (copy)',
      status: 'draft',
      domain_id: w.domA.id,
      account_id: null,
      source_activity_id: src.activity.id,
      screens_count: 3,
    });
    const es = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/duplicate`, {
      token: w.tokens.domain,
      lang: 'es',
    });
    expect(json<CopyJson>(es).title).toBe('Cells (copia)');
    expect(await countOf(w, 'activity_folders', `activity_id = ${copy.id} and folder_id = ${folder.id}`)).toBe(1);
    const screens = await screensOf(copy.id);
    expect(screens.map((s) => s.section)).toEqual([1, 2, 2]);
    expect(screens[0]!.origin?.screen_id).toBe(src.screens[0]!.screen.id);
    expect(screens[0]!.questions[0]!.id).not.toBe(src.screens[0]!.version.questions[0]!.id);
  });

  it('refuses duplicates to teachers (403) and of other domains (404)', async () => {
    const b = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    const before = await countOf(w, 'activities');
    expect(
      (await call(t.app, 'POST', `${D}/activities/${b.activity.id}/duplicate`, { token: w.tokens.domain })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `${D}/activities/${b.activity.id}/duplicate`, { token: w.tokens.teacher })).statusCode,
    ).toBe(403);
    expect(await countOf(w, 'activities')).toBe(before);
  });

  it('clones into an account of the domain; another domain’s account is 404 and a bad id 422', async () => {
    const src = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2, title: 'Forces' });
    const res = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/clone`, {
      token: w.tokens.domain,
      body: { account_id: w.accA2.id },
    });
    expect(res.statusCode).toBe(200);
    expect(json<CopyJson>(res)).toMatchObject({ title: 'Forces', account_id: w.accA2.id, screens_count: 2 });
    const bad = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/clone`, {
      token: w.tokens.domain,
      body: { account_id: w.accB1.id },
    });
    expect(bad.statusCode).toBe(404);
    const invalid = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/clone`, {
      token: w.tokens.domain,
      body: { account_id: 'x' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(await countOf(w, 'activities', `source_activity_id = ${src.activity.id}`)).toBe(1);
    // without a body a domain caller's clone is owned like the original
    const plain = await call(t.app, 'POST', `${D}/activities/${src.activity.id}/clone`, { token: w.tokens.domain });
    expect(plain.statusCode).toBe(200);
    expect(json<CopyJson>(plain)).toMatchObject({ account_id: null, source_activity_id: src.activity.id });
  });
});

describe('clone in bulk', () => {
  it('queues a job that clones into the folder and notifies the requester naming the folder', async () => {
    const folder = await createFolder(w.db, {
      domainId: w.domA.id,
      accountId: w.accA1.id,
      title: 'District copies',
    });
    const a = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1, title: 'One' });
    const b = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2, title: 'Two' });
    const res = await call(t.app, 'POST', `${D}/activities/clone-bulk`, {
      token: w.tokens.domain,
      body: { activity_ids: [a.activity.id, b.activity.id], target_folder_id: folder.id },
    });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toMatchObject({ count: 2, folder: { id: folder.id, title: 'District copies' } });
    const sent = t.jobs.sent.at(-1)!;
    expect(sent).toMatchObject({
      name: CLONE_BULK_JOB,
      payload: {
        user_id: w.users.domain.id,
        activity_ids: [a.activity.id, b.activity.id],
        target_folder_id: folder.id,
      },
    });
    const before = t.events.published.length;
    await cloneBulkJob.handler(t.app.deps, cloneBulkJob.payload.parse(sent.payload), { id: 'j', retryCount: 0 });
    const rows = await w.pool.query<{ id: number; title: string; account_id: number }>(
      `select a.id, a.title, a.account_id from activities a join activity_folders f on f.activity_id = a.id
        where f.folder_id = ${folder.id} order by a.id`,
    );
    expect(rows.rows.map((r) => [r.title, r.account_id])).toEqual([
      ['One', w.accA1.id],
      ['Two', w.accA1.id],
    ]);
    const n = await w.pool.query<{ type: string; message: { folder: { title: string }; count: number } }>(
      `select type, message from notifications where user_id = ${w.users.domain.id} order by created_at desc limit 1`,
    );
    expect(n.rows[0]).toMatchObject({
      type: 'activity-clone-bulk-completed',
      message: { folder: { id: folder.id, title: 'District copies' }, count: 2 },
    });
    expect(t.events.published.slice(before)).toContainEqual(
      expect.objectContaining({
        channel: `private-user.${w.users.domain.id}`,
        event: REALTIME_EVENTS.notificationCreated,
        payload: expect.objectContaining({ type: 'activity-clone-bulk-completed' }),
      }),
    );
  });

  it('refuses other tenants’ folders and activities (404), teachers (403) and empty lists (422)', async () => {
    const folderB = await createFolder(w.db, { domainId: w.domB.id });
    const folderA = await createFolder(w.db, { domainId: w.domA.id });
    const a = await createActivityWithScreens(w.db, { domainId: w.domA.id });
    const b = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    const sentBefore = t.jobs.sent.length;
    const post = (token: string, body: unknown) => call(t.app, 'POST', `${D}/activities/clone-bulk`, { token, body });
    expect(
      (await post(w.tokens.domain, { activity_ids: [a.activity.id], target_folder_id: folderB.id })).statusCode,
    ).toBe(404);
    expect(
      (await post(w.tokens.domain, { activity_ids: [b.activity.id], target_folder_id: folderA.id })).statusCode,
    ).toBe(404);
    expect(
      (await post(w.tokens.teacher, { activity_ids: [a.activity.id], target_folder_id: folderA.id })).statusCode,
    ).toBe(403);
    const empty = await post(w.tokens.domain, { activity_ids: [], target_folder_id: folderA.id });
    expect(empty.statusCode).toBe(422);
    expect(t.jobs.sent.length).toBe(sentBefore);
  });
});

describe('export and import', () => {
  it('exports one document and imports it twice as two independent activities with matched media', async () => {
    const img = await createMedia(w.db, {
      type: 'image',
      domainId: w.domA.id,
      title: 'Mitosis',
      location: '/media/mitosis.jpg',
    });
    const sensor = await createSensor(w.db, { name: 'Force sensor' });
    const src = await createActivityWithScreens(w.db, {
      domainId: w.domA.id,
      screens: 2,
      sections: [1, 2],
      mediaIds: [img.id],
      title: 'Cell division',
      kind: 'ngss',
    });
    await w.pool.query(
      `update screen_versions set sensors = '[${sensor.id}]'::jsonb where id = ${src.screens[1]!.version.id}`,
    );
    const res = await call(t.app, 'GET', `${D}/activities/${src.activity.id}/export`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="activity-${src.activity.id}.json"`);
    const doc = res.json<{
      format: string;
      version: number;
      activity: unknown;
      screens: unknown[];
      media: unknown[];
    }>();
    expect(doc).toMatchObject({
      format: 'aula-activity',
      version: 1,
      activity: { title: 'Cell division', kind: 'ngss' },
      media: [{ id: img.id, type: 'image', title: 'Mitosis', location: '/media/mitosis.jpg', stored: [] }],
    });
    expect(doc.screens[1]).toMatchObject({ section: 2, sensors: ['Force sensor'] });

    // another domain imports it: the media item is recreated there, twice gives two activities
    const domainB = await call(t.app, 'POST', `${D}/activities/import`, {
      token: w.tokens.super,
      body: { document: doc, domain_id: w.domB.id },
    });
    expect(domainB.statusCode).toBe(200);
    expect(json<CopyJson>(domainB)).toMatchObject({ title: 'Cell division', domain_id: w.domB.id, screens_count: 2 });
    const first = await call(t.app, 'POST', `${D}/activities/import`, {
      token: w.tokens.domain,
      body: { document: doc },
    });
    expect(first.statusCode).toBe(200);
    const again = await call(t.app, 'POST', `${D}/activities/import`, {
      token: w.tokens.domain,
      body: { document: doc },
    });
    const x = json<CopyJson>(first);
    const y = json<CopyJson>(again);
    expect(x.id).not.toBe(y.id);
    const sx = await screensOf(x.id);
    const sy = await screensOf(y.id);
    expect(sx.map((s) => s.section)).toEqual([1, 2]);
    expect(sx[0]!.questions[0]!.id).not.toBe(sy[0]!.questions[0]!.id);
    expect(sx[0]!.questions[0]!.id).not.toBe(src.screens[0]!.version.questions[0]!.id);
    const item = sx[0]!.content.flatMap((r) => r.columns).find((c) => c.content.question_id !== undefined)!;
    expect(item.content.question_id).toBe(sx[0]!.questions[0]!.id);
    // the same domain's media item (same kind and location) is matched, not copied
    expect(sx[0]!.media).toEqual([img.id]);
    expect(sx[1]!.sensors).toEqual([sensor.id]);
    expect(await countOf(w, 'media', `location = '/media/mitosis.jpg'`)).toBe(2);
    expect(await countOf(w, 'media', `location = '/media/mitosis.jpg' and domain_id = ${w.domB.id}`)).toBe(1);
    // editing one import leaves the other alone
    await call(t.app, 'PUT', `${D}/screens/${sx[0]!.screen_id}`, {
      token: w.tokens.domain,
      body: { content: [], questions: [], media: [], sensors: [] },
    });
    expect((await screensOf(y.id))[0]!.questions).toHaveLength(1);
  });

  it('refuses a malformed document with a 422 and writes nothing', async () => {
    const before = await countOf(w, 'activities');
    const post = (document: unknown) =>
      call(t.app, 'POST', `${D}/activities/import`, { token: w.tokens.domain, body: { document } });
    let res = await post({ format: 'something-else' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'This file is not a valid activity export.' });
    res = await post('not even an object');
    expect(res.statusCode).toBe(422);
    const broken = {
      format: 'aula-activity',
      version: 1,
      activity: { title: 'X', kind: 'ngss' },
      screens: [{ section: 1, content: [], questions: [], media: [99], sensors: [] }],
      media: [],
    };
    res = await post(broken);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Media item 99 does not exist or is not available.' });
    res = await post({ ...broken, screens: [{ ...broken.screens[0], media: [], section: 2 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Sections must start at 1 and go up one at a time, without gaps.' });
    expect(await countOf(w, 'activities')).toBe(before);
    expect(
      (await call(t.app, 'POST', `${D}/activities/import`, { token: w.tokens.teacher, body: { document: broken } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses exports to teachers (403) and of other domains (404)', async () => {
    const b = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    expect(
      (await call(t.app, 'GET', `${D}/activities/${b.activity.id}/export`, { token: w.tokens.domain })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `${D}/activities/${b.activity.id}/export`, { token: w.tokens.teacher })).statusCode,
    ).toBe(403);
  });
});
