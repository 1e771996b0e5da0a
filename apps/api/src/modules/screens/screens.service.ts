import { findBodyReferenceProblems, freshIdMaps, countIds, remapScreenBody } from '@aula/domain/activity-body';
import type { ScreenBody } from '@aula/domain/activity-content';
import { isValidSectionOrder, removeScreen } from '@aula/domain/activity-screens';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import type { DbOrTx, Tx } from '../../db/client';
import type { ScreenOrigin } from '../../db/schema';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { transactionWithEvents } from '../realtime/after-commit';
import { publishActivityEvent } from './screens.events';
import { presentMediaItem, presentScreen, type LinkDto, type ScreenDto } from './screens.present';
import * as repo from './screens.repo';

// Screens of an activity's draft: create, edit (copy-on-write), remove, order, duplicate, clone, link and unlink
// (001 sections 3 and 4).

export const EMPTY_BODY: ScreenBody = { content: [], questions: [], media: [], sensors: [] };

export function bodyOf(v: repo.ScreenVersionRow): ScreenBody {
  return { content: v.content, questions: v.questions, media: v.media, sensors: v.sensors };
}

/** The activity as the caller may use it: 404 when they may not read it, 403 when they need to change it but may not. */
export async function activityFor(db: DbOrTx, auth: AuthContext, id: number, need: 'read' | 'write') {
  const a = await repo.findActivityForCaller(db, tenantScopeOf(auth), id);
  if (!a) throw new NotFoundError();
  if (need === 'write' && !a.writable) throw new ForbiddenError();
  return a;
}

/** Screens by id in the given order; any the caller may not read is a 404, any they may not change a 403. */
async function screensFor(tx: DbOrTx, auth: AuthContext, ids: readonly number[], need: 'read' | 'write') {
  const found = await repo.findScreensForCaller(tx, tenantScopeOf(auth), ids);
  const byId = new Map(found.map((f) => [f.screen.id, f]));
  return ids.map((id) => {
    const f = byId.get(id);
    if (!f) throw new NotFoundError();
    if (need === 'write' && !f.writable) throw new ForbiddenError();
    return f;
  });
}

async function linksByScreen(db: DbOrTx, screenIds: readonly number[]): Promise<Map<number, LinkDto[]>> {
  const map = new Map<number, LinkDto[]>();
  for (const l of await repo.listLinksOf(db, screenIds)) {
    const list = map.get(l.source_id!) ?? [];
    list.push(l);
    map.set(l.source_id!, list);
  }
  return map;
}

export async function presentScreens(db: DbOrTx, list: readonly repo.ScreenWithBody[]): Promise<ScreenDto[]> {
  const links = await linksByScreen(
    db,
    list.map((s) => s.id),
  );
  return list.map((s) => presentScreen(s, links.get(s.id) ?? []));
}

/** Media items (000 section 3) for these ids, in id order; ones the caller may not read have access false. */
export async function mediaItemsFor(db: DbOrTx, auth: AuthContext, domainId: number, ids: Iterable<number>) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  // most screens show no media: no queries then (a student's attempt opens on this path)
  if (unique.length === 0) return [];
  const rows = await repo.findMedia(db, tenantScopeOf(auth), unique);
  const sensorNames = new Map((await repo.listSensorsOfDomain(db, domainId)).map((s) => [s.id, s.name]));
  return rows.sort((a, b) => a.m.id - b.m.id).map((r) => presentMediaItem(r.m, r.readable, sensorNames));
}

/** GET /activities/:id/screens: the content part of the builder state. */
export async function getBuilderState(deps: Deps, auth: AuthContext, activityId: number) {
  const a = await activityFor(deps.db, auth, activityId, 'read');
  const list = await repo.listScreens(deps.db, a.id);
  const [screens, history, media, sensors] = await Promise.all([
    presentScreens(deps.db, list),
    repo.listActivityVersions(deps.db, a.id),
    mediaItemsFor(
      deps.db,
      auth,
      a.domainId,
      list.flatMap((s) => s.version.media),
    ),
    repo.listSensorsOfDomain(deps.db, a.domainId),
  ]);
  return { activity: a, screens, history, media, sensors };
}

