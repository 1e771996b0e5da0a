import { LRUCache } from 'lru-cache';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { DbOrTx } from '../client';
import {
  academicSessions,
  accounts,
  classes,
  classUsers,
  courses,
  domains,
  groupClasses,
  groups,
  groupUsers,
  labGroups,
  labGroupUsers,
  organizations,
  roles,
  userOrganizations,
  users,
} from '../schema';

// Row builders shared by the demo seed and the tests: one way to create a tenant tree (domains, accounts, schools,
// roles, users, classes, groups, academic sessions). The catalogue is catalogue-factories.ts, activities with
// screens screen-factories.ts, assignments, attempts and answers work-factories.ts.

let seq = 0;
/** A suffix no other row of this process has: names and codes that must be unique. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function createDomain(db: DbOrTx, v: { name?: string } = {}) {
  const [row] = await db
    .insert(domains)
    .values({ name: v.name ?? `Domain ${uniqueSuffix()}` })
    .returning();
  return row!;
}

export async function createAccount(
  db: DbOrTx,
  v: { domainId: number; name?: string; districtId?: string; zipCode?: string; type?: number; isDemo?: boolean },
) {
  const [row] = await db
    .insert(accounts)
    .values({
      domainId: v.domainId,
      name: v.name ?? `District ${uniqueSuffix()}`,
      districtId: v.districtId ?? `D-${uniqueSuffix()}`,
      zipCode: v.zipCode ?? '10001',
      type: v.type ?? 2,
      isDemo: v.isDemo ?? false,
    })
    .returning();
  return row!;
}

export async function createOrganization(
  db: DbOrTx,
  v: { accountId: number; name?: string } & Partial<typeof organizations.$inferInsert>,
) {
  const [row] = await db
    .insert(organizations)
    .values({ ...v, accountId: v.accountId, name: v.name ?? `School ${uniqueSuffix()}` })
    .returning();
  return row!;
}

export async function createCustomRole(
  db: DbOrTx,
  v: { name?: string; permissions: string[]; domainId?: number | null; accountId?: number | null; label?: string },
) {
  const [row] = await db
    .insert(roles)
    .values({
      name: v.name ?? `Role ${uniqueSuffix()}`,
      permissions: v.permissions,
      domainId: v.domainId ?? null,
      accountId: v.accountId ?? null,
      label: v.label ?? 'Custom',
    })
    .returning();
  return row!;
}

// argon2 is slow on purpose; the tests and the demo seed use a handful of passwords, each hashed once
const hashCache = new LRUCache<string, Promise<string>>({ max: 100, ttl: 60 * 60_000 });

export async function createUser(
  db: DbOrTx,
  v: {
    role: string;
    domainId?: number | null;
    accountId?: number | null;
    roleId?: number | null;
    email?: string | null;
    username?: string | null;
    password?: string;
    firstName?: string;
    middleName?: string | null;
    lastName?: string;
    organizationIds?: readonly number[];
    disabled?: boolean;
  },
) {
  const password = v.password ?? 'Passw0rd!';
  // hashing is the slow part of building fixtures; equal passwords share one hash
  let h = hashCache.get(password);
  if (!h) hashCache.set(password, (h = hashPassword(password)));
  const email = v.email === undefined ? `user-${uniqueSuffix()}@example.test` : v.email;
  const [row] = await db
    .insert(users)
    .values({
      role: v.role,
      domainId: v.domainId ?? null,
      accountId: v.accountId ?? null,
      roleId: v.roleId ?? null,
      email,
      username: v.username ?? null,
      passwordHash: await h,
      passwordIsEmail: !!email && password.toLowerCase() === email.toLowerCase(),
      firstName: v.firstName ?? 'Test',
      middleName: v.middleName ?? null,
      lastName: v.lastName ?? `User ${uniqueSuffix()}`,
      disabled: v.disabled ?? false,
    })
    .returning();
  if (v.organizationIds?.length) {
    await db
      .insert(userOrganizations)
      .values(v.organizationIds.map((organizationId) => ({ userId: row!.id, organizationId })));
  }
  return row!;
}

export async function createClass(
  db: DbOrTx,
  v: {
    accountId: number;
    organizationId: number;
    title?: string;
    customTitle?: string | null;
    periods?: string | null;
    teacherIds?: number[];
    studentIds?: number[];
  },
) {
  const [row] = await db
    .insert(classes)
    .values({
      accountId: v.accountId,
      organizationId: v.organizationId,
      title: v.title ?? `Class ${uniqueSuffix()}`,
      customTitle: v.customTitle ?? null,
      periods: v.periods ?? null,
    })
    .returning();
  const members = [
    ...(v.teacherIds ?? []).map((userId, i) => ({ classId: row!.id, userId, userType: 'teacher', isPrimary: i === 0 })),
    ...(v.studentIds ?? []).map((userId) => ({ classId: row!.id, userId, userType: 'student', isPrimary: false })),
  ];
  if (members.length) await db.insert(classUsers).values(members);
  return row!;
}

export async function countRows(db: DbOrTx, table: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return res.rows[0]!.n;
}

// ---- groups and lab groups (issue 5, classes and groups) ----

/** A group of an account (and school) with its students, teachers and related classes. */
export async function createGroup(
  db: DbOrTx,
  v: {
    accountId: number;
    organizationId?: number | null;
    name?: string;
    createdBy?: number | null;
    studentIds?: number[];
    teacherIds?: number[];
    classIds?: number[];
    deleted?: boolean;
  },
) {
  const [row] = await db
    .insert(groups)
    .values({
      accountId: v.accountId,
      organizationId: v.organizationId ?? null,
      name: v.name ?? `Group ${uniqueSuffix()}`,
      createdBy: v.createdBy ?? null,
      deletedAt: v.deleted ? new Date() : null,
    })
    .returning();
  const members = [
    ...(v.studentIds ?? []).map((userId) => ({ groupId: row!.id, userId, userType: 'student' })),
    ...(v.teacherIds ?? []).map((userId) => ({ groupId: row!.id, userId, userType: 'teacher' })),
  ];
  if (members.length) await db.insert(groupUsers).values(members);
  if (v.classIds?.length)
    await db.insert(groupClasses).values(v.classIds.map((classId) => ({ groupId: row!.id, classId })));
  return row!;
}

