// bench/plans: PAS plan generation and materialisation. Figures only; nothing is asserted.
// 1. generatePlan (@aula/domain/plan-generation) for a weekly plan of 180 activities over two years (the default
//    calendar end), some locked: p50/p95/max over BENCH_RUNS runs after a warm-up (aim: under 10 ms).
// 2. materialiseDue for one day's plan assignment given to 2,000 classes (BENCH_CLASSES) on PostgreSQL: a scratch
//    database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres, trust auth) is
//    migrated, filled and dropped; the seconds of the cold run and of a second run that finds nothing left to give
//    (aim: under 5 s), and the same with per-student settings (the plan active only for chosen students).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { admin, BASE, pct } from '../lib/scratch-db';
import { addDays, calendarDateIn } from '../../packages/domain/src/calendar-dates';
import { generatePlan } from '../../packages/domain/src/plan-generation';
import { createDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { materialiseDue } from '../../apps/api/src/modules/pas-plans/pas-materialise.service';
import { createProduct } from '../../apps/api/src/db/seed/catalogue-factories';
import {
  createAcademicSession,
  createAccount,
  createDomain,
  createOrganization,
} from '../../apps/api/src/db/seed/factories';
import { createActivityWithScreens, publishDraft } from '../../apps/api/src/db/seed/screen-factories';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CLASSES = Number(process.env.BENCH_CLASSES ?? 2000);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 25);

function benchGeneration() {
  const start = '2026-08-03';
  const activities = Array.from({ length: 180 }, (_v, i) =>
    i % 20 === 0 ? { id: i + 1, is_locked: true, date: addDays(start, i * 3) } : { id: i + 1 },
  );
  const input = {
    planType: 0 as const,
    startDate: start,
    cronDay: 1,
    activitiesPerAssignment: 2,
    activities,
    today: start,
  };
  for (let i = 0; i < 20; i++) generatePlan(input);
  const times: number[] = [];
  let out = generatePlan(input);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    out = generatePlan(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const dated = out.filter((a) => a.date !== null);
  console.log(
    `generate: 180 activities, weekly over 2 years -> ${dated.length} dated assignments` +
      `${out.length > dated.length ? ` + 1 extra (${out.at(-1)!.activities.length} activities)` : ''}`,
  );
  console.log(
    `  p50 ${pct(times, 50).toFixed(3)} ms, p95 ${pct(times, 95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms ` +
      `over ${RUNS} runs (aim: under 10 ms)`,
  );
}

async function benchMaterialisation() {
  try {
    await admin((c) => c.query('select 1'));
  } catch (err) {
    console.log(`materialise: skipped, PostgreSQL not reachable at ${BASE} (${(err as Error).message})`);
    return;
  }
  const name = `aula_bench_plans_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  const database = createDatabase(u.toString(), 4, { namedStatements: true });
  try {
    await runMigrations(database);
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const today = calendarDateIn(new Date(), 'UTC');
    const db = database.db;
    const domain = (await createDomain(db, { name: 'Bench' })).id;
    const account = (await createAccount(db, { domainId: domain, name: 'Bench district' })).id;
    const org = (await createOrganization(db, { accountId: account, name: 'Bench school' })).id;
    const session = (
      await createAcademicSession(db, {
        accountId: account,
        startDate: addDays(today, -30),
        endDate: addDays(today, 300),
      })
    ).id;
    const product = (await createProduct(db, { domainId: domain })).id;
    const activityIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { activity } = await createActivityWithScreens(db, { domainId: domain, screens: 1 });
      await publishDraft(db, activity.id);
      activityIds.push(activity.id);
    }
    const classIds = (
      await q(
        `insert into classes (account_id, organization_id, title) select $1, $2, 'Class ' || g
         from generate_series(1, $3::int) g returning id`,
        [account, org, CLASSES],
      )
    ).rows.map((r) => r.id as number);
    // students for the per-student run: STUDENTS per class
    const studentIds = (
      await q(
        `insert into users (role, domain_id, account_id, first_name, last_name, username)
         select 'student', $1, $2, 'S', g::text, 'bench-' || g from generate_series(1, $3::int) g returning id`,
        [domain, account, CLASSES * STUDENTS],
      )
    ).rows.map((r) => r.id as number);
    await q(
      `insert into class_users (class_id, user_id, user_type)
       select c.id, s.id, 'student' from unnest($1::int[]) with ordinality c(id, n)
       join unnest($2::int[]) with ordinality s(id, m) on (s.m - 1) / $3 + 1 = c.n`,
      [classIds, studentIds, STUDENTS],
    );
    // a live database has statistics; a freshly filled scratch one gets them here
    await q('analyze');
    const makePlan = async (label: string, activeForStudents: 0 | 1) => {
      const plan = (
        await q(
          `insert into pas_plans (account_id, name, product_id, academic_session_id, plan_type, cron_day, assign_time,
             time_zone, start_date, is_published, active_for_students)
           values ($1, $2, $3, $4, 0, 1, '00:00', 'UTC', $5, 1, $6) returning id`,
          [account, label, product, session, today, activeForStudents],
        )
      ).rows[0].id as number;
      const pa = (
        await q(
          `insert into pas_plan_assignments (plan_id, position, title, date) values ($1, 1, 'Auto-Assignment #1', $2) returning id`,
          [plan, today],
        )
      ).rows[0].id as number;
      await q(
        `insert into pas_plan_assignment_activities (plan_assignment_id, activity_id, position)
         select $1, a, row_number() over () from unnest($2::int[]) a`,
        [pa, activityIds],
      );
      await q(
        `insert into pas_plan_members (plan_id, member_type, member_id, assigned_at)
         select $1, 'class', unnest($2::int[]), now() - interval '1 day'`,
        [plan, classIds],
      );
      if (!activeForStudents)
        // every other student turned on
        await q(
          `insert into pas_student_settings (plan_id, student_id, is_active) select $1, s, 1 from unnest($2::int[]) s
           where s % 2 = 0`,
          [plan, studentIds],
        );
      await q('analyze');
      return plan;
    };
    for (const [label, active] of [
      ['whole classes', 1],
      [`per-student settings (${STUDENTS} students a class, half on)`, 0],
    ] as const) {
      const plan = await makePlan(label, active);
      const t0 = performance.now();
      const first = await materialiseDue({ db: database.db }, { planId: plan });
      const cold = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      const again = await materialiseDue({ db: database.db }, { planId: plan });
      const warm = (performance.now() - t1) / 1000;
      const members = (
        await q(
          `select count(*)::int as n from assignment_members m join assignments a on a.id = m.assignment_id
           where a.plan_id = $1`,
          [plan],
        )
      ).rows[0].n as number;
      console.log(
        `materialise (PostgreSQL), ${label}: ${first.created} assignments for ${CLASSES} classes ` +
          `(${members} member rows) in ${cold.toFixed(2)} s (aim: under 5 s); next run ${again.created} in ${warm.toFixed(2)} s`,
      );
    }
  } finally {
    await database.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

benchGeneration();
await benchMaterialisation();
