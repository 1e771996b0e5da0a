import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_UPLOAD_TYPE_LABEL,
  IMAGE_UPLOAD_TYPES,
  PDF_UPLOAD_TYPES,
  type ImageOutputFormat,
  type MediaCreateInput,
} from '@aula/domain/media';
import {
  detectMediaUrl,
  iframeSrcOf,
  isHttpUrl,
  isSimulationUrl,
  titleFromUrl,
  vimeoVideoId,
  youTubeVideoId,
} from '@aula/domain/media-urls';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { findAccountInScope } from '../accounts/accounts.repo';
import type { PageRequest } from '../accounts/listing';
import { findSensorsByIds, findSensorsForDomain, type SensorRow } from '../sensors/sensors.repo';
import { isPdf, mediaDir, NotAnImageError, storeImage, storePdf } from './media-files';
import { lookupOEmbed, type OEmbed } from './oembed';
import type { UploadedFile } from './media-upload';
import * as repo from './media.repo';

/** A media row with the sensor kinds it needs (vernier), ready to present. */
export interface MediaView {
  row: repo.MediaRow;
  sensors: SensorRow[];
}

interface Placement {
  domainId: number;
  accountId: number | null;
}

/**
 * Where new media goes: provider staff name a domain (and may name an account of it); a domain caller's media is
 * shared in their domain unless they name one of its accounts; an account or school caller's media is their
 * account's. Ids outside the caller's slice are 404, like ids that do not exist.
 */
async function resolvePlacement(
  db: DbOrTx,
  scope: TenantScope,
  body: { domain_id?: number | undefined; account_id?: number | undefined },
): Promise<Placement> {
  if (scope.kind === 'account' || scope.kind === 'organization') {
    if (body.domain_id !== undefined && body.domain_id !== scope.domainId) throw new NotFoundError();
    if (body.account_id !== undefined && body.account_id !== scope.accountId) throw new NotFoundError();
    return { domainId: scope.domainId, accountId: scope.accountId };
  }
  let domainId: number;
  if (scope.kind === 'domain') {
    if (body.domain_id !== undefined && body.domain_id !== scope.domainId) throw new NotFoundError();
    domainId = scope.domainId;
  } else {
    if (body.domain_id === undefined) throw ValidationError.field('domain_id', 'errors.domainRequired');
    if (!(await repo.domainExists(db, body.domain_id))) throw new NotFoundError();
    domainId = body.domain_id;
  }
  if (body.account_id === undefined) return { domainId, accountId: null };
  const account = await findAccountInScope(db, scope, body.account_id);
  if (!account || account.domainId !== domainId) throw new NotFoundError();
  return { domainId, accountId: account.id };
}

async function withSensors(db: DbOrTx, rows: repo.MediaRow[]): Promise<MediaView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.sensorIds))];
  const byId = new Map((await findSensorsByIds(db, ids)).map((s) => [s.id, s]));
  return rows.map((row) => ({
    row,
    sensors: row.sensorIds.map((id) => byId.get(id)).filter((s): s is SensorRow => !!s),
  }));
}

const mb = (n: number) => `${n} MB`;
const SIMULATION_NAMES = { phet: 'PhET', tuva: 'Tuva', codap: 'CODAP' } as const;

// ---- upload ----

export interface UploadOptions {
  kind: 'image' | 'pdf';
  format: ImageOutputFormat;
  title?: string | undefined;
  domain_id?: number | undefined;
  account_id?: number | undefined;
}

export function uploadLimit(deps: Deps, kind: UploadOptions['kind']): { bytes: number; label: string } {
  const n = kind === 'pdf' ? deps.config.MEDIA_PDF_MAX_MB : deps.config.MEDIA_IMAGE_MAX_MB;
  return { bytes: Math.floor(n * 1024 * 1024), label: mb(n) };
}

const fileError = (key: string, params?: Record<string, string | number>) =>
  ValidationError.field('file', key, params, true);

