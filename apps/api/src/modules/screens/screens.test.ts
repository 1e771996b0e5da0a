import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lexicalFromText } from '@aula/domain/activity-content';
import { createMedia, createSensor } from '../../db/seed/catalogue-factories';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { createActivityWithScreens } from '../../db/seed/screen-factories';
import { buildWorld, countOf, PASSWORD, type World } from '../../../test/tenancy-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { bodyOf, json, readState, type ScreenJson } from './screens.test-kit';

let t: TestApp;
let w: World;
let author: string; // an account-level author (activity-management) in A1

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const role = await createCustomRole(w.db, {
    name: 'A1 authors',
    permissions: ['activity-management'],
    accountId: w.accA1.id,
    domainId: w.domA.id,
  });
  const u = await createUser(w.db, {
    role: 'custom',
    roleId: role.id,
    domainId: w.domA.id,
    accountId: w.accA1.id,
    email: 'author@a.test',
  });
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: u.email, password: PASSWORD } });
  author = res.json<{ data: { token: string } }>().data.token;
}, 120_000);
afterAll(async () => t?.close());

const D = '/dashboard';
const state = (activityId: number, token = w.tokens.domain) => readState(t, activityId, token);

describe('builder state', () => {
  it('lists the draft screens in order with bodies, links, history, media and sensors', async () => {
    const img = await createMedia(w.db, {
      type: 'image',
      domainId: w.domA.id,
      title: 'Cell',
      images: { small: '/media/files/c-s.jpg', medium: '/media/files/c-m.jpg', large: '/media/files/c-l.jpg' },
    });
    const sensor = await createSensor(w.db, { name: 'Thermometer' });
    const { activity, screens } = await createActivityWithScreens(w.db, {
      domainId: w.domA.id,
      screens: 3,
      sections: [1, 1, 2],
      mediaIds: [img.id],
    });
    const res = await call(t.app, 'GET', `${D}/activities/${activity.id}/screens`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    const data = json<{
      screens: ScreenJson[];
      media: { id: number; title: string; access: boolean; images: { small: string } }[];
      sensors: { id: number; name: string }[];
      history: unknown[];
      published_version_id: number | null;
    }>(res);
    expect(data.screens.map((s) => [s.screen_id, s.section, s.position])).toEqual([
      [screens[0]!.screen.id, 1, 1],
      [screens[1]!.screen.id, 1, 2],
      [screens[2]!.screen.id, 2, 3],
    ]);
    expect(data.screens[0]!.questions).toHaveLength(1);
    expect(data.screens[0]!).toMatchObject({ links: [], origin: null, linked: false });
    expect(data.media).toEqual([expect.objectContaining({ id: img.id, title: 'Cell', access: true })]);
    // stored files are served by the API, so the apps on other hosts get absolute addresses
    expect(data.media[0]!.images.small).toMatch(/^https?:\/\/[^/]+\/media\/files\/c-s\.jpg$/);
    expect(data.sensors).toContainEqual({ id: sensor.id, name: 'Thermometer' });
    expect(data).toMatchObject({ history: [], published_version_id: null });
  });

  it('is refused to roles without the builder (403) and hidden from other domains (404)', async () => {
    const { activity } = await createActivityWithScreens(w.db, { domainId: w.domA.id });
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id });
    const url = `${D}/activities/${activity.id}/screens`;
    expect((await call(t.app, 'GET', url, { token: w.tokens.teacher })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, { token: w.tokens.district })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, { token: w.tokens.student })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', url, { token: w.tokens.super })).statusCode).toBe(200);
    const res = await call(t.app, 'GET', `${D}/activities/${other.activity.id}/screens`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(404);
    // an account author sees the domain's shared activity but not another account's
    const a2 = await createActivityWithScreens(w.db, { domainId: w.domA.id, accountId: w.accA2.id });
    expect((await call(t.app, 'GET', url, { token: author })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${D}/activities/${a2.activity.id}/screens`, { token: author })).statusCode).toBe(
      404,
    );
  });
});

describe('screens and sections', () => {
  it('creates a screen at the end, or after a screen, starting a new section that moves later screens up', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 3 });
    const url = `${D}/activities/${activity.id}/screens`;
    const end = await call(t.app, 'POST', url, { token: w.tokens.domain, body: {} });
    expect(end.statusCode).toBe(200);
    expect(json<ScreenJson>(end)).toMatchObject({ section: 1, position: 4, content: [], questions: [], linked: false });
    const mid = await call(t.app, 'POST', url, {
      token: w.tokens.domain,
      body: { after_screen_id: screens[0]!.screen.id, section: 2 },
    });
    expect(mid.statusCode).toBe(200);
    const s = await state(activity.id);
    expect(s.screens.map((x) => [x.position, x.section])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    expect(s.screens[1]!.screen_id).toBe(json<ScreenJson>(mid).screen_id);
    const bad = await call(t.app, 'POST', url, {
      token: w.tokens.domain,
      body: { after_screen_id: screens[0]!.screen.id, section: 4 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'Sections must start at 1 and go up one at a time, without gaps.' });
    expect(await countOf(w, 'screens', `activity_id = ${activity.id}`)).toBe(5);
    // after the last screen of section 1, section 2 already starts: the new screen opens it, nothing moves
    const join = await call(t.app, 'POST', url, {
      token: w.tokens.domain,
      body: { after_screen_id: screens[0]!.screen.id, section: 2 },
    });
    expect(join.statusCode).toBe(200);
    expect((await state(activity.id)).screens.map((x) => x.section)).toEqual([1, 2, 2, 2, 2, 2]);
  });

  it('removes a screen; a section it empties goes and the sections above move down', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, {
      domainId: w.domA.id,
      screens: 4,
      sections: [1, 2, 3, 3],
    });
    const res = await call(t.app, 'DELETE', `${D}/screens/${screens[1]!.screen.id}`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    const s = await state(activity.id);
    expect(s.screens.map((x) => [x.screen_id, x.section, x.position])).toEqual([
      [screens[0]!.screen.id, 1, 1],
      [screens[2]!.screen.id, 2, 2],
      [screens[3]!.screen.id, 2, 3],
    ]);
    expect(await countOf(w, 'screens', `id = ${screens[1]!.screen.id} and removed_at is not null`)).toBe(1);
  });

  it('saves an order whose sections start at 1 and never skip; anything else is 422', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 3 });
    const [a, b, c] = screens.map((s) => s.screen.id) as [number, number, number];
    const url = `${D}/activities/${activity.id}/screens/order`;
    const ok = await call(t.app, 'PUT', url, {
      token: w.tokens.domain,
      body: {
        screens: [
          { screen_id: c, section: 1 },
          { screen_id: a, section: 2 },
          { screen_id: b, section: 2 },
        ],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(json<ScreenJson[]>(ok).map((s) => [s.screen_id, s.section, s.position])).toEqual([
      [c, 1, 1],
      [a, 2, 2],
      [b, 2, 3],
    ]);
    const gap = await call(t.app, 'PUT', url, {
      token: w.tokens.domain,
      body: {
        screens: [
          { screen_id: a, section: 1 },
          { screen_id: b, section: 3 },
          { screen_id: c, section: 3 },
        ],
      },
    });
    expect(gap.statusCode).toBe(422);
    expect(gap.json()).toMatchObject({ message: 'Sections must start at 1 and go up one at a time, without gaps.' });
    const missing = await call(t.app, 'PUT', url, {
      token: w.tokens.domain,
      body: { screens: [{ screen_id: a, section: 1 }] },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: 'The order must list every screen of the activity exactly once.' });
    expect((await state(activity.id)).screens.map((s) => s.screen_id)).toEqual([c, a, b]);
  });

  it('hands out fresh question and option ids', async () => {
    const res = await call(t.app, 'POST', `${D}/activity-builder/ids`, {
      token: w.tokens.domain,
      body: { questions: 3, options: 2 },
    });
    expect(res.statusCode).toBe(200);
    const ids = json<{ questions: number[]; options: number[] }>(res);
    expect(ids.questions).toHaveLength(3);
    expect(new Set(ids.questions).size).toBe(3);
    expect(ids.options).toHaveLength(2);
    const again = json<{ questions: number[] }>(
      await call(t.app, 'POST', `${D}/activity-builder/ids`, { token: w.tokens.domain, body: { questions: 1 } }),
    );
    expect(ids.questions).not.toContain(again.questions[0]);
    const bad = await call(t.app, 'POST', `${D}/activity-builder/ids`, {
      token: w.tokens.domain,
      body: { questions: 501 },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await call(t.app, 'POST', `${D}/activity-builder/ids`, { token: w.tokens.teacher, body: {} })).statusCode,
    ).toBe(403);
  });
});

describe('editing a screen', () => {
  it('saves the body in place while unfrozen, and as a new version once a version froze it', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const s0 = (await state(activity.id)).screens[0]!;
    const body = bodyOf(s0);
    body.content.push({
      id: 'new',
      columns: [
        {
          id: 'new-text',
          type: 'text',
          sizes: { large: 24 },
          content: { text: lexicalFromText(`See {question:${body.questions[0]!.id}}`) },
        },
      ],
    });
    const res = await call(t.app, 'PUT', `${D}/screens/${s0.screen_id}`, { token: w.tokens.domain, body });
    expect(res.statusCode).toBe(200);
    expect(json<ScreenJson>(res)).toMatchObject({ version_id: screens[0]!.version.id, content: body.content });
    expect(await countOf(w, 'screen_versions', `screen_id = ${s0.screen_id}`)).toBe(1);

    const v = await call(t.app, 'POST', `${D}/activities/${activity.id}/versions`, {
      token: w.tokens.domain,
      body: { title: 'First', note: 'before changes' },
    });
    expect(v.statusCode).toBe(200);
    expect(json(v)).toMatchObject({ number: 1, title: 'First', note: 'before changes', published_at: null });
    expect(await countOf(w, 'screen_versions', `id = ${screens[0]!.version.id} and frozen`)).toBe(1);

    body.content.pop();
    const res2 = await call(t.app, 'PUT', `${D}/screens/${s0.screen_id}`, { token: w.tokens.domain, body });
    expect(res2.statusCode).toBe(200);
    const newVersion = json<ScreenJson>(res2).version_id;
    expect(newVersion).not.toBe(screens[0]!.version.id);
    expect(await countOf(w, 'screen_versions', `screen_id = ${s0.screen_id}`)).toBe(2);
    // the frozen version kept the content it had
    const frozen = await w.pool.query<{ n: number }>(
      `select jsonb_array_length(content)::int as n from screen_versions where id = ${screens[0]!.version.id}`,
    );
    expect(frozen.rows[0]!.n).toBe(body.content.length + 1);
  });

  it('refuses broken references with a 422 naming them, and changes nothing', async () => {
    const { activity } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const s0 = (await state(activity.id)).screens[0]!;
    const url = `${D}/screens/${s0.screen_id}`;
    const missingQ = bodyOf(s0);
    missingQ.content.push({
      id: 'x',
      columns: [{ id: 'xq', type: 'question-radio', sizes: { large: 12 }, content: { question_id: 777777 } }],
    });
    let res = await call(t.app, 'PUT', url, { token: w.tokens.domain, body: missingQ });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Question 777777 is not one of this screen’s questions.' });

    const placeholder = bodyOf(s0);
    placeholder.content.push({
      id: 'p',
      columns: [
        { id: 'pt', type: 'text', sizes: { large: 24 }, content: { text: lexicalFromText('look {media:4242}') } },
      ],
    });
    res = await call(t.app, 'PUT', url, { token: w.tokens.domain, body: placeholder });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Media item 4242 is not in this screen’s media list.' });

    const foreign = await createMedia(w.db, { type: 'image', domainId: w.domB.id });
    const otherMedia = { ...bodyOf(s0), media: [foreign.id] };
    res = await call(t.app, 'PUT', url, { token: w.tokens.domain, body: otherMedia });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: `Media item ${foreign.id} does not exist or is not available.` });

    res = await call(t.app, 'PUT', url, { token: w.tokens.domain, body: { ...bodyOf(s0), sensors: [999999] } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Sensor 999999 does not exist.' });

    res = await call(t.app, 'PUT', url, { token: w.tokens.domain, body: { content: 'nope' } });
    expect(res.statusCode).toBe(422);

    expect((await state(activity.id)).screens[0]!.content).toEqual(s0.content);
  });

  it('refuses roles without the builder (403), other domains (404) and shared content to account authors (403)', async () => {
    const { activity } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const s0 = (await state(activity.id)).screens[0]!;
    const body = { ...bodyOf(s0), content: [] };
    const url = `${D}/screens/${s0.screen_id}`;
    expect((await call(t.app, 'PUT', url, { token: w.tokens.teacher, body })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', url, { token: author, body })).statusCode).toBe(403);
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id, screens: 1 });
    const res = await call(t.app, 'PUT', `${D}/screens/${other.screens[0]!.screen.id}`, {
      token: w.tokens.domain,
      body,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `${D}/screens/${other.screens[0]!.screen.id}`, { token: w.tokens.domain }))
        .statusCode,
    ).toBe(404);
    expect(await countOf(w, 'screens', `activity_id = ${other.activity.id} and removed_at is null`)).toBe(1);
    expect((await state(activity.id)).screens[0]!.content).toEqual(s0.content);
    // the account author's own activity is theirs to change
    const own = await createActivityWithScreens(w.db, { domainId: w.domA.id, accountId: w.accA1.id, screens: 1 });
    const ownRes = await call(t.app, 'PUT', `${D}/screens/${own.screens[0]!.screen.id}`, {
      token: author,
      body: { content: [], questions: [], media: [], sensors: [] },
    });
    expect(ownRes.statusCode).toBe(200);
  });
});
