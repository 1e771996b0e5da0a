import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../lib/errors';

// Reads the one file of a multipart upload into memory (uploads are bounded: 10 MB images, 50 MB PDFs by default)
// and turns every multipart failure into the spec's 422 messages (001 section 8).

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const fail = (key: string, params?: Record<string, string | number>) =>
  ValidationError.field('file', key, params, true);

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

export async function readSingleUpload(
  req: FastifyRequest,
  maxBytes: number,
  sizeLabel: string,
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw fail('errors.media.fileNotFound');
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') continue;
      const name = part.filename || 'file';
      try {
        file = { filename: name, mimetype: part.mimetype, data: await part.toBuffer() };
      } catch (err) {
        if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE')
          throw fail('errors.media.tooBig', { file: name, size: sizeLabel });
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if (codeOf(err) === 'FST_FILES_LIMIT') throw fail('errors.media.oneFile');
    req.log.warn({ err }, 'media upload failed');
    throw fail('errors.media.uploadFailed');
  }
  if (!file || file.data.length === 0) throw fail('errors.media.fileNotFound');
  return file;
}

export interface UploadForm {
  /** text fields by name; a repeated field keeps every value */
  fields: Record<string, string[]>;
  /** files by field name (an empty file part, as a form sends for an untouched picker, is absent) */
  files: Record<string, UploadedFile>;
}

/**
 * A multipart form with text fields and up to one file per named file field (guide forms: fields + file + cover),
 * read into memory within each field's own cap. Failures are the same 422 messages as readSingleUpload's, on the
 * file field they concern. Nothing is stored here: the caller validates everything before writing a byte.
 */
export async function readUploadForm(
  req: FastifyRequest,
  caps: Record<string, { bytes: number; label: string }>,
  maxFields = 20,
): Promise<UploadForm> {
  const out: UploadForm = { fields: {}, files: {} };
  if (!req.isMultipart()) return out;
  const names = Object.keys(caps);
  const maxBytes = Math.max(...names.map((n) => caps[n]!.bytes));
  let current = names[0] ?? 'file';
  try {
    const limits = { fileSize: maxBytes, files: names.length, fields: maxFields, parts: maxFields + names.length };
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field') {
        (out.fields[part.fieldname] ??= []).push(typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      current = part.fieldname;
      const cap = caps[part.fieldname];
      const name = part.filename || 'file';
      if (!cap || out.files[part.fieldname]) {
        await part.toBuffer().catch(() => undefined);
        if (!cap) continue;
        throw ValidationError.field(part.fieldname, 'errors.media.oneFile', undefined, true);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE')
          throw ValidationError.field(part.fieldname, 'errors.media.tooBig', { file: name, size: cap.label }, true);
        throw err;
      }
      if (data.length > cap.bytes)
        throw ValidationError.field(part.fieldname, 'errors.media.tooBig', { file: name, size: cap.label }, true);
      if (data.length > 0) out.files[part.fieldname] = { filename: name, mimetype: part.mimetype, data };
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if (codeOf(err) === 'FST_FILES_LIMIT')
      throw ValidationError.field(current, 'errors.media.oneFile', undefined, true);
    req.log.warn({ err }, 'multipart form failed');
    throw ValidationError.field(current, 'errors.media.uploadFailed', undefined, true);
  }
  return out;
}
