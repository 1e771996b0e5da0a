import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import { readCsv } from './csv-records';
import { readManifest, ROSTER_FILES, type RosterFile } from './manifest';
import { RowLinker, sortErrors, type ParsedFiles, type ParsedRow } from './references';
import { RosterArchiveError } from './roster-archive-error';
import { CsvColumns, Interner, RowReader } from './row-reader';
import { missingColumns, parseRow, type RowTypes } from './row-parsers';
import {
  DEFAULT_ROSTER_ZIP_LIMITS,
  openArchive,
  type ArchiveEntry,
  type OpenArchive,
  type RosterZipLimits,
} from './zip-archive';

// A OneRoster CSV zip (1.1 or 1.2, bulk or delta) read into a RosterSnapshot (issue 16 items 1 and 2; docs/rostering.md).
// The archive is streamed: entries are inflated one at a time and their CSV parsed record by record; only the
// snapshot's rows are kept. A problem with the archive as a whole throws RosterArchiveError (nothing is imported);
// a problem with a row is a RosterRowError, and a row with an error is left out of the snapshot.
// With an EnrollmentSink the enrollments are not kept either: they are checked as they are read and handed to the
// sink in batches (the roster queue writes them to the item's stored snapshot), so a district's million enrollments
// are never in memory at once; the snapshot then has none.

export type { RosterZipLimits } from './zip-archive';

export interface RosterZipResult {
  snapshot: RosterSnapshot;
  errors: RosterRowError[];
  /** every roster file read, with its data rows (the header not counted) */
  files: { name: string; rows: number }[];
}

