import { LRUCache } from 'lru-cache';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  academicSessions,
  courses,
  accounts,
  activities,
  activityVersions,
  activityFolders,
  activityTags,
  classUsers,
  classes,
  domains,
  folders,
  media,
  organizations,
  products,
  roles,
  screens,
  screenVersions,
  sensors,
  standards,
  tags,
  userOrganizations,
  users,
} from '../schema';
import { lexicalFromText, type ScreenBody } from '@aula/domain/activity-content';
import { hashPassword } from '../../lib/passwords';

// Row builders shared by the demo seed and the tests: one way to create a tenant tree.

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function createDomain(db: DbOrTx, v: { name?: string } = {}) {
  const [row] = await db
    .insert(domains)
    .values({ name: v.name ?? `Domain ${next()}` })
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
      name: v.name ?? `District ${next()}`,
      districtId: v.districtId ?? `D-${next()}`,
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
    .values({ ...v, accountId: v.accountId, name: v.name ?? `School ${next()}` })
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
      name: v.name ?? `Role ${next()}`,
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
  const email = v.email === undefined ? `user-${next()}@example.test` : v.email;
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
      lastName: v.lastName ?? `User ${next()}`,
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
      title: v.title ?? `Class ${next()}`,
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

// ---- the activity catalogue (metadata only; screens come from createActivityWithScreens) ----

export async function createActivity(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    kind?: string;
    status?: 'draft' | 'published';
    description?: string | null;
    archived?: boolean;
    tagNames?: readonly string[];
    folderIds?: readonly number[];
  },
) {
  const published = v.status === 'published';
  const [row] = await db
    .insert(activities)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      title: v.title ?? `Activity ${next()}`,
      kind: v.kind ?? 'ngss',
      status: v.status ?? 'draft',
      description: v.description ?? null,
      publishedAt: published ? new Date() : null,
      archivedAt: v.archived ? new Date() : null,
    })
    .returning();
  for (const name of v.tagNames ?? []) {
    const tag = await createTag(db, { domainId: v.domainId, name });
    await db.insert(activityTags).values({ activityId: row!.id, tagId: tag.id });
  }
  if (v.folderIds?.length)
    await db.insert(activityFolders).values(v.folderIds.map((folderId) => ({ folderId, activityId: row!.id })));
  return row!;
}

/** The domain's tag of this name (without case), created when missing. */
export async function createTag(db: DbOrTx, v: { domainId: number; name: string }) {
  await db.insert(tags).values(v).onConflictDoNothing();
  const res = await db.execute<{ id: number; name: string }>(
    sql`select id, name from tags where domain_id = ${v.domainId} and lower(name) = lower(${v.name})`,
  );
  return res.rows[0]!;
}

export async function createFolder(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    folderId?: number | null;
    productId?: number | null;
    archived?: boolean;
  },
) {
  const [row] = await db
    .insert(folders)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      title: v.title ?? `Folder ${next()}`,
      folderId: v.folderId ?? null,
      productId: v.productId ?? null,
      archived: v.archived ?? false,
    })
    .returning();
  return row!;
}

export async function createStandard(db: DbOrTx, v: { domainId: number; tag?: string; description?: string }) {
  const [row] = await db
    .insert(standards)
    .values({ domainId: v.domainId, tag: v.tag ?? `STD-${next()}`, description: v.description ?? null })
    .returning();
  return row!;
}

export async function createProduct(db: DbOrTx, v: { domainId: number; name?: string }) {
  const [row] = await db
    .insert(products)
    .values({ domainId: v.domainId, name: v.name ?? `Product ${next()}` })
    .returning();
  return row!;
}

