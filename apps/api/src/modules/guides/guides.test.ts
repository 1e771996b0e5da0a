import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, PASSWORD, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createActivity } from '../../db/seed/catalogue-factories';
import { createCustomRole, createUser } from '../../db/seed/factories';

// Guides (docs/guides.md): multipart create and update, tenancy, the activity's guides and the file download.

let t: TestApp;
let w: World;
let dataDir: string;
// 001 section 6 gives guide only to the super admin bundle; domain staff write guides through a custom role
let writer: string;
let shared: number; // a published activity of domain A, shared with its districts
let draft: number;
let foreign: number; // domain B's

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = '----aulaGuideBoundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}`
        : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), 'filename' in p ? p.data : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(token: string, method: 'POST' | 'PUT', url: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const pdf = (filename = 'Teacher guide.pdf', data = PDF): Part => ({
  name: 'file',
  filename,
  type: 'application/pdf',
  data,
});
const field = (name: string, value: string): Part => ({ name, value });

async function storedFiles(dir: 'guides' | 'media'): Promise<string[]> {
  return readdir(path.join(dataDir, dir)).catch(() => []);
}

async function createAs(token: string, title: string, extra: Part[] = []) {
  const res = await send(token, 'POST', '/dashboard/guides', [field('title', title), ...extra, pdf()]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; activities: { id: number }[]; account_id: number | null };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aula-guides-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, PUBLIC_API_URL: 'https://api.school.example' } });
  w = await buildWorld(t);
  shared = (await createActivity(w.db, { domainId: w.domA.id, title: 'Moon Phases', status: 'published' })).id;
  draft = (await createActivity(w.db, { domainId: w.domA.id, title: 'Unfinished Lab' })).id;
  foreign = (await createActivity(w.db, { domainId: w.domB.id, title: 'Beta Lab', status: 'published' })).id;
  const role = await createCustomRole(w.db, {
    name: 'Guide writer',
    permissions: ['guide-management', 'activity-management'],
    domainId: w.domA.id,
  });
  await createUser(w.db, { role: 'custom', roleId: role.id, domainId: w.domA.id, email: 'guides@a.test' });
  const login = await call(t.app, 'POST', '/dashboard/auth/form', {
    body: { login: 'guides@a.test', password: PASSWORD },
  });
  writer = login.json().data.token as string;
});
afterAll(() => t.close());

