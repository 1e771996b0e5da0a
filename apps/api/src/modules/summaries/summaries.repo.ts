import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TenantScope } from '../../lib/auth-context';

// Counts behind the summaries of 002 section 3. Every figure counts live rows only: a soft-deleted school, class,
// course, group, assignment or user is gone, and so is everything under a deleted school or account.

const n = (v: unknown): number => Number(v ?? 0);

export interface AccountCounts {
  schools: number;
  classes: number;
  courses: number;
  students: number;
  teachers: number;
  administrators: number;
  groups: number;
  assignments: number;
}

/** The live-row counts of one account (the caller has already been checked to reach it). */
export async function countAccount(db: DbOrTx, accountId: number): Promise<AccountCounts> {
  const res = await db.execute<Partial<Record<keyof AccountCounts, number>>>(sql`
    with live_orgs as (
      select id from organizations where account_id = ${accountId} and deleted_at is null
    )
    select
      (select count(*) from live_orgs)::int as schools,
      (select count(*) from classes c
         where c.account_id = ${accountId} and c.deleted_at is null
           and c.organization_id in (select id from live_orgs))::int as classes,
      (select count(*) from courses co
         where co.account_id = ${accountId} and co.deleted_at is null
           and (co.organization_id is null or co.organization_id in (select id from live_orgs)))::int as courses,
      (select count(*) from users u
         where u.account_id = ${accountId} and u.deleted_at is null and u.role = 'student')::int as students,
      (select count(*) from users u
         where u.account_id = ${accountId} and u.deleted_at is null and u.role = 'teacher')::int as teachers,
      (select count(*) from users u
         where u.account_id = ${accountId} and u.deleted_at is null
           and u.role in ('administrator', 'school-administrator'))::int as administrators,
      (select count(*) from groups g
         where g.account_id = ${accountId} and g.deleted_at is null
           and (g.organization_id is null or g.organization_id in (select id from live_orgs)))::int as groups,
      (select count(*) from assignments a
         where a.account_id = ${accountId} and a.deleted_at is null)::int as assignments
  `);
  const row: Partial<Record<keyof AccountCounts, number>> = res.rows[0] ?? {};
  return {
    schools: n(row.schools),
    classes: n(row.classes),
    courses: n(row.courses),
    students: n(row.students),
    teachers: n(row.teachers),
    administrators: n(row.administrators),
    groups: n(row.groups),
    assignments: n(row.assignments),
  };
}

export interface StaffCounts {
  accounts: number;
  demoAccounts: number;
  organizations: number;
  demoOrganizations: number;
  teachers: number;
  demoTeachers: number;
  students: number;
  demoStudents: number;
  emptyAccounts: number;
  emptyList: { id: number; name: string }[];
}

/** Live accounts of the caller's slice: all of them for a multi-domain caller, their domain's for a domain admin. */
function accountsOf(scope: TenantScope & { kind: 'global' | 'domain' }): SQL {
  return scope.kind === 'global'
    ? sql`select id, is_demo, name from accounts where deleted_at is null`
    : sql`select id, is_demo, name from accounts where deleted_at is null and domain_id = ${scope.domainId}`;
}

// An empty account has no live school, teacher or student: nothing has been set up in it yet.
export async function countStaff(
  db: DbOrTx,
  scope: TenantScope & { kind: 'global' | 'domain' },
  listed: number,
): Promise<StaffCounts> {
  const res = await db.execute<Record<string, unknown>>(sql`
    with acc as (${accountsOf(scope)}),
    orgs as (
      select o.id, o.account_id, acc.is_demo from organizations o join acc on acc.id = o.account_id
      where o.deleted_at is null
    ),
    people as (
      select u.role, u.account_id, acc.is_demo from users u join acc on acc.id = u.account_id
      where u.deleted_at is null and u.role in ('teacher', 'student')
    ),
    empty as (
      select acc.id, acc.name from acc
      where not exists (select 1 from orgs where orgs.account_id = acc.id)
        and not exists (select 1 from people where people.account_id = acc.id)
    )
    select
      (select count(*) from acc)::int as accounts,
      (select count(*) from acc where is_demo)::int as demo_accounts,
      (select count(*) from orgs)::int as organizations,
      (select count(*) from orgs where is_demo)::int as demo_organizations,
      (select count(*) from people where role = 'teacher')::int as teachers,
      (select count(*) from people where role = 'teacher' and is_demo)::int as demo_teachers,
      (select count(*) from people where role = 'student')::int as students,
      (select count(*) from people where role = 'student' and is_demo)::int as demo_students,
      (select count(*) from empty)::int as empty_accounts,
      (select coalesce(json_agg(json_build_object('id', e.id, 'name', e.name) order by e.name, e.id), '[]'::json)
         from (select id, name from empty order by name, id limit ${listed}) e) as empty_list
  `);
  const row: Record<string, unknown> = res.rows[0] ?? {};
  const list = (typeof row.empty_list === 'string' ? JSON.parse(row.empty_list) : row.empty_list) as
    { id: number; name: string }[] | null;
  return {
    accounts: n(row.accounts),
    demoAccounts: n(row.demo_accounts),
    organizations: n(row.organizations),
    demoOrganizations: n(row.demo_organizations),
    teachers: n(row.teachers),
    demoTeachers: n(row.demo_teachers),
    students: n(row.students),
    demoStudents: n(row.demo_students),
    emptyAccounts: n(row.empty_accounts),
    emptyList: (list ?? []).map((a) => ({ id: Number(a.id), name: String(a.name) })),
  };
}
