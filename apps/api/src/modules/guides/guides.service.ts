import { canSeeDraftActivities } from '@aula/domain/activities';
import { guideFieldsSchema, guideFormInput, type GuideFields } from '@aula/domain/guides';
import { IMAGE_UPLOAD_TYPE_LABEL, IMAGE_UPLOAD_TYPES } from '@aula/domain/media';
import { can } from '@aula/domain/permissions';
import type { z } from 'zod';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { resolvePlacement } from '../accounts/placement';
import type { PageRequest } from '../accounts/listing';
import { findActivity } from '../activities/activities.repo';
import { insertAuditEntry } from '../audit/audit.repo';
import { NotAnImageError, storeImage } from '../media/media-files';
import type { UploadForm, UploadedFile } from '../media/media-upload';
import { checkGuideFile, openGuideFile, removeStored, storeGuideFile } from './guide-files';
import * as repo from './guides.repo';

// Guides (docs/guides.md). Every check runs before a byte is stored; files are written, then the rows in one
// transaction; if that fails the files are removed again, so a refused or failed request leaves nothing behind.

export interface GuideView {
  row: repo.GuideRow;
  activities: { id: number; title: string }[];
}

function fieldsOf(form: UploadForm): GuideFields {
  const parsed = guideFieldsSchema.safeParse(guideFormInput(form.fields));
  if (parsed.success) return parsed.data;
  throw new ValidationError(zodFieldErrors(parsed.error));
}

function zodFieldErrors(error: z.ZodError): Record<string, MessageRef[]> {
  const out: Record<string, MessageRef[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    const key = /^[a-z]+(\.[A-Za-z]+)+$/.test(issue.message) ? issue.message : 'validation.valid';
    const params: Record<string, string | number> = { field };
    if ('maximum' in issue && issue.maximum !== undefined) params.max = Number(issue.maximum);
    (out[field] ??= []).push({ key, params });
  }
  return out;
}

function checkCover(cover: UploadedFile | undefined): void {
  if (!cover) return;
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(cover.mimetype))
    throw ValidationError.field(
      'cover',
      'errors.media.wrongType',
      { file: cover.filename, type: IMAGE_UPLOAD_TYPE_LABEL },
      true,
    );
}

interface Written {
  guide: string[];
  media: string[];
}

/** Stores the cover (decoding it: a fake image is refused) and the file; records what was written. */
async function storeUploads(deps: Deps, form: UploadForm, written: Written) {
  let cover: { url: string; stored: string[] } | undefined;
  const c = form.files.cover;
  if (c) {
    try {
      const img = await storeImage(deps.config, c.data, c.mimetype === 'image/png' ? 'png' : 'jpeg');
      written.media.push(...Object.values(img.names));
      cover = { url: `/media/files/${img.names.medium}`, stored: Object.values(img.names) };
    } catch (err) {
      if (err instanceof NotAnImageError) throw ValidationError.field('cover', 'errors.media.fileNotImage', {}, true);
      throw err;
    }
  }
  let file: { stored: string; name: string; type: string; size: number } | undefined;
  const f = form.files.file;
  if (f) {
    const type = checkGuideFile(f);
    const stored = await storeGuideFile(deps.config, type, f.data);
    written.guide.push(stored);
    file = { stored, name: f.filename.slice(0, 255), type, size: f.data.length };
  }
  return { cover, file };
}

async function linkable(
  deps: Deps,
  auth: AuthContext,
  at: { domainId: number; accountId: number | null },
  ids: number[],
) {
  const found = await repo.linkableActivityIds(deps.db, tenantScopeOf(auth), at, ids);
  if (found.length !== ids.length)
    throw ValidationError.field('activity_ids', 'errors.guides.activitiesUnavailable', {}, true);
  return ids;
}

async function view(deps: Deps, auth: AuthContext, rows: repo.GuideRow[]): Promise<GuideView[]> {
  const refs = await repo.loadGuideActivities(
    deps.db,
    tenantScopeOf(auth),
    rows.map((r) => r.id),
    { drafts: canSeeDraftActivities(auth.policy) },
  );
  return rows.map((row) => ({
    row,
    activities: refs.filter((a) => a.guideId === row.id).map((a) => ({ id: a.id, title: a.title })),
  }));
}

export async function listGuides(
  deps: Deps,
  auth: AuthContext,
  f: PageRequest & { search?: string | undefined; activity_id?: number | undefined },
) {
  const page = await repo.listGuides(deps.db, tenantScopeOf(auth), f);
  return { rows: await view(deps, auth, page.rows), total: page.total };
}