function throwProblems(problems: { field: string; key: string; params: Record<string, string | number> }[]) {
  if (problems.length === 0) return;
  const fieldErrors: Record<string, MessageRef[]> = {};
  for (const p of problems) (fieldErrors[p.field] ??= []).push({ key: p.key, params: p.params });
  const first = problems[0]!;
  throw new ValidationError(fieldErrors, { key: first.key, params: first.params });
}

/**
 * A body may be saved when its references hold (findBodyReferenceProblems), every media item it lists exists and the
 * caller may use it, and every sensor is one the activity's domain offers. 422 names the first broken reference.
 */
export async function checkBody(tx: DbOrTx, auth: AuthContext, domainId: number, body: ScreenBody) {
  const problems = findBodyReferenceProblems(body);
  throwProblems(problems);
  const rows = await repo.findMedia(tx, tenantScopeOf(auth), body.media);
  const usable = new Set(rows.filter((r) => r.readable).map((r) => r.m.id));
  throwProblems(
    body.media
      .filter((id) => !usable.has(id))
      .map((id) => ({ field: 'media', key: 'errors.activityContent.mediaUnavailable', params: { id } })),
  );
  const sensors = new Set((await repo.listSensorsOfDomain(tx, domainId)).map((s) => s.id));
  throwProblems(
    body.sensors
      .filter((id) => !sensors.has(id))
      .map((id) => ({ field: 'sensors', key: 'errors.activityContent.sensorUnknown', params: { id } })),
  );
}

/** Writes new positions (1..n in this order) and sections for screens whose place changed. */
async function saveOrder(tx: Tx, before: readonly repo.ScreenRow[], after: readonly { id: number; section: number }[]) {
  const old = new Map(before.map((s) => [s.id, s]));
  for (const [i, s] of after.entries()) {
    const o = old.get(s.id);
    if (!o || o.position !== i + 1 || o.section !== s.section)
      await repo.updateScreen(tx, s.id, { position: i + 1, section: s.section });
  }
}

/**
 * POST /activities/:id/screens: a new empty screen after `after_screen_id` (default: at the end) in that screen's
 * section, or starting the next section (later screens then move up one section, 001 section 4).
 */
export async function createScreen(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  input: { after_screen_id?: number | undefined; section?: number | undefined },
) {
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, activityId, 'write');
    const list = await repo.listScreens(tx, a.id);
    let index = list.length - 1;
    if (input.after_screen_id !== undefined) {
      index = list.findIndex((s) => s.id === input.after_screen_id);
      if (index < 0) throw ValidationError.field('after_screen_id', 'errors.activityContent.screenNotInActivity');
    }
    const prev = index >= 0 ? list[index]!.section : 1;
    const section = input.section ?? prev;
    const order = list.map((s) => ({ id: s.id, section: s.section }));
    if (section === prev + 1 && index >= 0) {
      // a new section starts here: every later screen moves up one section, unless the next screen already starts
      // that section (then the new screen simply opens it)
      if (order[index + 1]?.section === prev) for (let i = index + 1; i < order.length; i++) order[i]!.section += 1;
    } else if (section !== prev) {
      throw ValidationError.field('section', 'errors.activityContent.sectionOrderInvalid', {}, true);
    }
    const screen = await repo.insertScreen(tx, { activityId: a.id, section, position: index + 2 });
    const version = await repo.insertScreenVersion(tx, {
      screenId: screen.id,
      body: EMPTY_BODY,
      createdBy: auth.user.id,
    });
    await repo.updateScreen(tx, screen.id, { currentVersionId: version.id });
    order.splice(index + 1, 0, { id: screen.id, section });
    await saveOrder(tx, [...list, { ...screen, position: index + 2 }], order);
    await repo.touchActivity(tx, a.id, auth.user.id);
    const [created] = await repo.listScreens(tx, a.id).then((l) => l.filter((s) => s.id === screen.id));
    return presentScreen(created!);
  });
}

/**
 * PUT /screens/:screen_id: saves a screen's body. A linked screen is read-only (409). The current version is edited
 * in place unless an activity version froze it or it belongs to another screen; then a new version is made and the
 * screen, and every screen linked to it, moves to it (edits of a source reach its linked screens).
 */
