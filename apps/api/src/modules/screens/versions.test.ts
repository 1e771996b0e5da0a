import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenBody } from '@aula/domain/activity-content';
import { createMedia } from '../../db/seed/catalogue-factories';
import { createActivityWithScreens } from '../../db/seed/screen-factories';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { publishScheduledJob } from './screens.jobs';
import { PUBLISH_SCHEDULED_JOB } from './versions.service';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

const D = '/dashboard';
const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
interface ScreenJson extends ScreenBody {
  screen_id: number;
  version_id: number;
  section: number;
}

async function screensOf(activityId: number) {
  const res = await call(t.app, 'GET', `${D}/activities/${activityId}/screens`, { token: w.tokens.domain });
  return json<{
    screens: ScreenJson[];
    history: { id: number; number: number }[];
    published_version_id: number | null;
  }>(res);
}

async function makeVersion(activityId: number, title?: string) {
  const res = await call(t.app, 'POST', `${D}/activities/${activityId}/versions`, {
    token: w.tokens.domain,
    body: title ? { title } : {},
  });
  expect(res.statusCode).toBe(200);
  return json<{ id: number; number: number; title: string; created_by_name: string }>(res);
}

describe('versions', () => {
  it('adds versions to the history, numbered, and shows one with its screens', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2 });
    const v1 = await makeVersion(activity.id);
    const v2 = await makeVersion(activity.id, 'Second');
    expect(v1).toMatchObject({ number: 1, title: '1', created_by_name: expect.stringContaining('Test') });
    expect(v2).toMatchObject({ number: 2, title: 'Second' });
    expect((await screensOf(activity.id)).history.map((h) => h.number)).toEqual([2, 1]);
    const res = await call(t.app, 'GET', `${D}/activities/${activity.id}/versions/${v1.id}`, {
      token: w.tokens.domain,
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ screens: { screen_id: number; version_id: number }[] }>(res).screens).toEqual([
      expect.objectContaining({ screen_id: screens[0]!.screen.id, version_id: screens[0]!.version.id }),
      expect.objectContaining({ screen_id: screens[1]!.screen.id, version_id: screens[1]!.version.id }),
    ]);
    const bad = await call(t.app, 'POST', `${D}/activities/${activity.id}/versions`, {
      token: w.tokens.domain,
      body: { title: 'x'.repeat(201) },
    });
    expect(bad.statusCode).toBe(422);
    expect(await countOf(w, 'activity_versions', `activity_id = ${activity.id}`)).toBe(2);
  });

  it('loads a version back: bodies, order, removed screens return and later screens go', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2 });
    const v1 = await makeVersion(activity.id);
    const first = (await screensOf(activity.id)).screens[0]!;
    await call(t.app, 'PUT', `${D}/screens/${first.screen_id}`, {
      token: w.tokens.domain,
      body: { content: [], questions: [], media: [], sensors: [] },
    });
    await call(t.app, 'DELETE', `${D}/screens/${screens[1]!.screen.id}`, { token: w.tokens.domain });
    const added = json<{ screen_id: number }>(
      await call(t.app, 'POST', `${D}/activities/${activity.id}/screens`, { token: w.tokens.domain, body: {} }),
    );
    const res = await call(t.app, 'POST', `${D}/activities/${activity.id}/versions/${v1.id}/load`, {
      token: w.tokens.domain,
    });
    expect(res.statusCode).toBe(200);
    const loaded = json<{ screens: ScreenJson[] }>(res).screens;
    expect(loaded.map((s) => [s.screen_id, s.version_id])).toEqual([
      [screens[0]!.screen.id, screens[0]!.version.id],
      [screens[1]!.screen.id, screens[1]!.version.id],
    ]);
    expect(loaded[0]!.content).toEqual(screens[0]!.version.content);
    expect(await countOf(w, 'screens', `id = ${added.screen_id} and removed_at is not null`)).toBe(1);
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    const refused = await call(t.app, 'POST', `${D}/activities/${other.activity.id}/versions/${v1.id}/load`, {
      token: w.tokens.domain,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', `${D}/activities/${activity.id}/versions/${v1.id}/load`, { token: w.tokens.teacher }))
        .statusCode,
    ).toBe(403);
  });

  it('publishes: a version with problems is refused (409 listing them) unless forced', async () => {
    const img = await createMedia(w.db, { type: 'image', domainId: w.domA.id });
    const { activity } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2, mediaIds: [img.id] });
    const s = (await screensOf(activity.id)).screens[1]!;
    const noCorrect = structuredClone<ScreenBody>({
      content: s.content,
      questions: s.questions,
      media: s.media,
      sensors: [],
    });
    for (const o of noCorrect.questions[0]!.options) o.is_correct = false;
    expect(
      (await call(t.app, 'PUT', `${D}/screens/${s.screen_id}`, { token: w.tokens.domain, body: noCorrect })).statusCode,
    ).toBe(200);
    await w.pool.query(`update media set deleted_at = now() where id = ${img.id}`);
    const v = await makeVersion(activity.id);
    const url = `${D}/activities/${activity.id}/publish`;
    const refused = await call(t.app, 'POST', url, { token: w.tokens.domain, body: { version_id: v.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This version has problems. Fix them, or publish with force.',
      problems: [
        `Screen 1: media item ${img.id} no longer exists.`,
        `Screen 2: question ${noCorrect.questions[0]!.id} has no correct option.`,
      ],
    });
    expect(await countOf(w, 'activities', `id = ${activity.id} and status = 'draft'`)).toBe(1);
    const forced = await call(t.app, 'POST', url, {
      token: w.tokens.domain,
      body: { version_id: v.id, options: { force: true } },
    });
    expect(forced.statusCode).toBe(200);
    expect(json(forced)).toMatchObject({ status: 'published', published_version_id: v.id });
    expect(await countOf(w, 'activity_versions', `id = ${v.id} and published_at is not null`)).toBe(1);
    expect((await screensOf(activity.id)).published_version_id).toBe(v.id);
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    expect(
      (
        await call(t.app, 'POST', `${D}/activities/${other.activity.id}/publish`, {
          token: w.tokens.domain,
          body: { version_id: v.id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', url, { token: w.tokens.teacher, body: { version_id: v.id } })).statusCode).toBe(
      403,
    );
  });

  it('schedules publishing as a job at the time, unschedules, and the job publishes only its own schedule', async () => {
    const { activity } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const v = await makeVersion(activity.id);
    const url = `${D}/activities/${activity.id}/schedule`;
    const past = await call(t.app, 'POST', url, {
      token: w.tokens.domain,
      body: { version_id: v.id, publish_at: '2001-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ message: 'Choose a publishing time in the future.' });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await call(t.app, 'POST', url, { token: w.tokens.domain, body: { version_id: v.id, publish_at: at } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ scheduled_version_id: v.id, scheduled_at: at, status: 'draft' });
    const sent = t.jobs.sent.at(-1)!;
    expect(sent).toMatchObject({
      name: PUBLISH_SCHEDULED_JOB,
      payload: { activity_id: activity.id, version_id: v.id },
    });
    expect(sent.startAfter?.toISOString()).toBe(at);
    const jobId = String(t.jobs.sent.length);

    // unschedule cancels the job; a job that still runs does nothing
    const un = await call(t.app, 'DELETE', url, { token: w.tokens.domain });
    expect(un.statusCode).toBe(200);
    expect(json(un)).toMatchObject({ scheduled_version_id: null, scheduled_at: null });
    expect(t.jobs.cancelled).toContainEqual({ name: PUBLISH_SCHEDULED_JOB, id: jobId });
    await publishScheduledJob.handler(
      t.app.deps,
      { activity_id: activity.id, version_id: v.id },
      { id: jobId, retryCount: 0 },
    );
    expect(await countOf(w, 'activities', `id = ${activity.id} and status = 'draft'`)).toBe(1);

    // scheduled again, the job publishes at its time
    await call(t.app, 'POST', url, { token: w.tokens.domain, body: { version_id: v.id, publish_at: at } });
    const id2 = String(t.jobs.sent.length);
    await publishScheduledJob.handler(
      t.app.deps,
      { activity_id: activity.id, version_id: v.id },
      { id: id2, retryCount: 0 },
    );
    const row = await w.pool.query<{ status: string; published_version_id: number; scheduled_at: Date | null }>(
      `select status, published_version_id, scheduled_at from activities where id = ${activity.id}`,
    );
    expect(row.rows[0]).toEqual({ status: 'published', published_version_id: v.id, scheduled_at: null });
    expect((await call(t.app, 'DELETE', url, { token: w.tokens.teacher })).statusCode).toBe(403);
  });
});

describe('previews', () => {
  it('returns renderer-ready screens, media and questions for screen versions and for the live draft', async () => {
    const img = await createMedia(w.db, { type: 'image', domainId: w.domA.id, title: 'Leaf' });
    const { activity, screens } = await createActivityWithScreens(w.db, {
      domainId: w.domA.id,
      screens: 2,
      mediaIds: [img.id],
    });
    const res = await call(t.app, 'POST', `${D}/activities/${activity.id}/preview`, {
      token: w.tokens.domain,
      body: { screen_versions: [screens[1]!.version.id, screens[0]!.version.id] },
    });
    expect(res.statusCode).toBe(200);
    const data = json<{
      screens: { screen_id: number }[];
      media: { id: number; title: string }[];
      questions: { id: number }[];
    }>(res);
    expect(data.screens.map((s) => s.screen_id)).toEqual([screens[1]!.screen.id, screens[0]!.screen.id]);
    expect(data.media).toEqual([expect.objectContaining({ id: img.id, title: 'Leaf', access: true })]);
    expect(data.questions.map((q) => q.id).sort()).toEqual(
      [...screens[0]!.version.questions, ...screens[1]!.version.questions].map((q) => q.id).sort(),
    );
    const other = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const foreign = await call(t.app, 'POST', `${D}/activities/${activity.id}/preview`, {
      token: w.tokens.domain,
      body: { screen_versions: [other.screens[0]!.version.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      message: `Screen version ${other.screens[0]!.version.id} is not part of this activity.`,
    });
    const live = await call(t.app, 'GET', `${D}/activities/${activity.id}/live-preview`, { token: w.tokens.domain });
    expect(live.statusCode).toBe(200);
    expect(json<{ screens: unknown[] }>(live).screens).toHaveLength(2);
    const b = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    expect(
      (await call(t.app, 'GET', `${D}/activities/${b.activity.id}/live-preview`, { token: w.tokens.domain }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `${D}/activities/${activity.id}/live-preview`, { token: w.tokens.teacher })).statusCode,
    ).toBe(403);
  });
});

describe('published preview (viewers)', () => {
  const preview = (id: number, token: string) =>
    call(t.app, 'GET', `${D}/activities/${id}/published-preview`, { token });

  it('gives viewers the published version, not the draft edited since', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2 });
    const v = await makeVersion(activity.id);
    const published = await call(t.app, 'POST', `${D}/activities/${activity.id}/publish`, {
      token: w.tokens.domain,
      body: { version_id: v.id, options: { force: true } },
    });
    expect(published.statusCode).toBe(200);
    // a screen added to the draft after publishing stays out of the viewers' preview
    const added = await call(t.app, 'POST', `${D}/activities/${activity.id}/screens`, {
      token: w.tokens.domain,
      body: {},
    });
    expect(added.statusCode).toBe(200);
    for (const actor of ['teacher', 'school', 'district', 'domain', 'super'] as const) {
      const res = await preview(activity.id, w.tokens[actor]);
      expect(res.statusCode, actor).toBe(200);
      const body = json<{ screens: { screen_id: number; version_id: number; content: unknown[] }[] }>(res);
      expect(body.screens.map((s) => [s.screen_id, s.version_id])).toEqual(
        screens.map((s) => [s.screen.id, s.version.id]),
      );
      expect(body.screens[0]!.content.length).toBeGreaterThan(0);
    }
    const live = await call(t.app, 'GET', `${D}/activities/${activity.id}/live-preview`, { token: w.tokens.domain });
    expect(json<{ screens: unknown[] }>(live).screens).toHaveLength(3);
  });

  it('refuses drafts (404, even to builders), other tenants (404) and roles without activity view (403)', async () => {
    const draft = await createActivityWithScreens(w.db, { domainId: w.domA.id });
    expect((await preview(draft.activity.id, w.tokens.teacher)).statusCode).toBe(404);
    expect((await preview(draft.activity.id, w.tokens.domain)).statusCode).toBe(404);

    const publish = async (activityId: number, token = w.tokens.domain) => {
      const v = await call(t.app, 'POST', `${D}/activities/${activityId}/versions`, { token, body: {} });
      expect(v.statusCode).toBe(200);
      const res = await call(t.app, 'POST', `${D}/activities/${activityId}/publish`, {
        token,
        body: { version_id: json<{ id: number }>(v).id, options: { force: true } },
      });
      expect(res.statusCode).toBe(200);
    };
    // another district's activity of the same domain, and another domain's
    const a2 = await createActivityWithScreens(w.db, { domainId: w.domA.id, accountId: w.accA2.id });
    await publish(a2.activity.id);
    expect((await preview(a2.activity.id, w.tokens.domain)).statusCode).toBe(200);
    expect((await preview(a2.activity.id, w.tokens.teacher)).statusCode).toBe(404);
    expect((await preview(a2.activity.id, w.tokens.district)).statusCode).toBe(404);
    const b = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    await publish(b.activity.id, w.tokens.super);
    expect((await preview(b.activity.id, w.tokens.super)).statusCode).toBe(200);
    expect((await preview(b.activity.id, w.tokens.domain)).statusCode).toBe(404);
    expect((await preview(b.activity.id, w.tokens.teacher)).statusCode).toBe(404);

    const shared = await createActivityWithScreens(w.db, { domainId: w.domA.id });
    await publish(shared.activity.id);
    // a student's session is not a dashboard session
    expect((await preview(shared.activity.id, w.tokens.student)).statusCode).toBe(401);
    expect((await preview(shared.activity.id, w.tokens.custom)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${D}/activities/${shared.activity.id}/published-preview`)).statusCode).toBe(401);
  });
});
