import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_12, fixtureFiles, MINIMAL_11 } from '../../../../test/oneroster-fixtures';
import { buildTestApp, type TestApp } from '../../../../test/test-app';
import { buildWorld, type World } from '../../../../test/tenancy-fixtures';
import { writeZip } from '../../../../test/zip-writer';

// POST /dashboard/roster/validation and /validation/download: the report of a OneRoster zip, nothing imported.

let t: TestApp;
let w: World;
let minimal: Buffer;
let delta: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  minimal = await readFile(MINIMAL_11);
  delta = await readFile(DELTA_12);
});
afterAll(() => t.close());

function form(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = '----aulaRosterBoundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  token: string,
  file: { name: string; data: Buffer } | null,
  opts: { download?: boolean; fields?: Record<string, string>; lang?: string } = {},
) {
  const body = form(file, opts.fields);
  return t.app.inject({
    method: 'POST',
    url: `/dashboard/roster/validation${opts.download ? '/download' : ''}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': body.contentType,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: body.payload,
  });
}

const uploadDirs = async () => (await readdir(os.tmpdir())).filter((n) => n.startsWith('aula-roster-upload-'));

describe('POST /dashboard/roster/validation', () => {
  it('reports the 1.1 bulk fixture: files, counts and the courses quirk', async () => {
    const before = await uploadDirs();
    const res = await upload(w.tokens.domain, { name: 'Test_minimal_data_set.zip', data: minimal });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.version).toBe('1.1');
    expect(data.mode).toBe('bulk');
    expect(data.files).toEqual([
      { name: 'orgs.csv', rows: 1 },
      { name: 'academicSessions.csv', rows: 5 },
      { name: 'classes.csv', rows: 2 },
      { name: 'users.csv', rows: 6 },
      { name: 'enrollments.csv', rows: 6 },
    ]);
    expect(data.counts).toEqual({
      orgs: 1,
      academicSessions: 5,
      courses: 0,
      classes: 2,
      users: 6,
      enrollments: 6,
      demographics: 0,
    });
    expect(data.errors).toHaveLength(2);
    expect(data.errors[0]).toEqual({
      file: 'classes.csv',
      row: 2,
      column: 'courseSourcedId',
      message:
        'courseSourcedId "crs-222-2023-456-12345" is not in courses.csv, which the manifest marks absent; the class is kept without a course',
      severity: 'warning',
    });
    // the upload's temporary folder is gone
    expect(await uploadDirs()).toEqual(before);
  });

  it('reports the 1.2 delta fixture for an account admin of their own district', async () => {
    const res = await upload(
      w.tokens.district,
      { name: 'oneroster_test_data.zip', data: delta },
      { fields: { account_id: String(w.accA1.id) } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      version: '1.2',
      mode: 'delta',
      counts: { orgs: 1, academicSessions: 1, courses: 1, classes: 1, users: 1, enrollments: 1, demographics: 1 },
      errors: [],
    });
  });

  it("refuses another district's account as not found", async () => {
    const res = await upload(
      w.tokens.district,
      { name: 'x.zip', data: minimal },
      { fields: { account_id: String(w.accB1.id) } },
    );
    expect(res.statusCode).toBe(404);
    const bad = await upload(w.tokens.domain, { name: 'x.zip', data: minimal }, { fields: { account_id: 'abc' } });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a file that is not a zip with 422 and the message, in the caller language', async () => {
    const before = await uploadDirs();
    const text = Buffer.from('sourcedId,name\r\n1,x\r\n');
    const res = await upload(w.tokens.domain, { name: 'users.csv', data: text });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The file is not a zip archive.' });
    const es = await upload(w.tokens.domain, { name: 'users.csv', data: text }, { lang: 'es' });
    expect(es.json()).toEqual({ message: 'El archivo no es un archivo zip.' });
    expect(await uploadDirs()).toEqual(before);
  });

  it('refuses an archive missing a file its manifest names, and a request without a file', async () => {
    const files = await fixtureFiles(MINIMAL_11);
    files.delete('users.csv');
    const zip = writeZip([...files].map(([name, data]) => ({ name, data })));
    const res = await upload(w.tokens.domain, { name: 'roster.zip', data: zip });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The manifest names users.csv but the archive does not contain it.');
    const none = await upload(w.tokens.domain, null, { fields: { account_id: String(w.accA1.id) } });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Choose a OneRoster zip archive to check.');
  });

  it('is for those who view OneRoster: school admins, teachers and custom roles without it are refused', async () => {
    const statuses: Record<string, number> = {};
    for (const a of ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const) {
      statuses[a] = (await upload(w.tokens[a], { name: 'x.zip', data: minimal })).statusCode;
    }
    expect(statuses).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});

describe('POST /dashboard/roster/validation/download', () => {
  it('gives the problems as CSV with a byte-order mark, as an attachment', async () => {
    const files = await fixtureFiles(MINIMAL_11);
    files.set('users.csv', files.get('users.csv')!.replace('usr-222-567891,,,TRUE', 'usr-222-567891,,,maybe'));
    const zip = writeZip([...files].map(([name, data]) => ({ name, data })));
    const res = await upload(w.tokens.domain, { name: 'District 7 (2024).zip', data: zip }, { download: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="District_7_2024_-validation.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      '\uFEFFfile,row,column,severity,message\r\n' +
        'classes.csv,2,courseSourcedId,warning,"courseSourcedId ""crs-222-2023-456-12345"" is not in courses.csv, which the manifest marks absent; the class is kept without a course"\r\n' +
        'classes.csv,3,courseSourcedId,warning,"courseSourcedId ""crs-222-2023-456-23456"" is not in courses.csv, which the manifest marks absent; the class is kept without a course"\r\n' +
        'users.csv,7,enabledUser,error,"enabledUser ""maybe"" must be true or false"\r\n',
    );
  });

  it('refuses the wrong role and a file that is not a zip', async () => {
    expect((await upload(w.tokens.teacher, { name: 'x.zip', data: minimal }, { download: true })).statusCode).toBe(403);
    const bad = await upload(w.tokens.domain, { name: 'x.zip', data: Buffer.from('nope') }, { download: true });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The file is not a zip archive.');
  });
});
