import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentUserType } from '@aula/domain/roster-queue';
import { fixtureFiles, MINIMAL_11, parseSimpleCsv, tempZips, toCsv } from '../../../../test/oneroster-fixtures';
import { buildTestApp, call, type TestApp } from '../../../../test/test-app';
import { buildWorld, type World } from '../../../../test/tenancy-fixtures';
import { applyQueueItem } from './queue-apply';
import { createQueueItem, runStageJob } from './queue-stage';
import { changeStatus } from './queue.service';
import { SNAPSHOT_CHUNK } from './roster-snapshot.repo';

// The whole path of a CSV import on the real OneRoster 1.1 sample set (../shared/fixtures/oneroster): upload over
// HTTP, the staging job with the real reader, the review, approval, the apply, and the same archive again (nothing
// changes: the item ends empty).

let t: TestApp;
let w: World;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aula-roster-fixture-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function uploadFixture(): Promise<number> {
  const boundary = '----aulaRosterFixture';
  const zip = await readFile(MINIMAL_11);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${w.accA1.id}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="minimal.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/dashboard/roster/import',
    headers: {
      authorization: `Bearer ${w.tokens.domain}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await runStageJob(t.app.deps, id);
  return id;
}

const item = async (id: number) =>
  (await call(t.app, 'GET', `/dashboard/roster/queue/${id}`, { token: w.tokens.domain })).json().data;

describe('a OneRoster CSV archive from upload to roster', () => {
  it('is staged by the real reader, reviewed, approved and applied; the same archive again changes nothing', async () => {
    const id = await uploadFixture();
    expect(await item(id)).toMatchObject({ status: 'prepared', data_type: 'csv', import_type: 'bulk' });

    const review = await call(t.app, 'POST', '/dashboard/roster/review', {
      token: w.tokens.domain,
      body: { scope: { queue_id: id }, entity_type: 'classes', per_page: 50 },
    });
    expect(review.statusCode, review.body).toBe(200);
    const classes = review.json().data as { action: string; label: string; sourced_id: string }[];
    expect(classes).toContainEqual(
      expect.objectContaining({ action: 'create', sourced_id: 'cls-222-123456', label: 'Introduction to Physics' }),
    );

    const approve = await call(t.app, 'PUT', `/dashboard/roster/queue/${id}`, {
      token: w.tokens.domain,
      body: { status: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await applyQueueItem(t.app.deps, id);
    expect(await item(id)).toMatchObject({ status: 'processed', status_label: 'Done' });

    const { rows: cls } = await w.pool.query<{ id: number; title: string }>(
      `select id, title from classes where account_id = $1 and sourced_id = 'cls-222-123456' and deleted_at is null`,
      [w.accA1.id],
    );
    expect(cls.map((c) => c.title)).toEqual(['Introduction to Physics']);
    const { rows: mary } = await w.pool.query<{ id: number; role: string; first_name: string }>(
      `select id, role, first_name from users where account_id = $1 and sourced_id = 'usr-222-66778899'`,
      [w.accA1.id],
    );
    expect(mary).toEqual([expect.objectContaining({ role: 'student', first_name: 'Mary' })]);
    const { rows: members } = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from class_users where class_id = $1`,
      [cls[0]!.id],
    );
    expect(members[0]!.n).toBeGreaterThan(0);
    // another district never sees the rows
    const { rows: elsewhere } = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from classes where account_id <> $1 and sourced_id = 'cls-222-123456'`,
      [w.accA1.id],
    );
    expect(elsewhere[0]!.n).toBe(0);

    // item 3: importing the same archive twice changes nothing, and the student keeps their id
    const again = await uploadFixture();
    expect(await item(again)).toMatchObject({ status: 'empty' });
    const { rows: maryAfter } = await w.pool.query<{ id: number }>(
      `select id from users where account_id = $1 and sourced_id = 'usr-222-66778899'`,
      [w.accA1.id],
    );
    expect(maryAfter.map((m) => m.id)).toEqual([mary[0]!.id]);
  });

  it('holds an import that would disable too many users for confirmation; confirmed, it signs the disabled out', async () => {
    // a rostered student of an earlier import who is not in this archive: the bulk import disables them
    await w.pool.query(`update users set sourced_id = 'usr-left-the-district' where id = $1`, [w.users.student.id]);
    expect((await call(t.app, 'GET', '/student/my', { token: w.tokens.student })).statusCode).toBe(200);
    const id = await uploadFixture();
    const held = await item(id);
    expect(held).toMatchObject({ status: 'actionRequired', status_label: 'Confirm' });
    // one of the district's users (staff and the five rostered included) is past the default 10 %
    expect(held.sanity.users.disable).toBe(1);
    expect(held.sanity.users.existing).toBeLessThan(10);
    // approve is for a reviewed item, not one the sanity check holds
    const approve = await call(t.app, 'PUT', `/dashboard/roster/queue/${id}`, {
      token: w.tokens.domain,
      body: { status: 'approve' },
    });
    expect(approve.statusCode).toBe(409);
    const confirm = await call(t.app, 'PUT', `/dashboard/roster/queue/${id}`, {
      token: w.tokens.domain,
      body: { status: 'confirm' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await applyQueueItem(t.app.deps, id);
    expect(await item(id)).toMatchObject({ status: 'processed' });
    const { rows } = await w.pool.query<{ disabled: boolean }>(`select disabled from users where id = $1`, [
      w.users.student.id,
    ]);
    expect(rows[0]!.disabled).toBe(true);
    expect((await call(t.app, 'GET', '/student/my', { token: w.tokens.student })).statusCode).toBe(401);
  });
});

describe('an archive whose enrollments are streamed into the stored snapshot', () => {
  const zips = tempZips();
  afterAll(() => zips.cleanup());

  /** the sample set with its enrollments repeated past one stored chunk; `broken`: an unclosed quote at the end */
  // (the file is outside DATA_DIR: an absolute path resolves to itself)
  async function bigArchive(broken: boolean): Promise<{ file: string; enrollments: number; pairs: number }> {
    const files = await fixtureFiles(MINIMAL_11);
    const [header, ...rows] = parseSimpleCsv(files.get('enrollments.csv')!);
    const id = header!.indexOf('sourcedId');
    const more: string[][] = [];
    for (let i = 0; more.length < SNAPSHOT_CHUNK + 10; i++)
      for (const r of rows) more.push(r.map((v, k) => (k === id ? `${v}-${i}` : v)));
    let text = toCsv([header!, ...more]);
    if (broken) text += 'enr-broken,"unclosed\r\n';
    files.set('enrollments.csv', text);
    // the sample set's people with e-mails and usernames of their own (the first import took theirs)
    const [userHeader, ...people] = parseSimpleCsv(files.get('users.csv')!);
    const own = ['email', 'username'].map((c) => userHeader!.indexOf(c));
    files.set(
      'users.csv',
      toCsv([userHeader!, ...people.map((r) => r.map((v, k) => (own.includes(k) && v ? `big.${v}` : v)))]),
    );
    // the class|user pairs that make a membership (the sample set's are all in its classes and users)
    const [classCol, userCol, roleCol] = ['classSourcedId', 'userSourcedId', 'role'].map((c) => header!.indexOf(c));
    const kept = rows.filter((r) => enrollmentUserType(r[roleCol!]!) !== null);
    const pairs = new Set(kept.map((r) => `${r[classCol!]}|${r[userCol!]}`)).size;
    return { file: await zips.write(files), enrollments: more.length, pairs };
  }

  const storedChunks = async (queueId: number) => {
    const res = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from roster_enrollment_chunks where queue_id = $1 having count(*) > 0`,
      [queueId],
    );
    return res.rows.map((r) => Number(r.n));
  };

  const statusOf = async (queueId: number) =>
    (await w.pool.query<{ status: string }>('select status from roster_queue where id = $1', [queueId])).rows[0]
      ?.status;

  it('is stored in chunks as it is read and staged from them; an archive that breaks half way leaves none', async () => {
    const good = await bigArchive(false);
    const ok = await createQueueItem(t.app.deps, {
      accountId: w.accB1.id,
      dataType: 'csv',
      createdBy: null,
      filePath: good.file,
      fileName: 'big.zip',
    });
    await runStageJob(t.app.deps, ok.id);
    expect(await statusOf(ok.id)).toBe('prepared');
    expect(await storedChunks(ok.id)).toEqual([Math.ceil(good.enrollments / SNAPSHOT_CHUNK)]);
    // every class|user pair is there hundreds of times (staging finds them by a hash of the pairs and brings each
    // down to its last row): each is created once, and the apply writes one membership a pair
    const staged = await w.pool.query<{ create: number }>(
      `select (diff_summary->'enrollments'->>'create')::int as create from roster_queue where id = $1`,
      [ok.id],
    );
    expect(staged.rows[0]!.create).toBe(good.pairs);
    await changeStatus(t.app.deps, null, ok.id, 'approve');
    await applyQueueItem(t.app.deps, ok.id);
    expect(await statusOf(ok.id)).toBe('processed');
    const memberships = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from class_users cu join classes c on c.id = cu.class_id where c.account_id = $1`,
      [w.accB1.id],
    );
    expect(memberships.rows[0]!.n).toBe(good.pairs);

    const bad = await bigArchive(true);
    const failing = await createQueueItem(t.app.deps, {
      accountId: w.accB1.id,
      dataType: 'csv',
      createdBy: null,
      filePath: bad.file,
      fileName: 'broken.zip',
    });
    await runStageJob(t.app.deps, failing.id);
    expect(await statusOf(failing.id)).toBe('failed');
    expect(await storedChunks(failing.id)).toEqual([]);
  });
});
