import { sql } from 'drizzle-orm';
import type { RosterEntityType } from '@aula/domain/roster-queue';
import type { DbOrTx } from '../../../db/client';

// What an account already holds, per entity type, in the comparable shape of the roster plan: each rostered row
// (one with a sourcedId) with its fields as the snapshot names them, references given as the sourcedIds they point
// at. So a diff needs no ids of rows an import has yet to create.

export type FieldValue = string | number | boolean | null;
export interface ExistingRecord {
  id: number;
  sourcedId: string;
  /** not deleted (and, for users, not disabled) */
  live: boolean;
  fields: Record<string, FieldValue>;
}

type Row = Record<string, FieldValue> & { id: number; sourced_id: string; live: boolean };

const QUERIES: Record<Exclude<RosterEntityType, 'enrollments'>, (accountId: number) => ReturnType<typeof sql>> = {
  orgs: (a) => sql`
    select id, sourced_id, deleted_at is null as live, name, nces_id as identifier
      from organizations where account_id = ${a} and sourced_id is not null`,
  academicSessions: (a) => sql`
    select id, sourced_id, deleted_at is null as live, title, type, start_date::text as start_date,
           end_date::text as end_date, school_year
      from academic_sessions where account_id = ${a} and sourced_id is not null`,
  courses: (a) => sql`
    select c.id, c.sourced_id, c.deleted_at is null as live, c.title, c.course_code, o.sourced_id as org
      from courses c left join organizations o on o.id = c.organization_id
     where c.account_id = ${a} and c.sourced_id is not null`,
  classes: (a) => sql`
    select c.id, c.sourced_id, c.deleted_at is null as live, c.title, o.sourced_id as school,
           co.sourced_id as course, s.sourced_id as term, c.periods, c.grades, c.subject
      from classes c
      join organizations o on o.id = c.organization_id
      left join courses co on co.id = c.course_id
      left join academic_sessions s on s.id = c.academic_session_id
     where c.account_id = ${a} and c.sourced_id is not null`,
  users: (a) => sql`
    select u.id, u.sourced_id, (not u.disabled and u.deleted_at is null) as live, u.first_name, u.middle_name,
           u.last_name, u.email, u.username, u.role, (not u.disabled and u.deleted_at is null) as enabled,
           coalesce((select string_agg(o.sourced_id, ',' order by o.sourced_id)
                       from user_organizations uo join organizations o on o.id = uo.organization_id
                      where uo.user_id = u.id and o.sourced_id is not null), '') as orgs
      from users u where u.account_id = ${a} and u.sourced_id is not null`,
};

/** The account's rostered rows of one entity type (enrollments are diffed in SQL: roster-enrollments.repo.ts). */
export async function loadExisting(
  db: DbOrTx,
  accountId: number,
  entity: Exclude<RosterEntityType, 'enrollments'>,
): Promise<ExistingRecord[]> {
  const res = await db.execute<Row>(QUERIES[entity](accountId));
  return res.rows.map(({ id, sourced_id, live, ...fields }) => ({
    id,
    sourcedId: sourced_id,
    live,
    fields: entity === 'users' ? fields : { ...fields, live },
  }));
}

export interface TakenIdentity {
  id: number;
  accountId: number | null;
  sourcedId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
}

/** Users anywhere whose e-mail or username (case-insensitive) is one of these: they would collide with a new row. */
export async function loadTakenIdentities(db: DbOrTx, emails: string[], usernames: string[]): Promise<TakenIdentity[]> {
  if (emails.length === 0 && usernames.length === 0) return [];
  const res = await db.execute<{
    id: number;
    account_id: number | null;
    sourced_id: string | null;
    first_name: string;
    last_name: string;
    email: string | null;
    username: string | null;
  }>(sql`
    select id, account_id, sourced_id, first_name, last_name, email, username from users
     where lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
        or lower(username) in (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb))`);
  return res.rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    sourcedId: r.sourced_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    username: r.username,
  }));
}

/** Live users, classes and enrollments of the account: the base of the sanity share. */
export async function countLiveRoster(db: DbOrTx, accountId: number) {
  const res = await db.execute<{ users: number; classes: number; enrollments: number }>(sql`
    select (select count(*) from users where account_id = ${accountId} and deleted_at is null
              and not disabled and role in ('student', 'teacher', 'administrator', 'school-administrator'))::int as users,
           (select count(*) from classes where account_id = ${accountId} and deleted_at is null)::int as classes,
           (select count(*) from class_users cu join classes c on c.id = cu.class_id
             where c.account_id = ${accountId} and c.deleted_at is null)::int as enrollments`);
  const r = res.rows[0]!;
  return { users: Number(r.users), classes: Number(r.classes), enrollments: Number(r.enrollments) };
}
