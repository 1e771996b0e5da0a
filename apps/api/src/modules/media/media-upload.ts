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
