import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accountSettings, domains } from '../schema';
import { DEFAULT_ACCOUNT_SETTINGS } from '@aula/domain/tenancy';
import {
  createAccount,
  createClass,
  createCustomRole,
  createDomain,
  createOrganization,
  createUser,
} from './factories';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-credentials';
import { seedSensorKinds } from './sensors';

/**
 * Seeds the demo district on an empty database: one domain, one district with two schools, a user of each role and
 * two classes. Returns false (and changes nothing) when the database already has data, so restarts keep it.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // serialise concurrent first starts (two API processes on one fresh PostgreSQL)
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [existing] = await tx.select({ id: domains.id }).from(domains).limit(1);
    if (existing) return false;

    const domain = await createDomain(tx, { name: 'Aula Demo' });
    const account = await createAccount(tx, {
      domainId: domain.id,
      name: 'Riverside Unified School District',
      districtId: 'RUSD-DEMO',
      zipCode: '92501',
      type: 2,
      isDemo: true,
    });
    await tx
      .insert(accountSettings)
      .values(
        Object.entries(DEFAULT_ACCOUNT_SETTINGS).map(([setting, value]) => ({ accountId: account.id, setting, value })),
      );
    const north = await createOrganization(tx, {
      accountId: account.id,
      name: 'Riverside North Middle School',
      ncesId: '060000100001',
      city: 'Riverside',
      state: 'CA',
      country: 'US',
      address1: '100 North Ave',
      phone: '+1 951 555 0100',
    });
    const south = await createOrganization(tx, {
      accountId: account.id,
      name: 'Riverside South Elementary',
      ncesId: '060000100002',
      city: 'Riverside',
      state: 'CA',
      country: 'US',
      address1: '200 South St',
      phone: '+1 951 555 0200',
    });
    const reporter = await createCustomRole(tx, {
      name: 'District Reporter',
      label: 'Reporter',
      accountId: account.id,
      domainId: domain.id,
      permissions: ['quick-report-view', 'reports-management', 'account-view'],
    });

    const u = DEMO_USERS;
    const p = DEMO_PASSWORD;
    await createUser(tx, { ...u.superAdmin, password: p });
    await createUser(tx, { ...u.domainAdmin, domainId: domain.id, password: p });
    await createUser(tx, {
      ...u.districtAdmin,
      domainId: domain.id,
      accountId: account.id,
      password: p,
      organizationIds: [north.id, south.id],
    });
    await createUser(tx, {
      ...u.schoolAdmin,
      domainId: domain.id,
      accountId: account.id,
      password: p,
      organizationIds: [north.id],
    });
    await createUser(tx, {
      ...u.reporter,
      roleId: reporter.id,
      domainId: domain.id,
      accountId: account.id,
      password: p,
      organizationIds: [north.id, south.id],
    });
    const teacher = await createUser(tx, {
      ...u.teacher,
      domainId: domain.id,
      accountId: account.id,
      password: p,
      organizationIds: [north.id],
    });
    const student = await createUser(tx, {
      ...u.student,
      domainId: domain.id,
      accountId: account.id,
      password: p,
      organizationIds: [north.id],
    });
    const classmates = [];
    for (const [first, last] of [
      ['Ava', 'Nguyen'],
      ['Liam', 'Garcia'],
      ['Mia', 'Kowalenko'],
      ['Noah', 'Smith'],
    ] as const) {
      classmates.push(
        await createUser(tx, {
          role: 'student',
          domainId: domain.id,
          accountId: account.id,
          firstName: first,
          lastName: last,
          username: `${first.toLowerCase()}.${last.toLowerCase()}`,
          email: null,
          password: p,
          organizationIds: [north.id],
        }),
      );
    }
    const studentIds = [student.id, ...classmates.map((s) => s.id)];
    await createClass(tx, {
      accountId: account.id,
      organizationId: north.id,
      title: 'Grade 7 Science',
      periods: '2',
      teacherIds: [teacher.id],
      studentIds,
    });
    await createClass(tx, {
      accountId: account.id,
      organizationId: north.id,
      title: 'Grade 8 Science',
      customTitle: 'Earth & Space',
      periods: '4',
      teacherIds: [teacher.id],
      studentIds: studentIds.slice(0, 3),
    });
    await seedSensorKinds(tx);
    return true;
  });
}