/** A media library row (an iframe unless told otherwise); shared in the domain when no account is given. */
export async function createMedia(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    type?: string;
    title?: string;
    location?: string | null;
    images?: { small: string; medium: string; large: string } | null;
    stored?: { type: 'hls' | 'dash' | 'mp4' | 'poster'; src: string }[];
    sensorIds?: number[];
  },
) {
  const [row] = await db
    .insert(media)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      type: v.type ?? 'iframe',
      title: v.title ?? `Media ${next()}`,
      location: v.location === undefined ? 'https://tool.example.org/embed' : v.location,
      images:
        v.images ?? ((v.type ?? 'iframe') === 'image' ? { small: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' } : null),
      stored: v.stored ?? [],
      sensorIds: v.sensorIds ?? [],
    })
    .returning();
  return row!;
}

/** A sensor kind; provider-wide when no domain is given. */
export async function createSensor(db: DbOrTx, v: { domainId?: number | null; name?: string; code?: string } = {}) {
  const [row] = await db
    .insert(sensors)
    .values({ domainId: v.domainId ?? null, name: v.name ?? `Sensor ${next()}`, code: v.code ?? `S-${next()}` })
    .returning();
  return row!;
}

export async function countRows(db: DbOrTx, table: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return res.rows[0]!.n;
}

// Activities with screens (issue 4). Question and option ids come from the product-wide sequences, as the API's.

async function nextId(db: DbOrTx, seq: 'question_id_seq' | 'option_id_seq'): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`select nextval(${seq})::int as id`);
  return Number(res.rows[0]!.id);
}

/** A screen body of `blocks` blocks: a heading, then text and radio questions (one correct option each) in turn. */
export async function sampleScreenBody(
  db: DbOrTx,
  blocks = 3,
  opts: { mediaIds?: number[] } = {},
): Promise<ScreenBody> {
  const body: ScreenBody = { content: [], questions: [], media: [...(opts.mediaIds ?? [])], sensors: [] };
  for (let i = 0; i < blocks; i++) {
    if (i === 0) {
      body.content.push({
        id: `r${i}`,
        columns: [
          {
            id: `h${i}`,
            type: 'heading',
            sizes: { large: 24 },
            content: { text: lexicalFromText('Heading'), level: 2 },
          },
        ],
      });
    } else if (i % 2 === 1) {
      body.content.push({
        id: `r${i}`,
        columns: [
          { id: `t${i}`, type: 'text', sizes: { large: 24 }, content: { text: lexicalFromText(`Text block ${i}`) } },
        ],
      });
    } else {
      const qid = await nextId(db, 'question_id_seq');
      body.questions.push({
        id: qid,
        type: 'radio',
        text: lexicalFromText(`Question ${i}`) as ScreenBody['questions'][number]['text'],
        label: null,
        options: [
          { id: await nextId(db, 'option_id_seq'), option: 'Yes', is_correct: true },
          { id: await nextId(db, 'option_id_seq'), option: 'No', is_correct: false },
        ],
        media: [],
        random_order: 0,
      });
      body.content.push({
        id: `r${i}`,
        columns: [{ id: `q${i}`, type: 'question-radio', sizes: { large: 12 }, content: { question_id: qid } }],
      });
    }
  }
  for (const [i, id] of (opts.mediaIds ?? []).entries()) {
    body.content.push({
      id: `m${i}`,
      columns: [{ id: `mi${i}`, type: 'media-image', sizes: { large: 18 }, content: { media_id: id } }],
    });
  }
  return body;
}

/** One screen at the end of an activity's draft, with its current version. */
export async function createScreen(
  db: DbOrTx,
  v: { activityId: number; section?: number; position: number; body: ScreenBody; frozen?: boolean },
) {
  const [screen] = await db
    .insert(screens)
    .values({ activityId: v.activityId, section: v.section ?? 1, position: v.position })
    .returning();
  const [version] = await db
    .insert(screenVersions)
    .values({
      screenId: screen!.id,
      content: v.body.content,
      questions: v.body.questions,
      media: v.body.media,
      sensors: v.body.sensors,
      frozen: v.frozen ?? false,
    })
    .returning();
  const [updated] = await db
    .update(screens)
    .set({ currentVersionId: version!.id })
    .where(sql`${screens.id} = ${screen!.id}`)
    .returning();
  return { screen: updated!, version: version! };
}