export async function getGuide(deps: Deps, auth: AuthContext, id: number): Promise<GuideView> {
  const row = await repo.findGuide(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return (await view(deps, auth, [row]))[0]!;
}

/** POST guides by activity_id: what a teacher sees on an activity it may read (404 for one it may not). */
export async function listGuidesOfActivity(deps: Deps, auth: AuthContext, activityId: number): Promise<GuideView[]> {
  const scope = tenantScopeOf(auth);
  const activity = await findActivity(deps.db, scope, activityId, { drafts: canSeeDraftActivities(auth.policy) });
  if (!activity) throw new NotFoundError();
  return view(deps, auth, await repo.listGuidesOfActivity(deps.db, scope, activityId));
}

/** A readable guide the caller may change: 404 when unseen, 403 when it is the domain's and the caller a district's. */
async function writable(deps: Deps, auth: AuthContext, id: number): Promise<repo.GuideRow> {
  const scope = tenantScopeOf(auth);
  const row = await repo.findGuide(deps.db, scope, id);
  if (!row) throw new NotFoundError();
  if (!(await repo.findGuide(deps.db, scope, id, { write: true }))) throw new ForbiddenError();
  return row;
}

export async function createGuide(deps: Deps, auth: AuthContext, form: UploadForm, ip: string): Promise<GuideView> {
  const input = fieldsOf(form);
  if (!form.files.file) throw ValidationError.field('file', 'validation.upload', {}, true);
  checkGuideFile(form.files.file);
  checkCover(form.files.cover);
  const scope = tenantScopeOf(auth);
  if (scope.kind === 'global' && input.domain_id === undefined && input.account_id === undefined)
    throw ValidationError.field('domain_id', 'errors.domainRequired');
  const placed = await resolvePlacement(deps.db, scope, 'any', input);
  if (input.domain_id !== undefined && placed.domainId !== input.domain_id) throw new NotFoundError();
  const at = { domainId: placed.domainId!, accountId: placed.accountId };
  const activityIds = await linkable(deps, auth, at, input.activity_ids);
  const written: Written = { guide: [], media: [] };
  try {
    const { cover, file } = await storeUploads(deps, form, written);
    const row = await deps.db.transaction(async (tx) => {
      const made = await repo.insertGuide(tx, {
        ...at,
        title: input.title,
        description: input.description || null,
        fileName: file!.name,
        fileStored: file!.stored,
        fileType: file!.type,
        fileSize: file!.size,
        coverUrl: cover?.url ?? null,
        coverStored: cover?.stored ?? null,
        createdBy: auth.user.id,
        updatedBy: auth.user.id,
      });
      await repo.replaceGuideActivities(tx, scope, made.id, activityIds);
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: at.accountId,
        action: 'guide.created',
        entityType: 'guide',
        entityId: made.id,
        ip,
        details: { title: made.title, file: made.fileName, activity_ids: activityIds },
      });
      return made;
    });
    return (await view(deps, auth, [row]))[0]!;
  } catch (err) {
    await removeStored(deps.config, written);
    throw err;
  }
}

/** Update: the text fields always; the file and cover when sent; links when `activity_ids` is sent. */
export async function updateGuide(
  deps: Deps,
  auth: AuthContext,
  id: number,
  form: UploadForm,
  ip: string,
): Promise<GuideView> {
  const before = await writable(deps, auth, id);
  const input = fieldsOf(form);
  if (form.files.file) checkGuideFile(form.files.file);
  checkCover(form.files.cover);
  const scope = tenantScopeOf(auth);
  const relink = 'activity_ids' in form.fields;
  const activityIds = relink ? await linkable(deps, auth, before, input.activity_ids) : [];
  const written: Written = { guide: [], media: [] };
  try {
    const { cover, file } = await storeUploads(deps, form, written);
    const dropCover = !!cover || input.remove_cover;
    const row = await deps.db.transaction(async (tx) => {
      const next = await repo.updateGuide(tx, id, {
        title: input.title,
        description: input.description || null,
        updatedBy: auth.user.id,
        ...(file ? { fileName: file.name, fileStored: file.stored, fileType: file.type, fileSize: file.size } : {}),
        ...(dropCover ? { coverUrl: cover?.url ?? null, coverStored: cover?.stored ?? null } : {}),
      });
      if (relink) await repo.replaceGuideActivities(tx, scope, id, activityIds);
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: before.accountId,
        action: 'guide.updated',
        entityType: 'guide',
        entityId: id,
        ip,
        details: {
          from: { title: before.title, file: before.fileName },
          to: { title: next.title, file: next.fileName },
          ...(relink ? { activity_ids: activityIds } : {}),
        },
      });
      return next;
    });
    // the replaced files go once the new ones are committed
    await removeStored(deps.config, {
      guide: file ? [before.fileStored] : [],
      media: dropCover ? (before.coverStored ?? []) : [],
    });
    return (await view(deps, auth, [row]))[0]!;
  } catch (err) {
    await removeStored(deps.config, written);
    throw err;
  }
}

export async function deleteGuide(deps: Deps, auth: AuthContext, id: number, ip: string): Promise<void> {
  const before = await writable(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteGuide(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'guide.deleted',
      entityType: 'guide',
      entityId: id,
      ip,
      details: { title: before.title, file: before.fileName },
    });
  });
  await removeStored(deps.config, { guide: [before.fileStored], media: before.coverStored ?? [] });
}

/**
 * The file of a guide, for those who manage guides (any guide they read) and for those who may view activities
 * (a guide linked to an activity they read). Everyone else: 403 without either permission, 404 with one.
 */
export async function openGuideDownload(deps: Deps, auth: AuthContext, id: number) {
  const viewGuides = can(auth.policy, 'guide', 'view');
  const viewActivities = can(auth.policy, 'activity', 'view');
  if (!viewGuides && !viewActivities) throw new ForbiddenError();
  const scope = tenantScopeOf(auth);
  const row = await repo.findGuide(deps.db, scope, id);
  if (!row) throw new NotFoundError();
  if (
    !viewGuides &&
    !(await repo.guideReachableThroughActivity(deps.db, scope, id, { drafts: canSeeDraftActivities(auth.policy) }))
  )
    throw new NotFoundError();
  const file = await openGuideFile(deps.config, row.fileStored);
  if (!file) throw new NotFoundError();
  return { ...file, fileName: row.fileName, contentType: row.fileType };
}