describe('guides', () => {
  it('creates a guide with a file, cover and activities; reads, lists, updates and deletes it', async () => {
    const cover = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const made = await send(writer, 'POST', '/dashboard/guides', [
      field('title', '  Moon guide  '),
      field('description', 'Answers and tips'),
      field('activity_ids', `${shared},${draft}`),
      pdf('Guía del maestro.pdf'),
      { name: 'cover', filename: 'cover.png', type: 'image/png', data: cover },
    ]);
    expect(made.statusCode, made.body).toBe(200);
    const g = made.json().data;
    expect(g).toMatchObject({
      title: 'Moon guide',
      description: 'Answers and tips',
      domain_id: w.domA.id,
      account_id: null,
      file: {
        name: 'Guía del maestro.pdf',
        type: 'application/pdf',
        size: PDF.length,
        url: `/dashboard/guides/${g.id}/file`,
      },
      activities: [
        { id: shared, title: 'Moon Phases' },
        { id: draft, title: 'Unfinished Lab' },
      ],
    });
    expect(g.cover_url).toMatch(/^https:\/\/api\.school\.example\/media\/files\/[a-f0-9]{32}-medium\.png$/);
    expect(await countOf(w, 'guide_activities', `guide_id = ${g.id}`)).toBe(2);
    expect(await storedFiles('guides')).toHaveLength(1);

    const file = await call(t.app, 'GET', `/dashboard/guides/${g.id}/file`, { token: writer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Gu_a del maestro.pdf"; filename*=UTF-8''Gu%C3%ADa%20del%20maestro.pdf`,
    );
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const list = await call(t.app, 'POST', '/dashboard/guides/list', {
      token: writer,
      body: { search: 'moon', activity_id: shared },
    });
    expect(list.json().meta).toEqual({ page: 1, per_page: 10, total: 1 });
    expect(list.json().data[0].id).toBe(g.id);

    // update: a new title and a new file, links to one activity; the old file is removed
    const before = await storedFiles('guides');
    const upd = await send(writer, 'PUT', `/dashboard/guides/${g.id}`, [
      field('title', 'Moon guide v2'),
      field('activity_ids', String(shared)),
      field('remove_cover', 'true'),
      pdf('v2.pdf', Buffer.concat([PDF, Buffer.from('% v2\n')])),
    ]);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ title: 'Moon guide v2', cover_url: null, file: { name: 'v2.pdf' } });
    expect(upd.json().data.activities).toEqual([{ id: shared, title: 'Moon Phases' }]);
    const after = await storedFiles('guides');
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(await storedFiles('media')).toHaveLength(0);

    // update without a file keeps it, without activity_ids keeps the links
    const keep = await send(writer, 'POST', `/dashboard/guides/${g.id}`, [field('title', 'Moon guide v3')]);
    expect(keep.json().data).toMatchObject({ title: 'Moon guide v3', file: { name: 'v2.pdf' } });
    expect(keep.json().data.activities).toHaveLength(1);

    expect(await countOf(w, 'audit_log', `action like 'guide.%' and entity_id = '${g.id}'`)).toBe(3);
    const del = await call(t.app, 'DELETE', `/dashboard/guides/${g.id}`, { token: writer });
    expect(del.statusCode).toBe(200);
    expect(await countOf(w, 'guides', `id = ${g.id}`)).toBe(0);
    expect(await countOf(w, 'guide_activities', `guide_id = ${g.id}`)).toBe(0);
    expect(await storedFiles('guides')).toHaveLength(0);
  });

  it('refuses a missing title, missing file, wrong type, fake content and oversize file, writing nothing', async () => {
    const rows = await countOf(w, 'guides');
    const files = (await storedFiles('guides')).length;
    const cases: [Part[], string, string][] = [
      [[pdf()], 'title', 'Please enter title'],
      [[field('title', 'No file')], 'file', 'Please upload file'],
      [
        [field('title', 'Exe'), { name: 'file', filename: 'run.exe', type: 'application/x-msdownload', data: PDF }],
        'file',
        'run.exe is not a PDF, DOCX, PPTX, JPG or PNG file!',
      ],
      [
        [field('title', 'Fake'), pdf('fake.pdf', Buffer.from('MZ not a pdf'))],
        'file',
        'fake.pdf is not a PDF, DOCX, PPTX, JPG or PNG file!',
      ],
      [
        [field('title', 'Huge'), pdf('huge.pdf', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]))],
        'file',
        'huge.pdf is bigger than 20 MB!',
      ],
      [
        [
          field('title', 'Bad cover'),
          pdf(),
          { name: 'cover', filename: 'c.png', type: 'image/png', data: Buffer.from('nope') },
        ],
        'cover',
        'File Is NOT Image!',
      ],
      [
        [field('title', 'Elsewhere'), field('activity_ids', String(foreign)), pdf()],
        'activity_ids',
        'Some of the selected activities are not available.',
      ],
    ];
    for (const [parts, name, message] of cases) {
      const res = await send(writer, 'POST', '/dashboard/guides', parts);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().errors[name]).toEqual([message]);
    }
    expect(await countOf(w, 'guides')).toBe(rows);
    expect(await storedFiles('guides')).toHaveLength(files);
    expect(await storedFiles('media')).toHaveLength(0);
  });

  it("keeps a district's guides to that district and the domain's guides to their domain", async () => {
    // a custom role of district A1 with guide-management writes district guides
    const { createCustomRole, createUser } = await import('../../db/seed/factories');
    const role = await createCustomRole(w.db, {
      name: 'Guide editor',
      permissions: ['guide-management', 'activity-management'],
      accountId: w.accA1.id,
      domainId: w.domA.id,
    });
    await createUser(w.db, {
      role: 'custom',
      roleId: role.id,
      domainId: w.domA.id,
      accountId: w.accA1.id,
      email: 'ge@a.test',
    });
    const login = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'ge@a.test', password: 'Passw0rd!' },
    });
    const editor = login.json().data.token as string;

    const mine = await createAs(editor, 'A1 handout', [field('activity_ids', String(shared))]);
    expect(mine.account_id).toBe(w.accA1.id);
    const domainGuide = await createAs(writer, 'Domain handout');
    const betaGuide = await createAs(w.tokens.super, 'Beta handout', [field('domain_id', String(w.domB.id))]);

    // the district editor reads the domain's guide but may not change it; domain B's does not exist for them
    expect((await call(t.app, 'GET', `/dashboard/guides/${domainGuide.id}`, { token: editor })).statusCode).toBe(200);
    expect(
      (await send(editor, 'PUT', `/dashboard/guides/${domainGuide.id}`, [field('title', 'Mine')])).statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['GET', `/dashboard/guides/${betaGuide.id}`],
      ['GET', `/dashboard/guides/${betaGuide.id}/file`],
      ['DELETE', `/dashboard/guides/${betaGuide.id}`],
    ] as const) {
      expect((await call(t.app, method, url, { token: editor })).statusCode).toBe(404);
    }
    expect((await send(editor, 'PUT', `/dashboard/guides/${betaGuide.id}`, [field('title', 'X')])).statusCode).toBe(
      404,
    );
    expect((await send(writer, 'PUT', `/dashboard/guides/${betaGuide.id}`, [field('title', 'X')])).statusCode).toBe(
      404,
    );
    // naming another domain on create is 404 too
    const other = await send(writer, 'POST', '/dashboard/guides', [
      field('title', 'X'),
      field('domain_id', String(w.domB.id)),
      pdf(),
    ]);
    expect(other.statusCode).toBe(404);

    const list = await call(t.app, 'POST', '/dashboard/guides/list', { token: editor, body: { search: 'handout' } });
    expect(
      list
        .json()
        .data.map((g: { id: number }) => g.id)
        .sort(),
    ).toEqual([mine.id, domainGuide.id].sort());
    expect(await countOf(w, 'guides', `title = 'Mine' or title = 'X'`)).toBe(0);
  });

  it('shows an activity’s guides to those who may view the activity, and lets them download the files', async () => {
    const g = await createAs(writer, 'Lab handout', [field('activity_ids', `${shared},${draft}`)]);
    const lone = await createAs(writer, 'Unlinked handout');
    const ofActivity = (token: string, id: number) =>
      call(t.app, 'POST', '/dashboard/activities/guides', { token, body: { activity_id: id } });

    const seen = await ofActivity(w.tokens.teacher, shared);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.map((x: { title: string }) => x.title)).toContain('Lab handout');
    // a teacher reads only published activities: the draft link is not shown, the draft itself is 404
    expect(seen.json().data.find((x: { id: number }) => x.id === g.id).activities).toEqual([
      { id: shared, title: 'Moon Phases' },
    ]);
    expect((await ofActivity(w.tokens.teacher, draft)).statusCode).toBe(404);
    expect((await ofActivity(w.tokens.teacher, foreign)).statusCode).toBe(404);

    const file = await call(t.app, 'GET', `/dashboard/guides/${g.id}/file`, { token: w.tokens.teacher });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // a guide on none of the teacher's activities is not theirs to download
    expect(
      (await call(t.app, 'GET', `/dashboard/guides/${lone.id}/file`, { token: w.tokens.teacher })).statusCode,
    ).toBe(404);

    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/guides', { activity_id: shared })).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
    expect(await statusesByActor(t, w, 'GET', `/dashboard/guides/${g.id}/file`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });

  it('is for guide managers: domain, district and school admins, teachers and other custom roles are refused', async () => {
    const g = await createAs(writer, 'Roles handout');
    const refused = { super: 200, domain: 403, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
    expect(await statusesByActor(t, w, 'POST', '/dashboard/guides/list', {})).toEqual(refused);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/guides/${g.id}`)).toEqual(refused);
    const rows = await countOf(w, 'guides');
    for (const a of ['domain', 'district', 'school', 'teacher', 'custom'] as const) {
      expect((await send(w.tokens[a], 'POST', '/dashboard/guides', [field('title', 'Nope'), pdf()])).statusCode).toBe(
        403,
      );
      expect((await send(w.tokens[a], 'PUT', `/dashboard/guides/${g.id}`, [field('title', 'Nope')])).statusCode).toBe(
        403,
      );
      expect((await call(t.app, 'DELETE', `/dashboard/guides/${g.id}`, { token: w.tokens[a] })).statusCode).toBe(403);
    }
    expect(await countOf(w, 'guides')).toBe(rows);
    expect(await countOf(w, 'guides', `title = 'Nope'`)).toBe(0);
  });
});