export async function updateScreen(deps: Deps, auth: AuthContext, screenId: number, body: ScreenBody) {
  return transactionWithEvents(deps, async (tx) => {
    const [{ screen, activity }] = (await screensFor(tx, auth, [screenId], 'write')) as [
      Awaited<ReturnType<typeof screensFor>>[number],
    ];
    if (screen.linkedScreenId !== null) throw new ConflictError({ key: 'errors.activityContent.screenLinked' });
    await checkBody(tx, auth, activity.domainId, body);
    let version: repo.ScreenVersionRow;
    if (!screen.version.frozen && screen.version.screenId === screen.id) {
      version = await repo.updateScreenVersionBody(tx, screen.version.id, body);
    } else {
      version = await repo.insertScreenVersion(tx, { screenId: screen.id, body, createdBy: auth.user.id });
      await repo.updateScreen(tx, screen.id, { currentVersionId: version.id });
      await repo.moveLinkedScreens(tx, screen.id, version.id);
    }
    await repo.touchActivity(tx, activity.id, auth.user.id);
    const links = await repo.listLinksOf(tx, [screen.id]);
    await publishActivityEvent(deps, tx, REALTIME_EVENTS.activityScreenUpdated, [
      { activityId: activity.id, payload: { screen_id: screen.id, version_id: version.id } },
      ...links.map((l) => ({
        activityId: l.activity_id,
        payload: { screen_id: l.screen_id, version_id: version.id, source_screen_id: screen.id },
      })),
    ]);
    return presentScreen({ ...screen, currentVersionId: version.id, version }, links);
  });
}

/**
 * DELETE /screens/:screen_id: marks the screen removed (a version load can bring it back). When that empties its
 * section, the section goes and the sections above move down (001 section 4).
 */
export async function deleteScreen(deps: Deps, auth: AuthContext, screenId: number) {
  await transactionWithEvents(deps, async (tx) => {
    const [{ activity }] = (await screensFor(tx, auth, [screenId], 'write')) as [
      Awaited<ReturnType<typeof screensFor>>[number],
    ];
    const list = await repo.listScreens(tx, activity.id);
    const { screens } = removeScreen(list, [], screenId);
    await repo.updateScreen(tx, screenId, { removedAt: new Date() });
    await saveOrder(
      tx,
      list.filter((s) => s.id !== screenId),
      screens.filter((s) => s.id !== screenId),
    );
    await repo.touchActivity(tx, activity.id, auth.user.id);
  });
}

/** PUT /activities/:id/screens/order: every live screen once, sections 1..n never going down or skipping (422). */
export async function orderScreens(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  order: readonly { screen_id: number; section: number }[],
) {
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, activityId, 'write');
    const list = await repo.listScreens(tx, a.id);
    const ids = new Set(list.map((s) => s.id));
    const given = new Set(order.map((o) => o.screen_id));
    if (given.size !== order.length || given.size !== ids.size || [...given].some((id) => !ids.has(id)))
      throw ValidationError.field('screens', 'errors.activityContent.orderScreensMismatch', {}, true);
    if (!isValidSectionOrder(order.map((o) => o.section)))
      throw ValidationError.field('screens', 'errors.activityContent.sectionOrderInvalid', {}, true);
    await saveOrder(
      tx,
      list,
      order.map((o) => ({ id: o.screen_id, section: o.section })),
    );
    await repo.touchActivity(tx, a.id, auth.user.id);
    return presentScreens(tx, await repo.listScreens(tx, a.id));
  });
}

/** POST /activity-builder/ids: fresh question and option ids for the builder's new questions and options. */
export async function takeIds(deps: Deps, questions: number, options: number) {
  return repo.nextIds(deps.db, questions, options);
}

/** Copies of these bodies with fresh question and option ids (media ids stay unless mapped). */
export async function withFreshIds(
  tx: DbOrTx,
  bodies: readonly ScreenBody[],
  media: ReadonlyMap<number, number> = new Map(),
): Promise<ScreenBody[]> {
  const need = countIds(bodies);
  const fresh = await repo.nextIds(tx, need.questions, need.options);
  const maps = freshIdMaps(bodies, fresh, media);
  return bodies.map((b, i) => remapScreenBody(b, maps[i]!));
}