export interface EnrollmentSink {
  /** rows a batch */
  size: number;
  write(rows: RosterSnapshot['enrollments']): Promise<void>;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** manifest.csv wherever it is; the files it names are beside it (exports often zip a folder). */
function findManifest(entries: ArchiveEntry[]): ArchiveEntry {
  const found = entries.filter((e) => baseName(e.path).toLowerCase() === 'manifest.csv');
  if (found.length === 0) throw new RosterArchiveError('noManifest');
  if (found.length > 1) throw new RosterArchiveError('twoManifests');
  return found[0]!;
}

async function readFile<F extends RosterFile>(
  archive: OpenArchive,
  entry: ArchiveEntry,
  file: F,
  ctx: {
    version: RosterSnapshot['version'];
    mode: RosterSnapshot['mode'];
    errors: RosterRowError[];
    interner: Interner;
  },
  parsed: ParsedFiles,
  errored: Set<string>,
  /** a row without errors goes here instead of into `parsed` (may return a promise: the file waits for it) */
  take?: (row: number, value: RowTypes[F]) => void | Promise<void>,
): Promise<number> {
  const name = `${file}.csv`;
  let columns = new CsvColumns([]);
  let width = 0;
  const firstRow = new Map<string, number>();
  const into = parsed[file] as ParsedRow<RowTypes[F]>[];
  let rows = 0;
  await readCsv(await archive.open(entry), name, {
    header: (header) => {
      const missing = missingColumns(file, ctx.version, header);
      if (missing.length > 0)
        throw new RosterArchiveError('missingColumns', { file: name, columns: missing.join(', ') });
      columns = new CsvColumns(header);
      width = header.length;
    },
    record: (rec) => {
      rows += 1;
      // rows handed on (a district's enrollments, written as they are read) are not kept: nothing to share
      const r = new RowReader(name, rec.row, columns, rec.values, ctx.errors, take ? undefined : ctx.interner);
      if (rec.values.length > width) r.error(null, `the row has ${rec.values.length} fields; the header has ${width}`);
      const value = parseRow(file, r, ctx.mode, ctx.version);
      const first = value.sourcedId ? firstRow.get(value.sourcedId) : undefined;
      if (first !== undefined) r.error('sourcedId', `duplicate sourcedId "${value.sourcedId}" (first on row ${first})`);
      else if (value.sourcedId) firstRow.set(value.sourcedId, rec.row);
      if (r.failed) {
        if (value.sourcedId && first === undefined) errored.add(value.sourcedId);
      } else if (take) return take(rec.row, value);
      else into.push({ row: rec.row, value });
    },
  });
  return rows;
}

export async function readOneRosterZip(
  filePath: string,
  limits: Partial<RosterZipLimits> = {},
  sink?: EnrollmentSink,
): Promise<RosterZipResult> {
  const archive = await openArchive(filePath, { ...DEFAULT_ROSTER_ZIP_LIMITS, ...limits });
  try {
    const manifestEntry = findManifest(archive.entries);
    const folder = folderOf(manifestEntry.path);
    const manifest = await readManifest(await archive.open(manifestEntry));
    const files: RosterZipResult['files'] = [];
    const errors: RosterRowError[] = [];

    // the files beside the manifest, by name in any case
    const beside = new Map<string, ArchiveEntry>();
    for (const e of archive.entries)
      if (folderOf(e.path) === folder && e !== manifestEntry) beside.set(baseName(e.path).toLowerCase(), e);
    const named = [...[...manifest.files.keys()].map((f) => `${f}.csv`), ...manifest.otherFiles];
    for (const name of named)
      if (!beside.has(name.toLowerCase())) throw new RosterArchiveError('missingFile', { file: name });
    for (const name of manifest.otherFiles)
      errors.push({
        file: name,
        row: null,
        column: null,
        message: `${name} is not read: Aula imports the roster files only`,
        severity: 'warning',
      });
    const namedLower = new Set(named.map((n) => n.toLowerCase()));
    for (const e of archive.entries) {
      if (e === manifestEntry || (namedLower.has(baseName(e.path).toLowerCase()) && folderOf(e.path) === folder))
        continue;
      const name = e.path.slice(folder.length);
      errors.push({
        file: e.path,
        row: null,
        column: null,
        message: `${name} is not named in the manifest: it was not read`,
        severity: 'warning',
      });
    }

    const parsed = Object.fromEntries(ROSTER_FILES.map((f) => [f, []])) as unknown as ParsedFiles;
    const errored = new Map<RosterFile, Set<string>>(ROSTER_FILES.map((f) => [f, new Set<string>()]));
    const interner = new Interner();
    const linker = new RowLinker(manifest, parsed, errored, errors);
    let batch: RosterSnapshot['enrollments'] = [];
    // one batch is written while the next is read; the file waits only when the one before is still being written
    let writing: Promise<void> = Promise.resolve();
    const take = (row: number, e: RowTypes['enrollments']) => {
      if (!sink || !linker.enrollment(row, e)) return;
      batch.push(e);
      if (batch.length < sink.size) return;
      const full = batch;
      batch = [];
      const before = writing;
      writing = before.then(() => sink.write(full));
      writing.catch(() => undefined); // awaited below, or the file has failed already
      return before;
    };
    for (const file of ROSTER_FILES) {
      if (file === 'enrollments') linker.linkBeforeEnrollments();
      const mode = manifest.files.get(file);
      if (!mode) continue;
      const entry = beside.get(`${file.toLowerCase()}.csv`)!;
      const ctx = { version: manifest.version, mode, errors, interner };
      const streamed = file === 'enrollments' && sink ? (take as never) : undefined;
      const rows = await readFile(archive, entry, file, ctx, parsed, errored.get(file)!, streamed).catch(
        async (err: unknown) => {
          // a batch still being written lands before the caller hears of the failure (and cleans up)
          await writing.catch(() => undefined);
          throw err;
        },
      );
      files.push({ name: `${file}.csv`, rows });
    }
    await writing;
    if (sink && batch.length > 0) await sink.write(batch);
    const snapshot = linker.finish();
    return { snapshot, errors: sortErrors(errors), files };
  } finally {
    archive.close();
  }
}
