import type { z } from 'zod';
import { findBodyReferenceProblems } from '@aula/domain/activity-body';
import { EXPORT_FORMAT, exportDocumentSchema, type ExportDocument } from '@aula/domain/activity-authoring';
import type { ScreenBody } from '@aula/domain/activity-content';
import { isValidSectionOrder } from '@aula/domain/activity-screens';
import type { LanguageCode } from '@aula/domain/languages';
import { translate } from '@aula/i18n/translate';
import type { Tx } from '../../db/client';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { notifyUser } from '../notifications/notifications.service';
import { transactionWithEvents } from '../realtime/after-commit';
import { activityFor, insertCopies, originOf, withFreshIds } from '../screens/screens.service';
import * as screensRepo from '../screens/screens.repo';
import * as repo from './activity-copy.repo';

// Whole-activity copies (issue 4 items 1 and 6): duplicate (a copy beside the original), clone (a copy in the
// caller's own space), clone in bulk into a folder (a job that ends with an 'activity-clone-bulk-completed'
// notification naming the folder), export as one JSON document and import of such a document.

export const CLONE_BULK_JOB = 'activity-clone-bulk';

/**
 * Copies an activity's draft (its live screens, in order and sections) into a new draft activity. Screens get fresh
 * question and option ids and their origin is the screen they were copied from; a screen that followed another
 * keeps following it.
 */
async function copyActivity(
  tx: Tx,
  actorId: number | null,
  source: repo.ActivityRow,
  to: { domainId: number; accountId: number | null; title: string; keepFolders: boolean },
): Promise<repo.ActivityRow> {
  const copy = await repo.insertActivity(tx, {
    domainId: to.domainId,
    accountId: to.accountId,
    title: to.title,
    description: source.description,
    kind: source.kind,
    sourceActivityId: source.id,
    createdBy: actorId,
  });
  if (to.domainId === source.domainId) await repo.copyActivityLabels(tx, source.id, copy.id);
  if (to.keepFolders) await repo.copyActivityFolders(tx, source.id, copy.id);
  const screens = await screensRepo.listScreens(tx, source.id);
  await insertCopies(
    tx,
    actorId,
    copy.id,
    screens.map((s) => ({
      screen: s,
      origin: originOf(s, source),
      link: s.linkedScreenId !== null,
      section: s.section,
    })),
  );
  return copy;
}

/** POST /activities/:id/duplicate: a copy owned like the original, in its folders, titled '{title} (copy)'. */
export async function duplicateActivity(deps: Deps, auth: AuthContext, id: number, lang: LanguageCode) {
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, id, 'write');
    return copyActivity(tx, auth.user.id, a, {
      domainId: a.domainId,
      accountId: a.accountId,
      title: translate(lang, 'activityCopy.duplicateTitle', { title: a.title }),
      keepFolders: true,
    });
  });
}

/**
 * POST /activities/:id/clone: a copy of an activity the caller may read, in their own space: the given account (one
 * they reach, in the activity's domain), else their own account, else (domain callers and provider staff) owned like
 * the original.
 */
export async function cloneActivity(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { account_id?: number | undefined },
) {
  const scope = tenantScopeOf(auth);
  return transactionWithEvents(deps, async (tx) => {
    const a = await activityFor(tx, auth, id, 'read');
    let accountId: number | null;
    if (input.account_id !== undefined) {
      const acc = await repo.findAccountInScope(tx, scope, input.account_id);
      if (!acc) throw new NotFoundError();
      if (acc.domainId !== a.domainId)
        throw ValidationError.field('account_id', 'errors.activityContent.otherDomain', {}, true);
      accountId = acc.id;
    } else if (scope.kind === 'account' || scope.kind === 'organization') {
      accountId = scope.accountId;
    } else {
      accountId = a.accountId;
    }
    return copyActivity(tx, auth.user.id, a, {
      domainId: a.domainId,
      accountId,
      title: a.title,
      keepFolders: false,
    });
  });
}

/**
 * POST /activities/clone-bulk: checks now that the caller may read every activity and fill the folder (404
 * otherwise), then a job clones them into it.
 */
