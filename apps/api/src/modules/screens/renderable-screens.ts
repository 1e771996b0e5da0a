import type { AttemptScreen } from '@aula/domain/attempts';
import type { MediaItem, Question } from '@aula/domain/activity-content';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { bodyOf, mediaItemsFor } from './screens.service';
import * as repo from './screens.repo';

// A version's screens as the renderer takes them: the builder's previews (versions.service.ts) and a student's
// attempt at an assignment's pinned version (modules/attempts) read them the same way.

export type VersionScreen = { screen_id: number; version_id: number; section: number; body: ReturnType<typeof bodyOf> };

/** The screens of a version, in its order, with their bodies. */
export async function versionScreens(db: DbOrTx, v: repo.ActivityVersionRow) {
  const bodies = new Map(
    (
      await repo.findScreenVersions(
        db,
        v.screens.map((s) => s.version_id),
      )
    ).map((b) => [b.id, b]),
  );
  return [...v.screens]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ ...s, body: bodyOf(bodies.get(s.version_id)!) }));
}

/** The screens of an activity's version (none when the version is gone). */
export async function loadVersionScreens(db: DbOrTx, activityId: number, versionId: number | null) {
  if (versionId === null) return [];
  const v = await repo.findActivityVersion(db, activityId, versionId);
  return v ? versionScreens(db, v) : [];
}

/** Screens ready for the renderer: bodies, the media items they show (as the caller may see them), every question. */
export async function renderable(
  db: DbOrTx,
  auth: AuthContext,
  domainId: number,
  screens: readonly VersionScreen[],
): Promise<{ screens: AttemptScreen[]; media: MediaItem[]; questions: Question[] }> {
  const media = await mediaItemsFor(
    db,
    auth,
    domainId,
    screens.flatMap((s) => s.body.media),
  );
  return {
    screens: screens.map((s) => ({
      screen_id: s.screen_id,
      version_id: s.version_id,
      section: s.section,
      content: s.body.content,
      questions: s.body.questions,
      media: s.body.media,
      sensors: s.body.sensors,
    })),
    media,
    questions: screens.flatMap((s) => s.body.questions),
  };
}
