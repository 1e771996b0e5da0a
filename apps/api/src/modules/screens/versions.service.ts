import { findPublishProblems } from '@aula/domain/activity-body';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { transactionWithEvents } from '../realtime/after-commit';
import type { DbOrTx } from '../../db/client';
import { activityFor, bodyOf, getBuilderState, mediaItemsFor } from './screens.service';
import { renderable, versionScreens } from './renderable-screens';
import * as repo from './screens.repo';

// Activity versions (001 section 4): a version is the draft's (screen, screen version, section, position) list at
// the time it was made, and freezes those screen versions (the next edit of such a screen makes a new version).
// Versions are published (with force past problems), scheduled for publishing by a job, and loaded back into the
// draft.

export const PUBLISH_SCHEDULED_JOB = 'activity-publish-scheduled';

/** POST /activities/:id/versions */
export async function createVersion(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  input: { title?: string | undefined; note?: string | undefined },
) {
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, activityId, 'write');
    const list = await repo.listScreens(tx, a.id);
    await repo.freezeScreenVersions(
      tx,
      list.map((s) => s.version.id),
    );
    const v = await repo.insertActivityVersion(tx, {
      activityId: a.id,
      title: input.title?.trim() || null,
      note: input.note ?? null,
      screens: list.map((s) => ({
        screen_id: s.id,
        version_id: s.version.id,
        section: s.section,
        position: s.position,
      })),
      createdBy: auth.user.id,
    });
    await repo.touchActivity(tx, a.id, auth.user.id);
    const history = await repo.listActivityVersions(tx, a.id);
    return history.find((h) => h.v.id === v.id)!;
  });
}

async function versionFor(db: DbOrTx, activityId: number, versionId: number) {
  const v = await repo.findActivityVersion(db, activityId, versionId);
  if (!v) throw new NotFoundError();
  return v;
}

/** GET /activities/:id/versions/:version_id: the version and its screens. */
export async function getVersion(deps: Deps, auth: AuthContext, activityId: number, versionId: number) {
  const a = await activityFor(deps.db, auth, activityId, 'read');
  const v = await versionFor(deps.db, a.id, versionId);
  const screens = await versionScreens(deps.db, v);
  const history = await repo.listActivityVersions(deps.db, a.id);
  const media = await mediaItemsFor(
    deps.db,
    auth,
    a.domainId,
    screens.flatMap((s) => s.body.media),
  );
  return { version: history.find((h) => h.v.id === v.id)!, screens, media };
}

/**
 * POST /activities/:id/versions/:version_id/load: the draft becomes that version again: its screens come back (even
 * removed ones) at their section and position with that version's bodies; screens added since are removed.
 */
export async function loadVersion(deps: Deps, auth: AuthContext, activityId: number, versionId: number) {
  await transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, activityId, 'write');
    const v = await versionFor(tx, a.id, versionId);
    const all = await repo.listScreens(tx, a.id, { includeRemoved: true });
    const wanted = new Map(v.screens.map((s) => [s.screen_id, s]));
    const now = new Date();
    for (const s of all) {
      const w = wanted.get(s.id);
      if (w) {
        await repo.updateScreen(tx, s.id, {
          section: w.section,
          position: w.position,
          currentVersionId: w.version_id,
          removedAt: null,
        });
      } else if (!s.removedAt) {
        await repo.updateScreen(tx, s.id, { removedAt: now });
      }
    }
    await repo.touchActivity(tx, a.id, auth.user.id);
  });
  return getBuilderState(deps, auth, activityId);
}

/** Why a version should not be published: per screen (numbered from 1 in the version's order), and an empty version. */
async function publishProblems(db: DbOrTx, v: repo.ActivityVersionRow): Promise<MessageRef[]> {
  const screens = await versionScreens(db, v);
  if (screens.length === 0) return [{ key: 'errors.activityContent.versionEmpty' }];
  const existing = await repo.existingMediaIds(
    db,
    screens.flatMap((s) => s.body.media),
  );
  return screens.flatMap((s, i) =>
    findPublishProblems(s.body, existing, i + 1).map((p) => ({ key: `${p.key}OnScreen`, params: p.params })),
  );
}

async function refuseProblems(db: DbOrTx, v: repo.ActivityVersionRow, force: boolean) {
  if (force) return;
  const problems = await publishProblems(db, v);
  if (problems.length > 0) throw new ConflictError({ key: 'errors.activityContent.versionHasProblems' }, problems);
}

/** POST /activities/:id/publish: without force a version with problems is refused (409 listing them). */
export async function publishVersion(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  input: { version_id: number; options?: { force?: boolean | undefined } | undefined },
) {
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, activityId, 'write');
    const v = await versionFor(tx, a.id, input.version_id);
    await refuseProblems(tx, v, !!input.options?.force);
    return publishNow(tx, a.id, v.id);
  });
}

