import { stat } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { sizeLabel, RosterArchiveError } from './roster-archive-error';

// A zip archive opened for streaming (yauzl, lazyEntries): the central directory is listed first (names, counts and
// declared sizes checked before a byte is inflated), then entries are inflated one at a time on demand. Inflated
// bytes are counted as they stream, whatever the headers say, so a zip bomb stops at the cap.

export interface RosterZipLimits {
  /** the archive's own size (compressed), bytes; default 100 MB */
  maxArchiveBytes: number;
  /** entries in the central directory, folders included; default 100 */
  maxEntries: number;
  /** every entry inflated, together, bytes; default 1 GB */
  maxUncompressedBytes: number;
}

export const DEFAULT_ROSTER_ZIP_LIMITS: RosterZipLimits = {
  maxArchiveBytes: 100 * 1024 * 1024,
  maxEntries: 100,
  maxUncompressedBytes: 1024 * 1024 * 1024,
};

export interface ArchiveEntry {
  /** the path inside the archive, '/' separated */
  path: string;
  entry: Entry;
}

export interface OpenArchive {
  /** files (no folders, no macOS resource forks), in central directory order */
  entries: ArchiveEntry[];
  /** the entry's inflated bytes; the stream fails with a RosterArchiveError past the caps */
  open(entry: ArchiveEntry): Promise<Readable>;
  close(): void;
}

const yauzlOpen = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );

function damaged(err: unknown): RosterArchiveError {
  const reason = err instanceof Error ? err.message : String(err);
  if (/end of central directory record signature not found/.test(reason)) return new RosterArchiveError('notZip');
  return new RosterArchiveError('damaged', { reason });
}

/** The entry's name as written (UTF-8 when the archive says so, else byte for byte), with '\' read as '/'. */
function entryPath(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  const text = typeof raw === 'string' ? raw : raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
  return text.replace(/\\/g, '/');
}

function isUnsafe(path: string): boolean {
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.includes('\0')) return true;
  return path.split('/').some((part) => part === '..');
}

/** Folders, and what macOS adds when it zips (__MACOSX/, ._name): listed and counted, never read. */
function isClutter(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store';
}

async function listEntries(zip: ZipFile, limits: RosterZipLimits): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const seen = new Set<string>();
  let declared = 0;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.removeAllListeners();
      reject(err instanceof RosterArchiveError ? err : damaged(err));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      const path = entryPath(entry);
      if (isUnsafe(path)) return fail(new RosterArchiveError('unsafePath', { entry: path }));
      const key = path.toLowerCase();
      if (seen.has(key)) return fail(new RosterArchiveError('duplicateEntry', { entry: path }));
      seen.add(key);
      // the headers may lie (the streams count what they inflate), but a header past the cap is refused unread
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes)
        return fail(new RosterArchiveError('tooLarge', { limit: sizeLabel(limits.maxUncompressedBytes) }));
      if (!isClutter(path)) entries.push({ path, entry });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Opens the archive and checks it as a whole; the caller closes it. Refusals are RosterArchiveError. */
export async function openArchive(filePath: string, limits: RosterZipLimits): Promise<OpenArchive> {
  const size = (await stat(filePath)).size;
  if (size > limits.maxArchiveBytes)
    throw new RosterArchiveError('tooBig', { limit: sizeLabel(limits.maxArchiveBytes) });
  if (size === 0) throw new RosterArchiveError('notZip');
  let zip: ZipFile;
  try {
    zip = await yauzlOpen(filePath);
  } catch (err) {
    throw damaged(err);
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new RosterArchiveError('tooManyEntries', { count: zip.entryCount, limit: limits.maxEntries });
    const entries = await listEntries(zip, limits);
    let inflated = 0;
    const open = async (item: ArchiveEntry): Promise<Readable> => {
      const { entry } = item;
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new RosterArchiveError('damaged', {
          reason: `unsupported compression method ${entry.compressionMethod}`,
        });
      // the raw bytes, inflated here: yauzl's own inflating stream swallows errors when destroyed
      const options = (entry.compressionMethod === 8 ? { decompress: false } : {}) as yauzl.ZipFileOptions;
      const raw = await new Promise<Readable>((resolve, reject) => {
        try {
          zip.openReadStream(entry, options, (err, s) => (err || !s ? reject(damaged(err)) : resolve(s)));
        } catch (err) {
          reject(damaged(err));
        }
      });
      let own = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          own += chunk.length;
          inflated += chunk.length;
          if (own > entry.uncompressedSize) return done(new RosterArchiveError('entryLies', { entry: item.path }));
          if (inflated > limits.maxUncompressedBytes)
            return done(new RosterArchiveError('tooLarge', { limit: sizeLabel(limits.maxUncompressedBytes) }));
          done(null, chunk);
        },
      });
      const steps: (Readable | Transform)[] = entry.compressionMethod === 8 ? [raw, createInflateRaw()] : [raw];
      // a failure anywhere (a damaged deflate stream, a cap) fails the returned stream
      pipeline([...steps, counter], () => undefined);
      return counter;
    };
    return { entries, open, close: () => zip.close() };
  } catch (err) {
    zip.close();
    throw err;
  }
}
