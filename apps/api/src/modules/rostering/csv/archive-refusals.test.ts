import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, MINIMAL_11, DELTA_12, tempZips } from '../../../../test/oneroster-fixtures';
import type { ZipEntrySpec } from '../../../../test/zip-writer';
import { readOneRosterZip, type RosterZipLimits } from './read-zip';
import { RosterArchiveError } from './roster-archive-error';

// Archives refused as a whole (issue 16 item 2), each built from the real minimal sample set with one thing wrong.

const zips = tempZips();
let minimal: Map<string, string>;
let entries: ZipEntrySpec[];
beforeAll(async () => {
  minimal = await fixtureFiles(MINIMAL_11);
  entries = [...minimal].map(([name, data]) => ({ name, data }));
});
afterAll(() => zips.cleanup());

async function refusal(path: string, limits?: Partial<RosterZipLimits>): Promise<RosterArchiveError> {
  const result = await readOneRosterZip(path, limits).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(result instanceof RosterArchiveError)) throw new Error(`expected a refusal, got ${String(result)}`);
  expect(result.status).toBe(422);
  return result;
}

const replaced = (name: string, spec: Partial<ZipEntrySpec> | null): ZipEntrySpec[] =>
  entries.flatMap((e) => (e.name !== name ? [e] : spec ? [{ ...e, ...spec }] : []));

describe('archives refused as a whole', () => {
  it('a file that is not a zip', async () => {
    const e = await refusal(await zips.write(Buffer.from(minimal.get('users.csv')!)));
    expect(e.message).toBe('The file is not a zip archive.');
    expect(e.ref).toEqual({ key: 'rosterValidation.archive.notZip', params: {} });
  });

  it('an empty file, and a truncated zip', async () => {
    expect((await refusal(await zips.write(Buffer.alloc(0)))).message).toBe('The file is not a zip archive.');
    const whole = await zips.write(entries);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(whole);
    const cut = await zips.write(bytes.subarray(0, bytes.length - 30));
    expect((await refusal(cut)).message).toBe('The file is not a zip archive.');
  });

  it('an archive over the size cap', async () => {
    const e = await refusal(MINIMAL_11, { maxArchiveBytes: 1024 });
    expect(e.message).toBe('The archive is larger than 1 KB.');
  });

  it('too many entries', async () => {
    const e = await refusal(MINIMAL_11, { maxEntries: 3 });
    expect(e.message).toBe('The archive holds 6 entries; at most 3 are allowed.');
  });

  it('an uncompressed total past the cap', async () => {
    const e = await refusal(MINIMAL_11, { maxUncompressedBytes: 1000 });
    expect(e.message).toBe('The archive unpacks to more than 1000 bytes.');
  });

  it('a zip bomb whose header claims a small size: stopped while inflating', async () => {
    // 200 MB of zeros deflate to about 200 KB; the headers say 90 bytes
    const bomb = replaced('users.csv', { data: Buffer.alloc(200 * 1024 * 1024), claimedSize: 90 });
    const path = await zips.write(bomb);
    const before = process.memoryUsage().rss;
    const e = await refusal(path);
    expect(e.message).toBe('users.csv unpacks to more bytes than the archive says.');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a damaged entry', async () => {
    const e = await refusal(await zips.write(replaced('users.csv', { garble: true })));
    expect(e.message).toMatch(/^The zip archive is damaged: .+\.$/);
  });

  it('a stored (uncompressed) entry reads like a deflated one', async () => {
    const { snapshot } = await readOneRosterZip(await zips.write(replaced('users.csv', { store: true })));
    expect(snapshot.users).toHaveLength(6);
  });

  it('a path with .. or an absolute path', async () => {
    const up = await refusal(await zips.write([...entries, { name: '../users.csv', data: 'x' }]));
    expect(up.message).toBe('The archive holds an unsafe path: ../users.csv.');
    const deep = await refusal(await zips.write([...entries, { name: 'export/../../evil.csv', data: 'x' }]));
    expect(deep.message).toBe('The archive holds an unsafe path: export/../../evil.csv.');
    const abs = await refusal(await zips.write([...entries, { name: '/etc/passwd', data: 'x' }]));
    expect(abs.message).toBe('The archive holds an unsafe path: /etc/passwd.');
    const win = await refusal(await zips.write([...entries, { name: 'C:\\evil.csv', data: 'x' }]));
    expect(win.message).toBe('The archive holds an unsafe path: C:/evil.csv.');
  });

  it('the same entry twice', async () => {
    const e = await refusal(await zips.write([...entries, { name: 'Users.csv', data: 'x' }]));
    expect(e.message).toBe('The archive holds Users.csv twice.');
  });

  it('no manifest, or two', async () => {
    expect((await refusal(await zips.write(replaced('manifest.csv', null)))).message).toBe(
      'The archive has no manifest.csv.',
    );
    const two = [...entries, { name: 'copy/manifest.csv', data: minimal.get('manifest.csv')! }];
    expect((await refusal(await zips.write(two))).message).toBe('The archive holds more than one manifest.csv.');
  });

  it('a file the manifest names but the archive lacks', async () => {
    const e = await refusal(await zips.write(replaced('enrollments.csv', null)));
    expect(e.message).toBe('The manifest names enrollments.csv but the archive does not contain it.');
  });

  it('a manifest with a wrong header, version or mode', async () => {
    const manifest = minimal.get('manifest.csv')!;
    const header = await zips.write(
      replaced('manifest.csv', { data: manifest.replace('propertyName,value', 'name,value') }),
    );
    expect((await refusal(header)).message).toBe('manifest.csv must have the columns propertyName and value.');
    const version = await zips.write(
      replaced('manifest.csv', { data: manifest.replace('oneroster.version,1.1', 'oneroster.version,1.0') }),
    );
    expect((await refusal(version)).message).toBe(
      'manifest.csv gives OneRoster version “1.0”; 1.1 and 1.2 can be read.',
    );
    const mode = await zips.write(
      replaced('manifest.csv', { data: manifest.replace('file.users,bulk', 'file.users,full') }),
    );
    expect((await refusal(mode)).message).toBe(
      'manifest.csv gives file.users as “full”; expected bulk, delta or absent.',
    );
    const none = await zips.write(replaced('manifest.csv', { data: manifest.replace(/,bulk/g, ',absent') }));
    expect((await refusal(none)).message).toBe(
      'The manifest marks every roster file absent: there is nothing to read.',
    );
  });

  it('a header without a required column, naming which', async () => {
    const users = minimal.get('users.csv')!.replace(',role,username,', ',kind,login,');
    const e = await refusal(await zips.write(replaced('users.csv', { data: users })));
    expect(e.message).toBe('users.csv: the header lacks the required column role, username.');
    expect(e.ref.params).toEqual({ file: 'users.csv', columns: 'role, username' });
  });

  it('an empty file and a file that is not CSV', async () => {
    const empty = await refusal(await zips.write(replaced('orgs.csv', { data: '' })));
    expect(empty.message).toBe('orgs.csv is empty: it has no header row.');
    const broken = minimal.get('users.csv')!.replace('John,Doe', '"John,Doe');
    const bad = await refusal(await zips.write(replaced('users.csv', { data: broken })));
    expect(bad.message).toMatch(/^users\.csv is not valid CSV at row 2: .+\.$/);
  });
});

