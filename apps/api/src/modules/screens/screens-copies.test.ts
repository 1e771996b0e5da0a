// Screens: duplicate, clone and link (state, sections and editing: screens.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import { createActivityWithScreens } from '../../db/seed/screen-factories';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { bodyOf, json, readState, type ScreenJson } from './screens.test-kit';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

const D = '/dashboard';
const state = (activityId: number, token = w.tokens.domain) => readState(t, activityId, token);

describe('duplicate, clone and link', () => {
  it('duplicates a screen right after itself with new question and option ids', async () => {
    const { activity, screens } = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 2 });
    const res = await call(t.app, 'POST', `${D}/screens/duplicate`, {
      token: w.tokens.domain,
      body: { screen_ids: [screens[0]!.screen.id] },
    });
    expect(res.statusCode).toBe(200);
    const [copy] = json<ScreenJson[]>(res);
    const s = await state(activity.id);
    expect(s.screens.map((x) => x.screen_id)).toEqual([screens[0]!.screen.id, copy!.screen_id, screens[1]!.screen.id]);
    const original = screens[0]!.version.questions[0]!;
    const dup = copy!.questions[0]!;
    expect(dup.id).not.toBe(original.id);
    expect(dup.options.map((o) => o.id)).not.toContain(original.options[0]!.id);
    const item = copy!.content.flatMap((r) => r.columns).find((c) => c.type === 'question-radio')!;
    expect(item.content.question_id).toBe(dup.id);
  });

  it('clones screens into another activity with their origin', async () => {
    const src = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1, title: 'Source' });
    const dst = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const res = await call(t.app, 'POST', `${D}/screens/clone`, {
      token: w.tokens.domain,
      body: { activity_id: dst.activity.id, screen_ids: [src.screens[0]!.screen.id] },
    });
    expect(res.statusCode).toBe(200);
    const [clone] = json<ScreenJson[]>(res);
    expect(clone).toMatchObject({
      position: 2,
      linked: false,
      origin: {
        screen_id: src.screens[0]!.screen.id,
        version_id: src.screens[0]!.version.id,
        activity_id: src.activity.id,
        activity_title: 'Source',
      },
    });
    expect(clone!.questions[0]!.id).not.toBe(src.screens[0]!.version.questions[0]!.id);
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id, screens: 1 });
    const refused = await call(t.app, 'POST', `${D}/screens/clone`, {
      token: w.tokens.domain,
      body: { activity_id: dst.activity.id, screen_ids: [other.screens[0]!.screen.id] },
    });
    expect(refused.statusCode).toBe(404);
    expect(await countOf(w, 'screens', `activity_id = ${dst.activity.id}`)).toBe(2);
  });

  it('links screens: they follow the source, are read-only, and the three unlink cases behave as 001 says', async () => {
    const src = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1, title: 'Source' });
    const dst = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1, title: 'Target' });
    const sourceId = src.screens[0]!.screen.id;
    const before = t.events.published.length;
    const res = await call(t.app, 'POST', `${D}/screens/link`, {
      token: w.tokens.domain,
      body: { activity_id: dst.activity.id, screen_ids: [sourceId] },
    });
    expect(res.statusCode).toBe(200);
    const [linked] = json<ScreenJson[]>(res);
    expect(linked).toMatchObject({ linked: true, version_id: src.screens[0]!.version.id });
    const events = t.events.published.slice(before);
    expect(events).toContainEqual({
      channel: `private-account.${w.accA1.id}`,
      event: REALTIME_EVENTS.activityScreenLinked,
      payload: expect.objectContaining({ activity_id: dst.activity.id, screen_id: linked!.screen_id }),
    });
    const srcState = await state(src.activity.id);
    expect(srcState.screens[0]!.links).toEqual([
      {
        screen_id: linked!.screen_id,
        version_id: src.screens[0]!.version.id,
        activity_id: dst.activity.id,
        activity_title: 'Target',
      },
    ]);

    // edits of the source reach the linked screen, also when they make a new version
    await call(t.app, 'POST', `${D}/activities/${src.activity.id}/versions`, { token: w.tokens.domain, body: {} });
    const edited = { ...bodyOf(srcState.screens[0]!), content: srcState.screens[0]!.content.slice(0, 1) };
    const upd = await call(t.app, 'PUT', `${D}/screens/${sourceId}`, { token: w.tokens.domain, body: edited });
    expect(upd.statusCode).toBe(200);
    const newVersion = json<ScreenJson>(upd).version_id;
    let dstState = await state(dst.activity.id);
    expect(dstState.screens[1]).toMatchObject({ version_id: newVersion, content: edited.content, linked: true });
    expect(t.events.published.slice(before)).toContainEqual(
      expect.objectContaining({
        event: REALTIME_EVENTS.activityScreenUpdated,
        payload: expect.objectContaining({ activity_id: dst.activity.id, screen_id: linked!.screen_id }),
      }),
    );

    // a linked screen is read-only
    const ro = await call(t.app, 'PUT', `${D}/screens/${linked!.screen_id}`, { token: w.tokens.domain, body: edited });
    expect(ro.statusCode).toBe(409);
    expect(ro.json()).toEqual({
      message: 'This screen is linked to a screen of another activity and cannot be edited here. Disconnect it first.',
    });

    // case 2: a target with keep clears origin (and the link) on the target's screens from the source
    let dis = await call(t.app, 'POST', `${D}/screens/disconnect`, {
      token: w.tokens.domain,
      body: { source: sourceId, target: dst.activity.id },
    });
    expect(dis.statusCode).toBe(200);
    dstState = await state(dst.activity.id);
    expect(dstState.screens[1]).toMatchObject({ origin: null, linked: false, content: edited.content });
    // its content no longer follows the source
    const again = { ...edited, content: [] };
    await call(t.app, 'PUT', `${D}/screens/${sourceId}`, { token: w.tokens.domain, body: again });
    expect((await state(dst.activity.id)).screens[1]!.content).toEqual(edited.content);

    // case 1: no target (keep) clears the source's links; the copies keep their origin and content
    const l2 = json<ScreenJson[]>(
      await call(t.app, 'POST', `${D}/screens/link`, {
        token: w.tokens.domain,
        body: { activity_id: dst.activity.id, screen_ids: [sourceId] },
      }),
    )[0]!;
    dis = await call(t.app, 'POST', `${D}/screens/disconnect`, { token: w.tokens.domain, body: { source: sourceId } });
    expect(dis.statusCode).toBe(200);
    expect(json<{ source: ScreenJson; affected: number[] }>(dis)).toMatchObject({
      source: { links: [] },
      affected: [l2.screen_id],
    });
    const kept = (await state(dst.activity.id)).screens.find((s) => s.screen_id === l2.screen_id)!;
    expect(kept).toMatchObject({ linked: false, origin: expect.objectContaining({ screen_id: sourceId }) });
    expect(t.events.published.slice(before)).toContainEqual(
      expect.objectContaining({ event: REALTIME_EVENTS.activityScreenUnlinked }),
    );

    // case 3: a target with delete_targets removes the target's screens from the source
    const l3 = json<ScreenJson[]>(
      await call(t.app, 'POST', `${D}/screens/link`, {
        token: w.tokens.domain,
        body: { activity_id: dst.activity.id, screen_ids: [sourceId] },
      }),
    )[0]!;
    dis = await call(t.app, 'POST', `${D}/screens/disconnect`, {
      token: w.tokens.domain,
      body: { source: sourceId, target: dst.activity.id, delete_targets: true },
    });
    expect(dis.statusCode).toBe(200);
    const ids = (await state(dst.activity.id)).screens.map((s) => s.screen_id);
    expect(ids).not.toContain(l3.screen_id);
    expect(ids).not.toContain(l2.screen_id); // it still came from the source (origin)
    expect(ids).toContain(dst.screens[0]!.screen.id);

    const noTarget = await call(t.app, 'POST', `${D}/screens/disconnect`, {
      token: w.tokens.domain,
      body: { source: sourceId, delete_targets: true },
    });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json()).toMatchObject({ message: 'Choose the activity whose linked screens should be deleted.' });
  });

  it('refuses linking into the source activity (422), by teachers (403) and across domains (404)', async () => {
    const src = await createActivityWithScreens(w.db, { domainId: w.domA.id, screens: 1 });
    const body = { activity_id: src.activity.id, screen_ids: [src.screens[0]!.screen.id] };
    const same = await call(t.app, 'POST', `${D}/screens/link`, { token: w.tokens.domain, body });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ message: 'A screen cannot be linked into its own activity.' });
    expect((await call(t.app, 'POST', `${D}/screens/link`, { token: w.tokens.teacher, body })).statusCode).toBe(403);
    const other = await createActivityWithScreens(w.db, { domainId: w.domB.id, screens: 1 });
    const res = await call(t.app, 'POST', `${D}/screens/link`, {
      token: w.tokens.domain,
      body: { activity_id: other.activity.id, screen_ids: [src.screens[0]!.screen.id] },
    });
    expect(res.statusCode).toBe(404);
    expect(await countOf(w, 'screens', `activity_id = ${other.activity.id}`)).toBe(1);
  });
});