/**
 * An image (jpeg, png, jpg) kept as small, medium and large copies, or a PDF. The declared type is checked first
 * (001 section 8's messages), then the content itself: a file that only claims to be an image is 'File Is NOT
 * Image!' (000 section 8). Files are written before the row; if the row fails they are removed again.
 */
export async function uploadMedia(
  deps: Deps,
  auth: AuthContext,
  file: UploadedFile,
  opts: UploadOptions,
): Promise<MediaView> {
  const scope = tenantScopeOf(auth);
  const at = await resolvePlacement(deps.db, scope, opts);
  const title = (opts.title || file.filename.replace(/\.[a-z0-9]{1,5}$/i, '')).slice(0, 255) || 'file';
  const written: string[] = [];
  let values: repo.NewMediaRow;
  if (opts.kind === 'pdf') {
    if (!(PDF_UPLOAD_TYPES as readonly string[]).includes(file.mimetype) || !isPdf(file.data))
      throw fileError('errors.media.wrongType', { file: file.filename, type: 'pdf' });
    const name = await storePdf(deps.config, file.data);
    written.push(name);
    values = {
      ...at,
      type: 'pdf',
      title,
      location: `/media/files/${name}`,
      images: null,
      stored: [],
      meta: { file_name: file.filename, bytes: file.data.length },
      createdBy: auth.user.id,
    };
  } else {
    if (!file.mimetype.startsWith('image/')) throw fileError('errors.media.notImage');
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.mimetype))
      throw fileError('errors.media.wrongType', { file: file.filename, type: IMAGE_UPLOAD_TYPE_LABEL });
    let stored;
    try {
      stored = await storeImage(deps.config, file.data, opts.format);
    } catch (err) {
      if (err instanceof NotAnImageError) throw fileError('errors.media.fileNotImage');
      deps.log.error({ err }, 'image resize failed');
      throw fileError('errors.media.uploadFailed');
    }
    written.push(...Object.values(stored.names));
    const url = (n: string) => `/media/files/${n}`;
    values = {
      ...at,
      type: 'image',
      title,
      location: url(stored.names.large),
      images: { small: url(stored.names.small), medium: url(stored.names.medium), large: url(stored.names.large) },
      stored: [],
      meta: { file_name: file.filename, width: stored.width, height: stored.height, format: opts.format },
      createdBy: auth.user.id,
    };
  }
  try {
    const row = await repo.insertMedia(deps.db, values);
    return { row, sensors: [] };
  } catch (err) {
    await Promise.all(written.map((n) => rm(path.join(mediaDir(deps.config), n), { force: true })));
    throw err;
  }
}

// ---- URLs ----

export interface ParsedMedia {
  type: string;
  title: string;
  location: string;
  thumbnail: string | null;
  oembed: OEmbed | null;
}

const urlError = (key: string, params?: Record<string, string | number>) =>
  ValidationError.field('url', key, params, true);

/** What a pasted URL or embed code is, with the provider's title and thumbnail for YouTube and Vimeo. */
export async function parseMediaUrl(deps: Deps, input: string): Promise<ParsedMedia> {
  const found = detectMediaUrl(input);
  if (!found) throw urlError('errors.media.invalidUrl');
  if (found.type === 'video-yt' || found.type === 'video-vimeo') {
    const oembed = await lookupOEmbed(deps.config, found.type === 'video-yt' ? 'youtube' : 'vimeo', found.location);
    return { ...found, title: oembed.title, thumbnail: oembed.thumbnail_url, oembed };
  }
  return { ...found, title: titleFromUrl(found.location), thumbnail: null, oembed: null };
}

const field = (name: string, key: string, params?: Record<string, string | number>) =>
  ValidationError.field(name, key, params, true);