describe('archives read although not as the standard writes them', () => {
  it('a folder around the files, macOS clutter and a file the manifest does not name', async () => {
    const foldered = [
      ...entries.map((e) => ({ ...e, name: `export/${e.name}` })),
      { name: '__MACOSX/export/._users.csv', data: 'junk' },
      { name: 'export/notes.txt', data: 'hello' },
    ];
    const { snapshot, errors } = await readOneRosterZip(await zips.write(foldered));
    expect(snapshot.users).toHaveLength(6);
    expect(errors).toContainEqual({
      file: 'export/notes.txt',
      row: null,
      column: null,
      message: 'notes.txt is not named in the manifest: it was not read',
      severity: 'warning',
    });
    expect(errors.some((e) => e.file.includes('MACOSX'))).toBe(false);
  });

  it('a byte-order mark and a file named by the manifest that Aula does not read', async () => {
    const delta = await fixtureFiles(DELTA_12);
    const manifest = delta.get('manifest.csv')!.replace('file.results,absent', 'file.results,delta');
    const files = [...delta].map(([name, data]) => ({
      name,
      data: name === 'manifest.csv' ? manifest : name === 'users.csv' ? `\uFEFF${data}` : data,
    }));
    const { snapshot, errors } = await readOneRosterZip(
      await zips.write([...files, { name: 'results.csv', data: 'sourcedId\r\n' }]),
    );
    expect(snapshot.users[0]!.sourcedId).toBe('USER_0');
    expect(errors).toEqual([
      {
        file: 'results.csv',
        row: null,
        column: null,
        message: 'results.csv is not read: Aula imports the roster files only',
        severity: 'warning',
      },
    ]);
  });
});