export async function cloneBulk(
  deps: Deps,
  auth: AuthContext,
  input: { activity_ids: number[]; target_folder_id: number },
) {
  const scope = tenantScopeOf(auth);
  const folder = await repo.findFolderWritable(deps.db, scope, input.target_folder_id);
  if (!folder) throw new NotFoundError();
  const ids = [...new Set(input.activity_ids)];
  for (const id of ids) {
    const a = await activityFor(deps.db, auth, id, 'read');
    if (a.domainId !== folder.domainId)
      throw ValidationError.field('activity_ids', 'errors.activityContent.otherDomain', {}, true);
  }
  const jobId = await deps.jobs.send(CLONE_BULK_JOB, {
    user_id: auth.user.id,
    activity_ids: ids,
    target_folder_id: folder.id,
  });
  return { job_id: jobId, count: ids.length, folder: { id: folder.id, title: folder.title } };
}

/** The clone-bulk job: one transaction; the notification is stored with the clones and pushed after commit. */
export async function runCloneBulk(
  deps: Deps,
  data: { user_id: number; activity_ids: number[]; target_folder_id: number },
) {
  const folder = await repo.findFolder(deps.db, data.target_folder_id);
  if (!folder) return null;
  return transactionWithEvents(deps, async (tx) => {
    const sources = await repo.findActivitiesByIds(tx, data.activity_ids);
    const byId = new Map(sources.map((s) => [s.id, s]));
    const created: number[] = [];
    for (const id of data.activity_ids) {
      const source = byId.get(id);
      if (!source) continue;
      const copy = await copyActivity(tx, data.user_id, source, {
        domainId: folder.domainId,
        accountId: folder.accountId,
        title: source.title,
        keepFolders: false,
      });
      await repo.addActivityToFolder(tx, copy.id, folder.id);
      created.push(copy.id);
    }
    await notifyUser(deps, tx, {
      userId: data.user_id,
      type: 'activity-clone-bulk-completed',
      message: {
        folder: { id: folder.id, title: folder.title },
        count: created.length,
        activity_ids: created,
        source_activity_ids: data.activity_ids,
      },
    });
    return created;
  });
}

/** GET /activities/:id/export: the draft's screens and the media they use, as one document another district imports. */
export async function exportActivity(deps: Deps, auth: AuthContext, id: number): Promise<ExportDocument> {
  const a = await activityFor(deps.db, auth, id, 'read');
  const screens = await screensRepo.listScreens(deps.db, a.id);
  const sensorNames = new Map((await repo.listSensorsForDomain(deps.db, a.domainId)).map((s) => [s.id, s.name]));
  const mediaRows = await repo.findMediaRows(deps.db, [...new Set(screens.flatMap((s) => s.version.media))]);
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    activity: { title: a.title, description: a.description, kind: a.kind as ExportDocument['activity']['kind'] },
    screens: screens.map((s) => ({
      section: s.section,
      content: s.version.content,
      questions: s.version.questions,
      media: s.version.media,
      sensors: s.version.sensors.flatMap((id) => (sensorNames.has(id) ? [sensorNames.get(id)!] : [])),
    })),
    media: mediaRows
      .sort((x, y) => x.id - y.id)
      .map((m) => ({
        id: m.id,
        type: m.type as ExportDocument['media'][number]['type'],
        title: m.title,
        location: m.location,
        images: m.images ?? null,
        stored: m.stored,
        sensors: m.sensorIds.flatMap((sid) => (sensorNames.has(sid) ? [sensorNames.get(sid)!] : [])),
      })),
  };
}

function documentErrors(error: z.ZodError): ValidationError {
  const fieldErrors: Record<string, MessageRef[]> = {};
  for (const issue of error.issues.slice(0, 20)) {
    const field = ['document', ...issue.path.map(String)].join('.');
    (fieldErrors[field] ??= []).push({ key: 'errors.activityContent.documentInvalid', params: { path: field } });
  }
  return new ValidationError(fieldErrors, { key: 'errors.activityContent.documentMalformed' });
}