/** Checks a linked media record by type; returns the location to store and provider details. */
async function checkLinked(
  deps: Deps,
  input: MediaCreateInput,
  domainId: number,
): Promise<{ location: string | null; meta: Record<string, unknown>; sensorIds: number[] }> {
  const raw = input.location ?? '';
  const need = () => {
    if (!raw) throw ValidationError.field('location', 'validation.enter');
  };
  switch (input.type) {
    case 'video': {
      const sources = input.stored ?? [];
      if (!sources.some((s) => s.type !== 'poster')) throw field('stored', 'errors.media.sourceRequired');
      const bad = sources.find((s) => !isHttpUrl(s.src) && !s.src.startsWith('/media/files/'));
      if (bad) throw field('stored', 'errors.media.invalidUrl');
      if (raw && !isHttpUrl(raw)) throw field('location', 'errors.media.invalidUrl');
      return { location: raw || null, meta: {}, sensorIds: [] };
    }
    case 'video-yt':
    case 'video-vimeo': {
      need();
      const yt = input.type === 'video-yt';
      if (yt ? !youTubeVideoId(raw) : !vimeoVideoId(raw))
        throw field('location', yt ? 'errors.media.notYouTube' : 'errors.media.notVimeo');
      const oembed = await lookupOEmbed(deps.config, yt ? 'youtube' : 'vimeo', raw).catch((err: unknown) => {
        // the same message, on the field this call names
        if (err instanceof ValidationError) throw new ValidationError({ location: err.fieldErrors.url! }, err.ref);
        throw err;
      });
      return { location: raw, meta: { oembed }, sensorIds: [] };
    }
    case 'phet':
    case 'tuva':
    case 'codap': {
      need();
      if (!isSimulationUrl(input.type, raw))
        throw field('location', 'errors.media.notSimulation', { type: SIMULATION_NAMES[input.type] });
      return { location: raw, meta: {}, sensorIds: [] };
    }
    case 'vernier': {
      need();
      if (!isHttpUrl(raw)) throw field('location', 'errors.media.invalidUrl');
      const ids = [...new Set(input.sensor_ids ?? [])];
      if (ids.length === 0) throw field('sensor_ids', 'errors.media.sensorsRequired');
      const found = new Set((await findSensorsForDomain(deps.db, domainId, ids)).map((s) => s.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw field('sensor_ids', 'errors.media.sensorNotFound', { id: missing });
      return { location: raw, meta: {}, sensorIds: ids };
    }
    case 'iframe':
    case 'pdf': {
      need();
      const src = iframeSrcOf(raw);
      if (!src) throw field('location', 'errors.media.invalidUrl');
      return { location: src, meta: {}, sensorIds: [] };
    }
  }
}

export async function createMedia(deps: Deps, auth: AuthContext, input: MediaCreateInput): Promise<MediaView> {
  const scope = tenantScopeOf(auth);
  const at = await resolvePlacement(deps.db, scope, input);
  const checked = await checkLinked(deps, input, at.domainId);
  const row = await repo.insertMedia(deps.db, {
    ...at,
    type: input.type,
    title: input.title,
    location: checked.location,
    images: null,
    stored: input.type === 'video' ? (input.stored ?? []) : [],
    sensorIds: checked.sensorIds,
    meta: checked.meta,
    createdBy: auth.user.id,
  });
  return (await withSensors(deps.db, [row]))[0]!;
}

// ---- library ----

export async function searchMedia(
  deps: Deps,
  auth: AuthContext,
  f: PageRequest & { type?: string | undefined; search?: string | undefined },
) {
  const page = await repo.searchMedia(deps.db, tenantScopeOf(auth), f);
  return { rows: await withSensors(deps.db, page.rows), total: page.total };
}

export async function getMedia(deps: Deps, auth: AuthContext, id: number): Promise<MediaView> {
  const row = await repo.findMediaReadable(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return (await withSensors(deps.db, [row]))[0]!;
}

/**
 * Soft delete: the row leaves the library and new screens, while screen versions already published keep pointing at
 * it (their files stay, so published activities do not break). Media the caller can see but not change (their
 * domain's shared media, for a district) is 403.
 */
export async function deleteMedia(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const row = await repo.findMediaReadable(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  if (!row.writable) throw new ForbiddenError();
  await repo.softDeleteMedia(deps.db, id);
}