/**
 * A draft activity with `screens` screens of `blocks` blocks each; `sections` gives each screen's section (default
 * all 1). For API tests and bench/activity.
 */
export async function createActivityWithScreens(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    kind?: string;
    screens?: number;
    blocks?: number;
    sections?: number[];
    mediaIds?: number[];
  },
) {
  const activity = await createActivity(db, {
    domainId: v.domainId,
    accountId: v.accountId ?? null,
    title: v.title,
    kind: v.kind ?? 'developing',
  });
  const list = [];
  for (let i = 0; i < (v.screens ?? 2); i++) {
    list.push(
      await createScreen(db, {
        activityId: activity.id,
        section: v.sections?.[i] ?? 1,
        position: i + 1,
        body: await sampleScreenBody(db, v.blocks ?? 3, i === 0 ? { mediaIds: v.mediaIds ?? [] } : {}),
      }),
    );
  }
  return { activity, screens: list };
}

/**
 * Publishes an activity's current draft as its next version (as POST /activities/:id/versions then publish would):
 * snapshots the live screens, freezes their versions and points the activity at the new version. For the demo seed.
 */
export async function publishDraft(db: DbOrTx, activityId: number, title = 'Version 1') {
  const live = await db
    .select({
      id: screens.id,
      versionId: screens.currentVersionId,
      section: screens.section,
      position: screens.position,
    })
    .from(screens)
    .where(sql`${screens.activityId} = ${activityId} and ${screens.removedAt} is null`)
    .orderBy(screens.position);
  const numbered = await db.execute<{ n: number }>(
    sql`select coalesce(max(number), 0)::int + 1 as n from activity_versions where activity_id = ${activityId}`,
  );
  const [version] = await db
    .insert(activityVersions)
    .values({
      activityId,
      number: numbered.rows[0]!.n,
      title,
      screens: live.map((s) => ({
        screen_id: s.id,
        version_id: s.versionId!,
        section: s.section,
        position: s.position,
      })),
      publishedAt: new Date(),
    })
    .returning();
  const ids = live.map((s) => s.versionId!);
  if (ids.length > 0)
    await db
      .update(screenVersions)
      .set({ frozen: true })
      .where(sql`${screenVersions.id} = any(${sql.param(ids)}::int[])`);
  await db
    .update(activities)
    .set({ status: 'published', publishedVersionId: version!.id, publishedAt: new Date() })
    .where(sql`${activities.id} = ${activityId}`);
  return version!;
}

// ---- groups and lab groups (issue 5, classes and groups) ----
// (imported here, not at the top, so that each area's factories stay one appended block)
import { groupClasses, groupUsers, groups, labGroupUsers, labGroups } from '../schema';

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
      name: v.name ?? `Group ${next()}`,
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
    .values({ classId: v.classId, name: v.name ?? `Lab group ${next()}` })
    .returning();
  if (v.studentIds.length)
    await db
      .insert(labGroupUsers)
      .values(v.studentIds.map((userId, i) => ({ labGroupId: row!.id, userId, isOwner: i === 0 })));
  return row!;
}

// ---- assignments (issue 5) ----
// (its own import, so that this section stays an append)
import { assignmentActivities, assignmentMembers, assignments, attempts } from '../schema';

/**
 * An assignment of activities to classes, groups or students, each activity pinned to its published version (as
 * POST /dashboard/assignments does). For the demo seed and tests; no rule is checked here.
 */
