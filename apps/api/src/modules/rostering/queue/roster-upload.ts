import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../../lib/errors';

// POST run import: the zip is streamed to DATA_DIR/roster-uploads (never held in memory), its type checked by
// name and by its first bytes; the reader checks everything inside later, in the job.

export const ROSTER_UPLOAD_DIR = 'roster-uploads';
export const ROSTER_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;

const fail = (key: string) => ValidationError.field('file', `rosterQueue.errors.${key}`, undefined, true);

export interface SavedUpload {
  relativePath: string;
  absolutePath: string;
  name: string;
  fields: Record<string, string>;
}

async function startsLikeZip(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return bytesRead === 4 && buf.readUInt32LE(0) === 0x04034b50;
  } finally {
    await fh.close();
  }
}

export async function saveRosterUpload(
  req: FastifyRequest,
  dataDir: string,
  maxBytes = ROSTER_UPLOAD_MAX_BYTES,
): Promise<SavedUpload> {
  if (!req.isMultipart()) throw fail('fileRequired');
  const dir = path.resolve(dataDir, ROSTER_UPLOAD_DIR);
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let saved: SavedUpload | undefined;
  const cleanup = async () => {
    if (saved) await rm(saved.absolutePath, { force: true });
  };
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const name = path.basename(part.filename || 'roster.zip');
      const relativePath = path.join(ROSTER_UPLOAD_DIR, `${randomUUID()}.zip`);
      saved = { relativePath, absolutePath: path.resolve(dataDir, relativePath), name, fields };
      await pipeline(part.file, createWriteStream(saved.absolutePath));
      if (part.file.truncated) throw fail('tooBig');
    }
  } catch (err) {
    await cleanup();
    if (err instanceof ValidationError) throw err;
    req.log.warn({ err }, 'roster upload failed');
    throw fail('uploadFailed');
  }
  if (!saved) throw fail('fileRequired');
  if (!saved.name.toLowerCase().endsWith('.zip') || !(await startsLikeZip(saved.absolutePath))) {
    await cleanup();
    throw fail('notZip');
  }
  return saved;
}
