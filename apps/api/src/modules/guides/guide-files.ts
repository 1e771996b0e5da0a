import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  GUIDE_FILE_TYPE_LABEL,
  GUIDE_FILE_TYPES,
  guideFileNameFits,
  isGuideFileType,
  type GuideFileType,
} from '@aula/domain/guides';
import type { Config } from '../../config';
import { ValidationError } from '../../lib/errors';
import { isPdf, mediaDir, storeFile } from '../media/media-files';
import type { UploadedFile } from '../media/media-upload';

// A guide's file lives under DATA_DIR/guides with a random name and is sent only through the authenticated download
// route (GET /dashboard/guides/:guide_id/file): unlike media files, a guide may be a district's own document.

const STORED_PATTERN = /^[a-f0-9]{32}\.[a-z]{3,4}$/;

export function guidesDir(config: Config): string {
  return path.resolve(config.DATA_DIR, 'guides');
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The content matches the declared type (a renamed .exe is not a PDF); docx and pptx are zip packages. */
function contentFits(type: GuideFileType, data: Buffer): boolean {
  switch (GUIDE_FILE_TYPES[type].kind) {
    case 'pdf':
      return isPdf(data);
    case 'docx':
    case 'pptx':
      return data.subarray(0, 4).equals(ZIP);
    case 'jpg':
      return data.subarray(0, 3).equals(JPEG);
    case 'png':
      return data.subarray(0, 8).equals(PNG);
  }
}

/** The allow-list, by declared type, file name and content; 422 on the 'file' field otherwise. */
export function checkGuideFile(file: UploadedFile): GuideFileType {
  const type = file.mimetype === 'image/jpg' ? 'image/jpeg' : file.mimetype;
  if (!isGuideFileType(type) || !guideFileNameFits(type, file.filename) || !contentFits(type, file.data))
    throw ValidationError.field(
      'file',
      'errors.media.wrongType',
      { file: file.filename, type: GUIDE_FILE_TYPE_LABEL },
      true,
    );
  return type;
}

export async function storeGuideFile(config: Config, type: GuideFileType, data: Buffer): Promise<string> {
  return storeFile(guidesDir(config), GUIDE_FILE_TYPES[type].kind, data);
}

/** Removes stored guide files and cover images; a file already gone is fine. */
export async function removeStored(config: Config, files: { guide?: string[]; media?: string[] }): Promise<void> {
  const safe = (names: string[] | undefined) => (names ?? []).filter((n) => /^[a-f0-9]{32}[a-z.-]*$/.test(n));
  await Promise.all([
    ...safe(files.guide).map((n) => rm(path.join(guidesDir(config), n), { force: true })),
    ...safe(files.media).map((n) => rm(path.join(mediaDir(config), n), { force: true })),
  ]);
}

/** A stored guide file to send, or null when it is gone. */
export async function openGuideFile(config: Config, stored: string) {
  if (!STORED_PATTERN.test(stored)) return null;
  const file = path.join(guidesDir(config), stored);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { size: info.size, stream: () => createReadStream(file) };
}

/** attachment; filename="ascii"; filename*=UTF-8''... (RFC 6266 and 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