export async function createAssignment(
  db: DbOrTx,
  v: {
    accountId: number;
    organizationId?: number | null;
    name?: string;
    startAt?: Date;
    dueAt?: Date | null;
    activityIds: readonly number[];
    members: readonly { memberType: 'class' | 'group' | 'student'; memberId: number }[];
    createdBy?: number | null;
    assignmentSetId?: number | null;
  },
) {
  const [row] = await db
    .insert(assignments)
    .values({
      accountId: v.accountId,
      organizationId: v.organizationId ?? null,
      assignmentSetId: v.assignmentSetId ?? null,
      name: v.name ?? `Assignment ${next()}`,
      startAt: v.startAt ?? new Date(),
      dueAt: v.dueAt === undefined ? new Date(Date.now() + 7 * 86_400_000) : v.dueAt,
      createdBy: v.createdBy ?? null,
    })
    .returning();
  for (const [position, activityId] of v.activityIds.entries()) {
    const [a] = await db
      .select({ versionId: activities.publishedVersionId })
      .from(activities)
      .where(sql`${activities.id} = ${activityId}`);
    await db
      .insert(assignmentActivities)
      .values({ assignmentId: row!.id, activityId, activityVersionId: a?.versionId ?? null, position });
  }
  if (v.members.length)
    await db.insert(assignmentMembers).values(v.members.map((m) => ({ assignmentId: row!.id, ...m })));
  return row!;
}

/** A student's attempt at one activity of an assignment (in progress unless submitted). */
export async function createAttempt(
  db: DbOrTx,
  v: { assignmentId: number; activityId: number; studentId: number; submitted?: boolean },
) {
  const [row] = await db
    .insert(attempts)
    .values({
      assignmentId: v.assignmentId,
      activityId: v.activityId,
      // pinned to the assignment's version, as starting an attempt does
      activityVersionId: sql`(select aa.activity_version_id from assignment_activities aa
        where aa.assignment_id = ${v.assignmentId} and aa.activity_id = ${v.activityId})`,
      studentId: v.studentId,
      status: v.submitted ? 'submitted' : 'in_progress',
      submittedAt: v.submitted ? new Date() : null,
    })
    .returning();
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
      title: v.title ?? `Course ${next()}`,
      courseCode: v.courseCode ?? null,
    })
    .returning();
  return row!;
}

// ---- attempts (issue 6): an activity with one question of every kind ----
// (its own import, so that this section stays an append)
import type { Question, QuestionType, ContentItem } from '@aula/domain/activity-content';
import { answers } from '../schema';
import type { AnswerWireValue } from '@aula/domain/answers';

type SlotNode = { type: 'question-dropdown' | 'question-dnd'; slot: string };
/** Question text with slots: strings are text, objects are slot nodes. */
function slotText(parts: (string | SlotNode)[]): Question['text'] {
  return {
    root: {
      type: 'root',
      version: 1,
      children: [
        {
          type: 'paragraph',
          version: 1,
          children: parts.map((p) =>
            typeof p === 'string' ? { type: 'text', version: 1, text: p, format: 0 } : { ...p, version: 1 },
          ),
        },
      ],
    },
  };
}

export interface EveryKindQuestions {
  checkbox: Question;
  radio: Question;
  essay: Question;
  textarea: Question;
  dropdown: Question;
  dnd: Question;
  tldraw: Question;
}

/**
 * A published activity with one question of every kind over three sections: section 1 checkbox and radio; section 2
 * essay, textarea and drop-down list; section 3 drag and drop and a drawing. For the attempts tests, the demo seed
 * and bench/exam-start.
 */
