import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@aula/domain/calendar-dates';
import { createDatabase, type Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { createProduct } from '../../db/seed/catalogue-factories';
import {
  createAcademicSession,
  createAccount,
  createClass,
  createDomain,
  createOrganization,
} from '../../db/seed/factories';
import { createActivityWithScreens, publishDraft } from '../../db/seed/screen-factories';
import { materialiseDue } from './pas-materialise.service';

// Exactly once on real PostgreSQL, where two workers truly run at the same time: two processes' worth of connection
// pools materialise the same due plan assignments for 300 classes concurrently, several rounds. Runs on a scratch
// database of the local PostgreSQL (TEST_DATABASE_URL's server, else 127.0.0.1:5432) and is skipped without one.

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLASSES = 300;
const PLANS = 3;
let reachable = false;
let name = '';
let url = '';
const dbs: Database[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  try {
    await admin((c) => c.query('select 1'));
    reachable = true;
  } catch {
    return;
  }
  name = `aula_pas_race_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(base);
  u.pathname = `/${name}`;
  url = u.toString();
  const setup = createDatabase(url, 2);
  dbs.push(setup);
  await runMigrations(setup);
  const db = setup.db;
  const domain = await createDomain(db);
  const account = await createAccount(db, { domainId: domain.id });
  const org = await createOrganization(db, { accountId: account.id });
  const session = await createAcademicSession(db, { accountId: account.id });
  const product = await createProduct(db, { domainId: domain.id });
  const { activity } = await createActivityWithScreens(db, { domainId: domain.id, screens: 1 });
  await publishDraft(db, activity.id);
  const classIds: number[] = [];
  for (let i = 0; i < CLASSES; i++)
    classIds.push((await createClass(db, { accountId: account.id, organizationId: org.id })).id);
  const today = calendarDateIn(new Date(), 'UTC');
  for (let p = 0; p < PLANS; p++) {
    const plan = await setup.pool.query<{ id: number }>(
      `insert into pas_plans (account_id, name, product_id, academic_session_id, plan_type, cron_day, assign_time,
         time_zone, start_date, is_published) values ($1, $2, $3, $4, 0, 1, '00:00', 'UTC', $5, 1) returning id`,
      [account.id, `Race ${p}`, product.id, session.id, today],
    );
    const planId = plan.rows[0]!.id;
    const pa = await setup.pool.query<{ id: number }>(
      `insert into pas_plan_assignments (plan_id, position, title, date) values ($1, 1, 'Auto-Assignment #1', $2) returning id`,
      [planId, today],
    );
    await setup.pool.query(
      'insert into pas_plan_assignment_activities (plan_assignment_id, activity_id, position) values ($1, $2, 1)',
      [pa.rows[0]!.id, activity.id],
    );
    await setup.pool.query(
      `insert into pas_plan_members (plan_id, member_type, member_id, assigned_at)
       select $1, 'class', unnest($2::int[]), now() - interval '1 day'`,
      [planId, classIds],
    );
  }
}, 120_000);

afterAll(async () => {
  for (const d of dbs) await d.close();
  if (reachable && name) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('materialisation on PostgreSQL with two concurrent workers', () => {
  it('gives every (plan assignment, class) exactly one assignment and leaves nothing behind', async (ctx) => {
    if (!reachable) return ctx.skip();
    const workerA = createDatabase(url, 4, { namedStatements: true });
    const workerB = createDatabase(url, 4, { namedStatements: true });
    dbs.push(workerA, workerB);
    const runs = await Promise.all([
      materialiseDue({ db: workerA.db }),
      materialiseDue({ db: workerB.db }),
      materialiseDue({ db: workerA.db }),
      materialiseDue({ db: workerB.db }),
    ]);
    const pairs = CLASSES * PLANS;
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(pairs);
    const q = async (text: string) => (await workerA.pool.query<{ n: number }>(text)).rows[0]!.n;
    expect(await q('select count(*)::int as n from pas_materialisations')).toBe(pairs);
    expect(
      await q(
        'select count(*)::int as n from (select 1 from pas_materialisations group by plan_assignment_id, class_id having count(*) > 1) d',
      ),
    ).toBe(0);
    // no assignment without its claim (a loser's rows are gone), each with its class and its activity
    expect(await q('select count(*)::int as n from assignments')).toBe(pairs);
    expect(
      await q(
        `select count(*)::int as n from assignments a where not exists
           (select 1 from pas_materialisations x where x.assignment_id = a.id)`,
      ),
    ).toBe(0);
    expect(await q("select count(*)::int as n from assignment_members where member_type = 'class'")).toBe(pairs);
    expect(await q('select count(*)::int as n from assignment_activities')).toBe(pairs);
    // one more round finds nothing to do
    expect((await materialiseDue({ db: workerB.db })).created).toBe(0);
  });
});
