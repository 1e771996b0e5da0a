import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS, type ImageOutputFormat } from '@aula/domain/media';
import type { Config } from '../../config';

// Uploaded files live under DATA_DIR/media with random names: students' browsers load them through <img src>
// without a bearer token, so a name is the only key and must be unguessable (128 random bits).

export const MEDIA_FILE_PATTERN = /^[a-f0-9]{32}(-(small|medium|large))?\.(jpg|png|pdf)$/;
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

export function mediaDir(config: Config): string {
  return path.resolve(config.DATA_DIR, 'media');
}

async function writeAtomically(dir: string, name: string, data: Buffer): Promise<void> {
  const tmp = path.join(dir, `.${name}.tmp`);
  await writeFile(tmp, data);
  await rename(tmp, path.join(dir, name));
}

export class NotAnImageError extends Error {}

// sharp (libvips) adds about 15 MB of resident memory at load; only image uploads need it, so the first upload loads it
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

export interface StoredImage {
  names: { small: string; medium: string; large: string };
  width: number;
  height: number;
}

/**
 * Decodes the upload (refusing anything sharp cannot read as an image), turns it upright by its EXIF orientation and
 * writes small, medium and large copies no wider than IMAGE_WIDTHS (never enlarged), keeping quality: jpeg at 90
 * with 4:4:4 chroma (transparency flattened on white), or lossless png.
 */
export async function storeImage(config: Config, input: Buffer, format: ImageOutputFormat): Promise<StoredImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!meta.width || !meta.height || !['jpeg', 'png'].includes(meta.format ?? '')) throw new NotAnImageError();
  const dir = mediaDir(config);
  await mkdir(dir, { recursive: true });
  const base = randomBytes(16).toString('hex');
  const ext = format === 'png' ? 'png' : 'jpg';
  const names = {} as StoredImage['names'];
  for (const size of ['small', 'medium', 'large'] as const) {
    let img = sharp(input).rotate().resize({ width: IMAGE_WIDTHS[size], withoutEnlargement: true });
    img =
      format === 'png'
        ? img.png({ compressionLevel: 9 })
        : img.flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4', mozjpeg: true });
    const name = `${base}-${size}.${ext}`;
    await writeAtomically(dir, name, await img.toBuffer());
    names[size] = name;
  }
  const upright = (meta.orientation ?? 1) >= 5;
  return {
    names,
    width: upright ? meta.height : meta.width,
    height: upright ? meta.width : meta.height,
  };
}

/** Writes an upload under `dir` with a new random name (written whole, then renamed); returns the name. */
export async function storeFile(dir: string, ext: string, input: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeAtomically(dir, name, input);
  return name;
}

/** A PDF upload (the caller has checked its type and signature). */
export async function storePdf(config: Config, input: Buffer): Promise<string> {
  return storeFile(mediaDir(config), 'pdf', input);
}

export function isPdf(input: Buffer): boolean {
  return input.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** A stored file to send, or null when the name is not one of ours or the file is gone. */
export async function openMediaFile(config: Config, name: string) {
  if (!MEDIA_FILE_PATTERN.test(name)) return null;
  const file = path.join(mediaDir(config), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    size: info.size,
    contentType: CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)]!,
    stream: () => createReadStream(file),
  };
}
