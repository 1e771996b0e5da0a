import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SearchType } from '@aula/domain/search';
import type { DbOrTx } from '../../db/client';
import { accounts, activities, assignments, classes, organizations, users } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { accountInScope, organizationInScope, userInScope } from '../accounts/tenant-scope.repo';
import { assignmentReachable, type Reach } from '../assignments/assignment-scope.repo';
import { classVisible, type ClassReach } from '../classes/class-scope.repo';
import { studentInReach, type StudentReach } from '../students/students.repo';
import { publishedActivityReadable } from '../simulations/simulations.repo';

// One search over the areas' own tables. Which rows a caller may find is never decided here: each group's WHERE is
// the clause its area's list call uses (students.repo studentInReach, class-scope classVisible, tenant-scope
// userInScope / organizationInScope / accountInScope, assignment-scope assignmentReachable, the catalogue's
// published list). This file adds only matching and ranking (docs/search.md).

/** The reaches of one caller, computed once by the service with each area's own reachOf. */
export interface SearchReach {
  tenant: TenantScope;
  students: StudentReach;
  classes: ClassReach;
  assignments: Reach;
}

export interface HitRow {
  id: number;
  title: string;
  subtitle: string | null;
}

interface GroupSpec {
  table: PgTable;
  id: SQL;
  /** the rows the caller may see: the area's own rule */
  scope: SQL;
  title: SQL<string>;
  subtitle: SQL<string | null>;
  /** texts a query is matched against; the first is the name ranked on */
  texts: SQL[];
  /** an extra full-text match (activities: title and description as words) */
  words?: SQL;
}

const personName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const className = sql<string>`coalesce(nullif(trim(${classes.customTitle}), ''), ${classes.title} || coalesce(' - ' || nullif(trim(${classes.periods}), ''), ''))`;
const activityWords = sql`to_tsvector('simple', ${activities.title} || ' ' || coalesce(${activities.description}, ''))`;

function specOf(type: SearchType, reach: SearchReach): GroupSpec {
  switch (type) {
    case 'student':
      return {
        table: users,
        id: sql`${users.id}`,
        scope: studentInReach(reach.students),
        title: personName,
        subtitle: sql<string | null>`coalesce(${users.username}, ${users.email})`,
        texts: [personName, sql`${users.lastName}`, sql`${users.username}`, sql`${users.email}`],
      };
    case 'teacher':
    case 'staff':
      return {
        table: users,
        id: sql`${users.id}`,
        scope: and(
          userInScope(reach.tenant),
          type === 'teacher' ? eq(users.role, 'teacher') : sql`${users.role} <> 'teacher'`,
        )!,
        title: personName,
        subtitle: sql<string | null>`${users.email}`,
        texts: [personName, sql`${users.lastName}`, sql`${users.email}`, sql`${users.username}`],
      };
    case 'class':
      return {
        table: classes,
        id: sql`${classes.id}`,
        scope: classVisible(reach.classes),
        title: className,
        subtitle: sql<string | null>`(select o.name from organizations o where o.id = ${classes.organizationId})`,
        texts: [className, sql`${classes.title}`],
      };
    case 'activity':
      return {
        table: activities,
        id: sql`${activities.id}`,
        scope: publishedActivityReadable(reach.tenant),
        title: sql<string>`${activities.title}`,
        subtitle: sql<string | null>`null`,
        texts: [sql`${activities.title}`, sql`${activities.description}`],
        words: activityWords,
      };
    case 'assignment':
      return {
        table: assignments,
        id: sql`${assignments.id}`,
        scope: assignmentReachable(reach.assignments),
        title: sql<string>`${assignments.name}`,
        subtitle: sql<string | null>`null`,
        texts: [sql`${assignments.name}`],
      };
    case 'organization':
      return {
        table: organizations,
        id: sql`${organizations.id}`,
        scope: organizationInScope(reach.tenant),
        title: sql<string>`${organizations.name}`,
        subtitle: sql<string | null>`(select a.name from accounts a where a.id = ${organizations.accountId})`,
        texts: [sql`${organizations.name}`],
      };
    case 'account':
      return {
        table: accounts,
        id: sql`${accounts.id}`,
        scope: accountInScope(reach.tenant),
        title: sql<string>`${accounts.name}`,
        subtitle: sql<string | null>`${accounts.districtId}`,
        texts: [sql`${accounts.name}`, sql`${accounts.districtId}`],
      };
  }
}

/** Any text contains the query (wildcards taken literally), or, for activities, every word of it appears. */
function matches(spec: GroupSpec, query: string): SQL {
  const pattern = likePattern(query);
  const parts = spec.texts.map((t) => sql`${t} ilike ${pattern}`);
  if (spec.words) parts.push(sql`${spec.words} @@ plainto_tsquery('simple', ${query})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * 0 the name is the query; 1 a text starts with it; 2 a word of a text starts with it; 3 it is inside a text;
 * 4 only the full-text words matched. Cheap (no index needed at a district's size; pg_trgm is a later step).
 */
function rankOf(spec: GroupSpec, query: string): SQL<number> {
  const prefix = `${likePattern(query).slice(1, -1)}%`;
  const exact = sql`lower(${spec.texts[0]}) = lower(${query})`;
  const starts = sql.join(
    spec.texts.map((t) => sql`${t} ilike ${prefix}`),
    sql` or `,
  );
  const wordStarts = sql.join(
    spec.texts.map((t) => sql`${t} ilike ${`% ${prefix}`}`),
    sql` or `,
  );
  const inside = sql.join(
    spec.texts.map((t) => sql`${t} ilike ${likePattern(query)}`),
    sql` or `,
  );
  return sql<number>`case when ${exact} then 0 when ${starts} then 1 when ${wordStarts} then 2 when ${inside} then 3 else 4 end`;
}

export async function searchGroup(
  db: DbOrTx,
  reach: SearchReach,
  type: SearchType,
  query: string,
  page: PageRequest,
): Promise<PageResult<HitRow>> {
  const spec = specOf(type, reach);
  const where = and(spec.scope, matches(spec, query));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: sql<number>`${spec.id}`.mapWith(Number), title: spec.title, subtitle: spec.subtitle })
      .from(spec.table)
      .where(where)
      .orderBy(rankOf(spec, query), sql`lower(${spec.title})`, spec.id)
      .limit(page.per_page)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(spec.table).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One row of a type by id, if the caller may see it (the /details page). */
export async function findHit(
  db: DbOrTx,
  reach: SearchReach,
  type: SearchType,
  id: number,
): Promise<HitRow | undefined> {
  const spec = specOf(type, reach);
  const [row] = await db
    .select({ id: sql<number>`${spec.id}`.mapWith(Number), title: spec.title, subtitle: spec.subtitle })
    .from(spec.table)
    .where(and(spec.scope, sql`${spec.id} = ${id}`))
    .limit(1);
  return row;
}
