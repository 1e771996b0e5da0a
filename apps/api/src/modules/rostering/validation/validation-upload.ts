import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../../lib/errors';
import { RosterArchiveError, sizeLabel } from '../csv/roster-archive-error';

// The zip of a validation upload (multipart field `file`, optional field `account_id`), streamed to a temporary
// folder of its own: never held in memory, and always removed by `dispose` whatever happens.

export interface RosterUpload {
  filePath: string;
  filename: string;
  accountId: number | undefined;
  dispose(): Promise<void>;
}

const codeOf = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '');

export async function receiveRosterZip(req: FastifyRequest, maxBytes: number): Promise<RosterUpload> {
  if (!req.isMultipart()) throw ValidationError.field('file', 'rosterValidation.noFile', undefined, true);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aula-roster-upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    let filePath: string | undefined;
    let filename = 'roster.zip';
    let account: string | undefined;
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'account_id') account = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || filePath) {
        part.file.resume();
        continue;
      }
      filename = part.filename || filename;
      filePath = path.join(dir, 'upload.zip');
      await pipeline(part.file, createWriteStream(filePath));
      if (part.file.truncated) throw new RosterArchiveError('tooBig', { limit: sizeLabel(maxBytes) });
    }
    if (!filePath) throw ValidationError.field('file', 'rosterValidation.noFile', undefined, true);
    let accountId: number | undefined;
    if (account !== undefined && account !== '') {
      accountId = Number(account);
      if (!Number.isInteger(accountId) || accountId <= 0)
        throw ValidationError.field('account_id', 'validation.invalidValue');
    }
    return { filePath, filename, accountId, dispose };
  } catch (err) {
    await dispose();
    if (err instanceof RosterArchiveError || err instanceof ValidationError) throw err;
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE')
      throw new RosterArchiveError('tooBig', { limit: sizeLabel(maxBytes) });
    if (codeOf(err) === 'FST_FILES_LIMIT' || codeOf(err) === 'FST_PARTS_LIMIT')
      throw ValidationError.field('file', 'rosterValidation.oneFile', undefined, true);
    throw err;
  }
}
