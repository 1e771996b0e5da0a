import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { accountSettings, domains } from '../schema';
import { DEFAULT_ACCOUNT_SETTINGS } from '@aula/domain/tenancy';
import { createActivity, createFolder, createProduct, createStandard } from './catalogue-factories';
import {
  createAccount,
  createClass,
  createCustomRole,
  createDomain,
  createOrganization,
  createUser,
} from './factories';
import { createScreen, publishDraft, sampleScreenBody } from './screen-factories';
import { lexicalFromText } from '@aula/domain/activity-content';
import { activityProducts, activityStandards } from '../schema';
import { DEMO_PASSWORD, DEMO_REPORTER_ROLE, DEMO_USERS } from './demo-credentials';
import { seedSensorKinds } from './sensors';
import { seedDemoClasses } from './demo-classes';
import { seedDemoPeople } from './demo-people';
import { seedDemoAssignments } from './demo-assignments';
import { seedDemoPasPlans } from './demo-pas-plans';

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
      ...DEMO_REPORTER_ROLE,
      permissions: [...DEMO_REPORTER_ROLE.permissions],
      accountId: account.id,
      domainId: domain.id,
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
    await seedDemoClasses(tx, account.id);
    await seedDemoCatalogue(tx, domain.id, account.id);
    await seedSensorKinds(tx);
    await seedDemoPeople(tx, { domainId: domain.id, accountId: account.id });
    await seedDemoAssignments(tx, account.id);
    await seedDemoPasPlans(tx, account.id);
    return true;
  });
}

/**
 * A few activities of the demo domain in folders, with tags, standards and a product: metadata only (screens are
 * added by the screens module's factories). One is the district's own, one a draft, one archived.
 */
async function seedDemoCatalogue(tx: Tx, domainId: number, accountId: number): Promise<void> {
  const product = await createProduct(tx, { domainId, name: 'Aula Middle School Science' });
  const [matterStd, energyStd, earthStd] = [
    await createStandard(tx, {
      domainId,
      tag: 'MS-PS1-2',
      description: 'Properties of substances before and after reactions',
    }),
    await createStandard(tx, { domainId, tag: 'MS-PS3-4', description: 'Energy transfer and temperature' }),
    await createStandard(tx, { domainId, tag: 'MS-ESS2-1', description: "Cycling of Earth's materials" }),
  ];
  const physical = await createFolder(tx, { domainId, title: 'Physical Science', productId: product.id });
  const matter = await createFolder(tx, { domainId, title: 'Matter', folderId: physical.id, productId: product.id });
  const energy = await createFolder(tx, { domainId, title: 'Energy', folderId: physical.id, productId: product.id });
  const earth = await createFolder(tx, { domainId, title: 'Earth Science', productId: product.id });
  const archive = await createFolder(tx, { domainId, title: 'Retired units', archived: true });
  const district = await createFolder(tx, { domainId, accountId, title: 'Riverside favourites' });
  const items = [
    { title: 'Atoms and Molecules', kind: 'ngss', folder: matter, tags: ['Chemistry', 'Matter'], std: matterStd },
    { title: 'Chemical Reactions Lab', kind: 'hands-on', folder: matter, tags: ['Chemistry', 'Lab'], std: matterStd },
    { title: 'Heat Transfer Review', kind: 'review', folder: energy, tags: ['Energy'], std: energyStd },
    { title: 'The Rock Cycle', kind: 'video-review', folder: earth, tags: ['Geology'], std: earthStd },
    {
      title: 'Plate Tectonics (draft)',
      kind: 'developing',
      folder: earth,
      tags: ['Geology'],
      std: earthStd,
      draft: true,
    },
    { title: 'Old Weather Unit', kind: 'review', folder: archive, tags: ['Weather'], std: earthStd, archived: true },
  ];
  for (const it of items) {
    const a = await createActivity(tx, {
      domainId,
      title: it.title,
      kind: it.kind,
      archived: it.archived ?? false,
      tagNames: it.tags,
      folderIds: [it.folder.id],
    });
    await tx.insert(activityStandards).values({ activityId: a.id, standardId: it.std.id });
    await tx.insert(activityProducts).values({ activityId: a.id, productId: product.id });
    await addDemoScreens(tx, a.id, it.title, !it.draft);
  }
  const trip = await createActivity(tx, {
    domainId,
    accountId,
    title: 'Riverside Watershed Field Trip',
    kind: 'hands-on-supporting',
    tagNames: ['Field trip', 'Water'],
    folderIds: [district.id],
  });
  await addDemoScreens(tx, trip.id, trip.title, true);
}

/** Three screens (two sections) of heading, text and a radio question each; published activities get version 1. */
async function addDemoScreens(tx: Tx, activityId: number, title: string, publish: boolean): Promise<void> {
  for (const [i, section] of [1, 1, 2].entries()) {
    const body = await sampleScreenBody(tx, 3);
    const heading = body.content[0]!.columns[0]!;
    heading.content.text = lexicalFromText(`${title}: part ${i + 1}`);
    await createScreen(tx, { activityId, section, position: i + 1, body });
  }
  if (publish) await publishDraft(tx, activityId);
}