/** A standing lab group of a class; the first student is its owner. */
export async function createLabGroup(db: DbOrTx, v: { classId: number; name?: string; studentIds: number[] }) {
  const [row] = await db
    .insert(labGroups)
    .values({ classId: v.classId, name: v.name ?? `Lab group ${uniqueSuffix()}` })
    .returning();
  if (v.studentIds.length)
    await db
      .insert(labGroupUsers)
      .values(v.studentIds.map((userId, i) => ({ labGroupId: row!.id, userId, isOwner: i === 0 })));
  return row!;
}

// ---- issue 5: academic sessions and courses (PAS plans use them) ----

export async function createAcademicSession(
  db: DbOrTx,
  v: {
    accountId: number;
    domainId?: number | null;
    title?: string;
    type?: 'full_year' | 'semester' | 'custom';
    startDate?: string;
    endDate?: string;
  },
) {
  // 000 section 9: the default academic year is 08/01/2025 to 05/31/2026 (2025-2026)
  const startDate = v.startDate ?? '2025-08-01';
  const endDate = v.endDate ?? '2026-05-31';
  const [row] = await db
    .insert(academicSessions)
    .values({
      accountId: v.accountId,
      domainId: v.domainId ?? null,
      title: v.title ?? `${startDate.slice(0, 4)}-${endDate.slice(0, 4)}`,
      type: v.type ?? 'full_year',
      schoolYear: Number(endDate.slice(0, 4)),
      startDate,
      endDate,
    })
    .returning();
  return row!;
}

export async function createCourse(
  db: DbOrTx,
  v: { accountId: number; organizationId?: number | null; title?: string; courseCode?: string | null },
) {
  const [row] = await db
    .insert(courses)
    .values({
      accountId: v.accountId,
      organizationId: v.organizationId ?? null,
      title: v.title ?? `Course ${uniqueSuffix()}`,
      courseCode: v.courseCode ?? null,
    })
    .returning();
  return row!;
}