async function publishNow(tx: DbOrTx, activityId: number, versionId: number) {
  const at = new Date();
  await repo.markVersionPublished(tx, versionId, at);
  return repo.updateActivity(tx, activityId, { status: 'published', publishedVersionId: versionId, publishedAt: at });
}

/**
 * POST /activities/:id/schedule: a job publishes the version at `publish_at` (a future time; 422 otherwise). The
 * version is checked now, as for publishing. A schedule replaces the previous one, whose job is cancelled.
 */
export async function scheduleVersion(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  input: { version_id: number; publish_at: string; options?: { force?: boolean | undefined } | undefined },
) {
  const at = new Date(input.publish_at);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now())
    throw ValidationError.field('publish_at', 'errors.activityContent.scheduleInPast', {}, true);
  const a = await activityFor(deps.db, auth, activityId, 'write');
  const v = await versionFor(deps.db, a.id, input.version_id);
  await refuseProblems(deps.db, v, !!input.options?.force);
  // the queue is another connection: never awaited inside a transaction (DESIGN.md 5)
  if (a.scheduledJobId) await deps.jobs.cancel(PUBLISH_SCHEDULED_JOB, a.scheduledJobId);
  const jobId = await deps.jobs.send(
    PUBLISH_SCHEDULED_JOB,
    { activity_id: a.id, version_id: v.id },
    { startAfter: at },
  );
  return repo.updateActivity(deps.db, a.id, { scheduledVersionId: v.id, scheduledAt: at, scheduledJobId: jobId });
}

/** DELETE /activities/:id/schedule: cancels the scheduled publishing, if any. */
export async function unscheduleVersion(deps: Deps, auth: AuthContext, activityId: number) {
  const a = await activityFor(deps.db, auth, activityId, 'write');
  if (a.scheduledJobId) await deps.jobs.cancel(PUBLISH_SCHEDULED_JOB, a.scheduledJobId);
  return repo.updateActivity(deps.db, a.id, { scheduledVersionId: null, scheduledAt: null, scheduledJobId: null });
}

/**
 * The scheduled job: publishes the version if this job is still the activity's schedule (an unscheduled or replaced
 * schedule whose job could not be cancelled in time does nothing).
 */
export async function runScheduledPublish(
  deps: Deps,
  data: { activity_id: number; version_id: number },
  jobId: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const a = await repo.findActivityById(tx, data.activity_id);
    if (!a || a.scheduledJobId !== jobId || a.scheduledVersionId !== data.version_id) return false;
    await publishNow(tx, a.id, data.version_id);
    await repo.updateActivity(tx, a.id, { scheduledVersionId: null, scheduledAt: null, scheduledJobId: null });
    return true;
  });
}

/** POST /activities/:id/preview: these screen versions of the activity's screens, in the order given. */
export async function previewScreenVersions(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  versionIds: readonly number[],
) {
  const a = await activityFor(deps.db, auth, activityId, 'read');
  const all = await repo.listScreens(deps.db, a.id, { includeRemoved: true });
  // a screen's own versions, and the versions a linked screen shares with its source
  const owners = new Map<number, repo.ScreenRow>();
  for (const s of all) {
    owners.set(s.id, s);
    if (s.linkedScreenId !== null) owners.set(s.linkedScreenId, s);
  }
  const versions = new Map((await repo.findScreenVersions(deps.db, versionIds)).map((v) => [v.id, v]));
  const screens = versionIds.map((id) => {
    const v = versions.get(id);
    const owner = v && owners.get(v.screenId);
    if (!v || !owner)
      throw ValidationError.field('screen_versions', 'errors.activityContent.screenVersionUnknown', { id }, true);
    return { screen_id: owner.id, version_id: v.id, section: owner.section, body: bodyOf(v) };
  });
  return renderable(deps.db, auth, a.domainId, screens);
}

/** GET /activities/:id/live-preview: the draft as it is now. */
export async function livePreview(deps: Deps, auth: AuthContext, activityId: number) {
  const a = await activityFor(deps.db, auth, activityId, 'read');
  const list = await repo.listScreens(deps.db, a.id);
  return renderable(
    deps.db,
    auth,
    a.domainId,
    list.map((s) => ({ screen_id: s.id, version_id: s.version.id, section: s.section, body: bodyOf(s.version) })),
  );
}

/**
 * GET /activities/:id/published-preview: the published version's screens, for everyone who may view activities
 * (teachers and admins included). An activity without a published version does not exist here (404), so a viewer
 * never learns of drafts; the tenant rule is the catalogue's (activity-scope.repo.ts).
 */
export async function publishedPreview(deps: Deps, auth: AuthContext, activityId: number) {
  const a = await activityFor(deps.db, auth, activityId, 'read');
  if (a.status !== 'published' || a.publishedVersionId === null) throw new NotFoundError();
  const v = await versionFor(deps.db, a.id, a.publishedVersionId);
  return renderable(deps.db, auth, a.domainId, await versionScreens(deps.db, v));
}