export async function createEveryKindActivity(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    tagNames?: readonly string[];
    folderIds?: readonly number[];
  },
) {
  const qid = () => nextId(db, 'question_id_seq');
  const lx = (text: string) => lexicalFromText(text) as Question['text'];
  const opt = async (option: string, is_correct: boolean, slot?: string) => ({
    id: await nextId(db, 'option_id_seq'),
    option,
    is_correct,
    ...(slot !== undefined ? { slot } : {}),
  });
  const make = async (type: QuestionType, text: Question['text'], options: Question['options'] = []) =>
    ({ id: await qid(), type, text, label: null, options, media: [], random_order: 0 }) as Question;
  const q: EveryKindQuestions = {
    checkbox: await make('checkbox', lx('Which of these are metals?'), [
      await opt('Iron', true),
      await opt('Copper', true),
      await opt('Wood', false),
    ]),
    radio: await make('radio', lx('What is H2O?'), [await opt('Water', true), await opt('Salt', false)]),
    essay: await make('essay', lx('Explain why ice floats on water.')),
    textarea: await make('textarea', lx('Note one thing you observed today.')),
    dropdown: await make(
      'drop-down-list',
      slotText([
        'Water boils at ',
        { type: 'question-dropdown', slot: 's1' },
        ' °C and freezes at ',
        { type: 'question-dropdown', slot: 's2' },
        ' °C.',
      ]),
      [
        await opt('100', true, 's1'),
        await opt('50', false, 's1'),
        await opt('0', true, 's2'),
        await opt('10', false, 's2'),
      ],
    ),
    dnd: await make(
      'drag-and-drop',
      slotText([
        'The ',
        { type: 'question-dnd', slot: 'd1' },
        ' orbits the ',
        { type: 'question-dnd', slot: 'd2' },
        '.',
      ]),
      [await opt('Moon', true, 'd1'), await opt('Earth', true, 'd2'), await opt('Sun', false)],
    ),
    tldraw: await make('tldraw', lx('Draw the water cycle.')),
  };
  const item = (question: Question): ContentItem => ({
    id: `q${question.id}`,
    type: `question-${question.type}`,
    sizes: { large: 24 },
    content: { question_id: question.id },
  });
  const body = (title: string, questions: Question[]): ScreenBody => ({
    content: [
      {
        id: 'r0',
        columns: [
          { id: 'h0', type: 'heading', sizes: { large: 24 }, content: { text: lexicalFromText(title), level: 2 } },
        ],
      },
      ...questions.map((question, i) => ({ id: `r${i + 1}`, columns: [item(question)] })),
    ] as ScreenBody['content'],
    questions,
    media: [],
    sensors: [],
  });
  const activity = await createActivity(db, {
    domainId: v.domainId,
    accountId: v.accountId ?? null,
    title: v.title ?? `Every question ${next()}`,
    kind: 'review',
    tagNames: v.tagNames ?? [],
    folderIds: v.folderIds ?? [],
  });
  const screenList = [];
  for (const [i, [section, title, questions]] of (
    [
      [1, 'Matter', [q.checkbox, q.radio]],
      [2, 'Water', [q.essay, q.textarea, q.dropdown]],
      [3, 'Space and drawing', [q.dnd, q.tldraw]],
    ] as const
  ).entries()) {
    screenList.push(
      await createScreen(db, { activityId: activity.id, section, position: i + 1, body: body(title, [...questions]) }),
    );
  }
  const version = await publishDraft(db, activity.id);
  return {
    activity: { ...activity, publishedVersionId: version.id },
    version,
    questions: q,
    screens: screenList.map((s) => s.screen),
  };
}

/** A stored answer, as a save would write it (no score: tests set what they need). */
export async function createAnswer(
  db: DbOrTx,
  v: {
    attemptId: number;
    questionId: number;
    screenId: number;
    section: number;
    value: AnswerWireValue;
    revision?: number;
    score?: number | null;
    isCorrect?: number | null;
    correctValues?: number[];
  },
) {
  const [row] = await db
    .insert(answers)
    .values({
      attemptId: v.attemptId,
      questionId: v.questionId,
      screenId: v.screenId,
      section: v.section,
      value: v.value,
      revision: v.revision ?? 1,
      score: v.score ?? null,
      isCorrect: v.isCorrect ?? null,
      correctValues: v.correctValues ?? [],
    })
    .returning();
  return row!;
}