/**
 * POST /activities/import: a new, independent draft activity from an export document: new screens, new question and
 * option ids, and each media item matched (same kind and location, usable by the caller) or recreated. Importing
 * the same document twice makes two activities that share nothing but matched media. A malformed document is 422.
 */
export async function importActivity(
  deps: Deps,
  auth: AuthContext,
  input: { document: unknown; folder_id?: number | undefined; domain_id?: number | undefined },
) {
  const parsed = exportDocumentSchema.safeParse(input.document);
  if (!parsed.success) throw documentErrors(parsed.error);
  const doc = parsed.data;
  const mediaIds = new Set(doc.media.map((m) => m.id));
  for (const [i, s] of doc.screens.entries()) {
    const problems = findBodyReferenceProblems({ ...s, sensors: [] });
    for (const id of s.media)
      if (!mediaIds.has(id))
        problems.push({ field: 'media', key: 'errors.activityContent.mediaUnavailable', params: { id } });
    if (problems.length > 0) {
      const p = problems[0]!;
      throw new ValidationError(
        { [`document.screens.${i}.${p.field}`]: problems.map((x) => ({ key: x.key, params: x.params })) },
        { key: p.key, params: p.params },
      );
    }
  }
  if (!isValidSectionOrder(doc.screens.map((s) => s.section)))
    throw ValidationError.field('document.screens', 'errors.activityContent.sectionOrderInvalid', {}, true);

  const scope = tenantScopeOf(auth);
  let domainId: number;
  let accountId: number | null = null;
  if (scope.kind === 'global') {
    if (input.domain_id === undefined) throw ValidationError.field('domain_id', 'errors.domainRequired', {}, true);
    const exists = await repo.domainExists(deps.db, input.domain_id);
    if (!exists) throw new NotFoundError();
    domainId = input.domain_id;
  } else {
    domainId = scope.domainId;
    if (scope.kind !== 'domain') accountId = scope.accountId;
  }
  const folder =
    input.folder_id === undefined ? undefined : await repo.findFolderWritable(deps.db, scope, input.folder_id);
  if (input.folder_id !== undefined && (!folder || folder.domainId !== domainId)) throw new NotFoundError();

  return transactionWithEvents(deps, async (tx) => {
    const sensorIds = new Map((await repo.listSensorsForDomain(tx, domainId)).map((s) => [s.name.toLowerCase(), s.id]));
    const sensorsOf = (names: readonly string[]) =>
      names.flatMap((n) => (sensorIds.has(n.toLowerCase()) ? [sensorIds.get(n.toLowerCase())!] : []));
    const mediaMap = new Map<number, number>();
    for (const m of doc.media) {
      const match = await repo.findMatchingMedia(tx, scope, domainId, m);
      const row =
        match ??
        (await repo.insertMedia(tx, {
          domainId,
          accountId,
          type: m.type,
          title: m.title,
          location: m.location,
          images: m.images,
          stored: m.stored,
          sensorIds: sensorsOf(m.sensors),
          meta: { imported: true },
          createdBy: auth.user.id,
        }));
      mediaMap.set(m.id, row.id);
    }
    const activity = await repo.insertActivity(tx, {
      domainId,
      accountId,
      title: doc.activity.title,
      description: doc.activity.description ?? null,
      kind: doc.activity.kind,
      sourceActivityId: null,
      createdBy: auth.user.id,
    });
    if (folder) await repo.addActivityToFolder(tx, activity.id, folder.id);
    const bodies: ScreenBody[] = await withFreshIds(
      tx,
      doc.screens.map((s) => ({ content: s.content, questions: s.questions, media: s.media, sensors: [] })),
      mediaMap,
    );
    for (const [i, s] of doc.screens.entries()) {
      const screen = await screensRepo.insertScreen(tx, {
        activityId: activity.id,
        section: s.section,
        position: i + 1,
      });
      const v = await screensRepo.insertScreenVersion(tx, {
        screenId: screen.id,
        body: { ...bodies[i]!, sensors: sensorsOf(s.sensors) },
        createdBy: auth.user.id,
      });
      await screensRepo.updateScreen(tx, screen.id, { currentVersionId: v.id });
    }
    return activity;
  });
}
