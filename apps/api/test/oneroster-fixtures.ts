import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { fixturePath } from './paths';
import { writeZip, type ZipEntrySpec } from './zip-writer';

// The real OneRoster sample sets (../shared/fixtures/oneroster, see SOURCE.txt) and variants of them: a test loads a
// fixture's files, changes what it is about (a cell, a header, an entry name) and writes the archive back with
// zip-writer, so every test of the reader runs on the real data.

export const MINIMAL_11 = fixturePath('oneroster', 'Test_minimal_data_set.zip');
export const DELTA_12 = fixturePath('oneroster', 'oneroster_test_data.zip');

/** name -> text of every entry of a fixture zip */
export async function fixtureFiles(zipPath: string): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true }, (err, z) =>
      err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
    ),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  zip.close();
  return files;
}

/** A CSV file's lines split into cells (the fixtures quote only lists; enough for editing them in tests). */
export function parseSimpleCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}

/** Sets one cell: the row whose first cell is `sourcedId`, the column named `column` (header row 1). */
export function setCell(text: string, sourcedId: string, column: string, value: string): string {
  const rows = parseSimpleCsv(text);
  const col = rows[0]!.indexOf(column);
  const row = rows.find((r) => r[0] === sourcedId);
  if (col < 0 || !row) throw new Error(`no ${sourcedId}/${column}`);
  row[col] = value;
  return toCsv(rows);
}

export function toCsv(rows: string[][]): string {
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Temporary archives for one test file; `cleanup` in afterAll. */
export function tempZips() {
  let dir: string | undefined;
  return {
    async write(entries: ZipEntrySpec[] | Map<string, string> | Buffer, name = 'roster.zip'): Promise<string> {
      dir ??= await mkdtemp(path.join(os.tmpdir(), 'aula-roster-test-'));
      const file = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
      const data = Buffer.isBuffer(entries)
        ? entries
        : writeZip(entries instanceof Map ? [...entries].map(([n, d]) => ({ name: n, data: d })) : entries);
      await writeFile(file, data);
      return file;
    },
    async cleanup() {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