export function originOf(s: repo.ScreenWithBody, activity: { id: number; title: string }): ScreenOrigin {
  return { screen_id: s.id, version_id: s.version.id, activity_id: activity.id, activity_title: activity.title };
}

/**
 * Inserts copies of `sources` into `activityId` at `index` (after that many screens; default the end) in `section`
 * (default: the last section), each with its own version and fresh question and option ids. Linked copies share the
 * source's version instead. Returns the new screens in order.
 */
export async function insertCopies(
  tx: Tx,
  actorId: number | null,
  activityId: number,
  sources: readonly { screen: repo.ScreenWithBody; origin: ScreenOrigin | null; link: boolean; section?: number }[],
  at?: { index: number },
): Promise<repo.ScreenWithBody[]> {
  const list = await repo.listScreens(tx, activityId);
  const index = at?.index ?? list.length;
  const bodies = await withFreshIds(
    tx,
    sources.filter((s) => !s.link).map((s) => bodyOf(s.screen.version)),
  );
  const created: repo.ScreenWithBody[] = [];
  let b = 0;
  for (const src of sources) {
    const section = src.section ?? (index > 0 ? list[index - 1]!.section : 1);
    const screen = await repo.insertScreen(tx, {
      activityId,
      section,
      position: 0,
      origin: src.origin,
      linkedScreenId: src.link ? (src.screen.linkedScreenId ?? src.screen.id) : null,
      currentVersionId: src.link ? src.screen.version.id : null,
    });
    let version = src.screen.version;
    if (!src.link) {
      version = await repo.insertScreenVersion(tx, { screenId: screen.id, body: bodies[b++]!, createdBy: actorId });
      await repo.updateScreen(tx, screen.id, { currentVersionId: version.id });
    }
    created.push({ ...screen, currentVersionId: version.id, version });
  }
  const order = [
    ...list.slice(0, index).map((s) => ({ id: s.id, section: s.section })),
    ...created.map((s) => ({ id: s.id, section: s.section })),
    ...list.slice(index).map((s) => ({ id: s.id, section: s.section })),
  ];
  await saveOrder(tx, [...list, ...created], order);
  await repo.touchActivity(tx, activityId, actorId);
  const positions = new Map(order.map((o, i) => [o.id, i + 1]));
  return created.map((c) => ({ ...c, position: positions.get(c.id)! }));
}

/** POST /screens/duplicate: each screen is copied right after itself, in its section, as an independent screen. */
export async function duplicateScreens(deps: Deps, auth: AuthContext, screenIds: readonly number[]) {
  return transactionWithEvents(deps, async (tx) => {
    const found = await screensFor(tx, auth, screenIds, 'write');
    const created: repo.ScreenWithBody[] = [];
    for (const { screen, activity } of found) {
      const list = await repo.listScreens(tx, activity.id);
      const index = list.findIndex((s) => s.id === screen.id) + 1;
      created.push(
        ...(await insertCopies(
          tx,
          auth.user.id,
          activity.id,
          [{ screen, origin: screen.origin ?? null, link: false, section: screen.section }],
          { index },
        )),
      );
    }
    return created.map((s) => presentScreen(s));
  });
}

/** POST /screens/clone: copies of screens the caller may read, appended to an activity they may change. */
export async function cloneScreens(deps: Deps, auth: AuthContext, activityId: number, screenIds: readonly number[]) {
  return transactionWithEvents(deps, async (tx) => {
    const target = await activityFor(tx, auth, activityId, 'write');
    const found = await screensFor(tx, auth, screenIds, 'read');
    for (const f of found) {
      if (f.activity.domainId !== target.domainId)
        throw ValidationError.field('screen_ids', 'errors.activityContent.otherDomain', {}, true);
    }
    const created = await insertCopies(
      tx,
      auth.user.id,
      target.id,
      found.map((f) => ({ screen: f.screen, origin: originOf(f.screen, f.activity), link: false })),
    );
    return created.map((s) => presentScreen(s));
  });
}

