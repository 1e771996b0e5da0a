import { sql, type SQL } from 'drizzle-orm';
import type { RosterEntityType } from '@aula/domain/roster-queue';
import type { DbOrTx } from '../../../db/client';
import type { PlannedChange } from './roster-diff';

// The writes of an import, set-based: each batch is one statement over jsonb_to_recordset, references resolved by
// sourcedId inside the statement (so rows created earlier in the same transaction are found). The caller runs every
// batch of every entity type in one transaction.

export const APPLY_BATCH = 5000;

interface Target {
  accountId: number;
  domainId: number;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
const pick = (c: PlannedChange, extra: Record<string, unknown> = {}) => ({
  ...c.fields,
  sourced_id: c.sourcedId,
  id: c.targetId,
  ...extra,
});

const ref = (table: string, col: string, a: number) =>
  sql`(select r.id from ${sql.raw(table)} r where r.account_id = ${a} and r.sourced_id = x.${sql.raw(col)})`;

function upserts(entity: RosterEntityType, t: Target, creates: PlannedChange[], updates: PlannedChange[]): SQL[] {
  const a = t.accountId;
  const out: SQL[] = [];
  const ins = (rows: PlannedChange[], q: (j: SQL) => SQL) =>
    rows.length > 0 && out.push(q(json(rows.map((c) => pick(c)))));
  switch (entity) {
    case 'orgs':
      ins(
        creates,
        (j) => sql`insert into organizations (account_id, name, nces_id, source, sourced_id)
        select ${a}, x.name, x.identifier, 'oneroster', x.sourced_id
          from jsonb_to_recordset(${j}) as x(sourced_id text, name text, identifier text)`,
      );
      ins(
        updates,
        (j) => sql`update organizations o set name = x.name, nces_id = x.identifier, deleted_at = null,
          updated_at = now()
          from jsonb_to_recordset(${j}) as x(id int, name text, identifier text) where o.id = x.id`,
      );
      break;
    case 'academicSessions':
      ins(
        creates,
        (j) => sql`insert into academic_sessions
          (domain_id, account_id, title, type, school_year, start_date, end_date, sourced_id)
        select ${t.domainId}, ${a}, x.title, x.type, x.school_year, x.start_date::date, x.end_date::date, x.sourced_id
          from jsonb_to_recordset(${j}) as x(sourced_id text, title text, type text, school_year int,
            start_date text, end_date text)`,
      );
      ins(
        updates,
        (j) => sql`update academic_sessions s set title = x.title, type = x.type,
          school_year = x.school_year, start_date = x.start_date::date, end_date = x.end_date::date,
          deleted_at = null, updated_at = now()
          from jsonb_to_recordset(${j}) as x(id int, title text, type text, school_year int, start_date text,
            end_date text) where s.id = x.id`,
      );
      break;
    case 'courses':
      ins(
        creates,
        (j) => sql`insert into courses (account_id, organization_id, title, course_code, sourced_id)
        select ${a}, ${ref('organizations', 'org', a)}, x.title, x.course_code, x.sourced_id
          from jsonb_to_recordset(${j}) as x(sourced_id text, title text, course_code text, org text)`,
      );
      ins(
        updates,
        (j) => sql`update courses c set organization_id = ${ref('organizations', 'org', a)},
          title = x.title, course_code = x.course_code, deleted_at = null, updated_at = now()
          from jsonb_to_recordset(${j}) as x(id int, title text, course_code text, org text) where c.id = x.id`,
      );
      break;
    case 'classes': {
      const cols = sql`x(id int, sourced_id text, title text, school text, course text, term text, periods text,
        grades text, subject text)`;
      ins(
        creates,
        (j) => sql`insert into classes (account_id, organization_id, course_id, academic_session_id,
          title, periods, grades, subject, sourced_id)
        select ${a}, ${ref('organizations', 'school', a)}, ${ref('courses', 'course', a)},
          ${ref('academic_sessions', 'term', a)}, x.title, x.periods, x.grades, x.subject, x.sourced_id
          from jsonb_to_recordset(${j}) as ${cols}`,
      );
      // the title is the roster's; a teacher's custom title, the class's settings and assignments stay
      ins(
        updates,
        (j) => sql`update classes c set organization_id = ${ref('organizations', 'school', a)},
          course_id = ${ref('courses', 'course', a)}, academic_session_id = ${ref('academic_sessions', 'term', a)},
          title = x.title, periods = x.periods, grades = x.grades, subject = x.subject, deleted_at = null,
          updated_at = now()
          from jsonb_to_recordset(${j}) as ${cols} where c.id = x.id`,
      );
      break;
    }
    case 'users': {
      const cols = sql`x(id int, sourced_id text, role text, first_name text, middle_name text, last_name text,
        email text, username text, enabled boolean)`;
      ins(
        creates,
        (j) => sql`insert into users (role, domain_id, account_id, first_name, middle_name, last_name,
          email, username, disabled, sourced_id)
        select x.role, ${t.domainId}, ${a}, x.first_name, x.middle_name, x.last_name, x.email, x.username,
          not x.enabled, x.sourced_id
          from jsonb_to_recordset(${j}) as ${cols}`,
      );
      ins(
        updates,
        (j) => sql`update users u set role = x.role, first_name = x.first_name,
          middle_name = x.middle_name, last_name = x.last_name, email = x.email, username = x.username,
          disabled = not x.enabled, deleted_at = case when x.enabled then null else u.deleted_at end,
          updated_at = now()
          from jsonb_to_recordset(${j}) as ${cols} where u.id = x.id`,
      );
      // school memberships: the rostered schools are the roster's; schools added by hand stay
      const moved = [...creates, ...updates.filter((c) => 'orgs' in c.changes)];
      if (moved.length > 0) {
        out.push(sql`delete from user_organizations uo
          using users u, organizations o
          where uo.user_id = u.id and uo.organization_id = o.id and o.sourced_id is not null
            and u.account_id = ${a} and u.sourced_id in (select jsonb_array_elements_text(${json(moved.map((c) => c.sourcedId))}))`);
        const pairs = moved.flatMap((c) =>
          String(c.fields.orgs ?? '')
            .split(',')
            .filter(Boolean)
            .map((o) => ({ u: c.sourcedId, o })),
        );
        if (pairs.length > 0)
          out.push(sql`insert into user_organizations (user_id, organization_id)
            select u.id, o.id from jsonb_to_recordset(${json(pairs)}) as x(u text, o text)
              join users u on u.account_id = ${a} and u.sourced_id = x.u
              join organizations o on o.account_id = ${a} and o.sourced_id = x.o
            on conflict do nothing`);
      }
      break;
    }
    case 'enrollments':
      // applied in SQL from the staged snapshot (roster-enrollments.repo.ts)
      break;
  }
  return out;
}

function disables(entity: RosterEntityType, t: Target, rows: PlannedChange[]): SQL | null {
  if (rows.length === 0) return null;
  const ids = sql`(select (jsonb_array_elements_text(${json(rows.map((c) => String(c.targetId)))}))::int)`;
  switch (entity) {
    case 'users':
      // disabled, not deleted: their work stays and a later import may enable them again
      return sql`update users set disabled = true, updated_at = now() where id in ${ids}`;
    case 'enrollments':
      return null;
    default: {
      const table = {
        orgs: 'organizations',
        academicSessions: 'academic_sessions',
        courses: 'courses',
        classes: 'classes',
      }[entity];
      return sql`update ${sql.raw(table)} set deleted_at = now(), updated_at = now() where id in ${ids}`;
    }
  }
}

/** Every statement that applies one entity type's changes, in batches of APPLY_BATCH rows. */
export function statementsFor(entity: RosterEntityType, t: Target, changes: PlannedChange[]): SQL[] {
  const out: SQL[] = [];
  for (let i = 0; i < changes.length; i += APPLY_BATCH) {
    const batch = changes.slice(i, i + APPLY_BATCH);
    out.push(
      ...upserts(
        entity,
        t,
        batch.filter((c) => c.action === 'create'),
        batch.filter((c) => c.action === 'update'),
      ),
    );
    const d = disables(
      entity,
      t,
      batch.filter((c) => c.action === 'disable'),
    );
    if (d) out.push(d);
  }
  return out;
}

export async function runStatements(db: DbOrTx, statements: SQL[], afterEach?: () => Promise<void>): Promise<void> {
  for (const s of statements) {
    await db.execute(s);
    if (afterEach) await afterEach();
  }
}

/**
 * Every live session of the account's disabled users ends (issue 13 item 5: disabling a user revokes their tokens),
 * in the apply's transaction: an import that disables a student signs them out. Returns what was revoked.
 */
export async function revokeDisabledSessions(
  db: DbOrTx,
  accountId: number,
): Promise<{ sessionId: number; userId: number }[]> {
  const res = await db.execute<{ id: number; user_id: number }>(sql`update sessions s set revoked_at = now()
    from users u
    where s.user_id = u.id and u.account_id = ${accountId} and u.disabled and s.revoked_at is null
    returning s.id, s.user_id`);
  return res.rows.map((r) => ({ sessionId: r.id, userId: r.user_id }));
}