/**
 * POST /screens/link: screens in the target activity that follow each source (share its current version; edits of
 * the source reach them). A linked source's own source is followed. Linking into the source's own activity is 422.
 */
export async function linkScreens(deps: Deps, auth: AuthContext, activityId: number, screenIds: readonly number[]) {
  return transactionWithEvents(deps, async (tx) => {
    const target = await activityFor(tx, auth, activityId, 'write');
    const found = await screensFor(tx, auth, screenIds, 'read');
    for (const f of found) {
      if (f.activity.id === target.id)
        throw ValidationError.field('activity_id', 'errors.activityContent.linkSameActivity', {}, true);
      if (f.activity.domainId !== target.domainId)
        throw ValidationError.field('screen_ids', 'errors.activityContent.otherDomain', {}, true);
    }
    const created = await insertCopies(
      tx,
      auth.user.id,
      target.id,
      found.map((f) => ({ screen: f.screen, origin: originOf(f.screen, f.activity), link: true })),
    );
    await publishActivityEvent(deps, tx, REALTIME_EVENTS.activityScreenLinked, [
      ...created.map((s) => ({
        activityId: target.id,
        payload: { screen_id: s.id, version_id: s.version.id, source_screen_id: s.linkedScreenId },
      })),
      ...found.map((f) => ({
        activityId: f.activity.id,
        payload: { screen_id: f.screen.id, target_activity_id: target.id },
      })),
    ]);
    return created.map((s) => presentScreen(s));
  });
}

/**
 * POST /screens/disconnect: the three unlink cases of 001 section 4.
 * - no target (keep): the source's links are cleared; every screen that followed it keeps its content as its own;
 * - a target activity (keep): screens of that activity that come from the source (linked or cloned) lose their
 *   origin and link and keep their content;
 * - a target with delete_targets: those screens are removed from the target activity.
 * The shared version is frozen so that the source's next edit no longer reaches the unlinked screens.
 */
export async function disconnectScreens(
  deps: Deps,
  auth: AuthContext,
  input: { source: number; target?: number | undefined; delete_targets?: boolean | undefined },
) {
  return transactionWithEvents(deps, async (tx) => {
    const [{ screen: source, activity }] = (await screensFor(tx, auth, [input.source], 'write')) as [
      Awaited<ReturnType<typeof screensFor>>[number],
    ];
    const events: { activityId: number; payload: Record<string, unknown> }[] = [];
    let affected: { id: number; activityId: number }[];
    if (input.target === undefined) {
      if (input.delete_targets)
        throw ValidationError.field('target', 'errors.activityContent.targetRequired', {}, true);
      affected = await repo.clearLinksOf(tx, source.id);
    } else {
      const target = await activityFor(tx, auth, input.target, 'write');
      const from = await repo.listScreensFrom(tx, target.id, source.id);
      affected = from.map((s) => ({ id: s.id, activityId: target.id }));
      if (input.delete_targets) {
        for (const s of from) {
          const list = await repo.listScreens(tx, target.id);
          const { screens } = removeScreen(list, [], s.id);
          await repo.updateScreen(tx, s.id, { removedAt: new Date() });
          await saveOrder(
            tx,
            list.filter((x) => x.id !== s.id),
            screens.filter((x) => x.id !== s.id),
          );
        }
      } else {
        for (const s of from) await repo.updateScreen(tx, s.id, { linkedScreenId: null, origin: null });
      }
      await repo.touchActivity(tx, target.id, auth.user.id);
    }
    await repo.freezeScreenVersions(tx, [source.version.id]);
    for (const s of affected)
      events.push({
        activityId: s.activityId,
        payload: { screen_id: s.id, source_screen_id: source.id, deleted: !!input.delete_targets },
      });
    events.push({ activityId: activity.id, payload: { screen_id: source.id, unlinked: affected.map((s) => s.id) } });
    await publishActivityEvent(deps, tx, REALTIME_EVENTS.activityScreenUnlinked, events);
    const links = await repo.listLinksOf(tx, [source.id]);
    const [fresh] = await screensFor(tx, auth, [source.id], 'read');
    return { source: presentScreen(fresh!.screen, links), affected: affected.map((s) => s.id) };
  });
}
