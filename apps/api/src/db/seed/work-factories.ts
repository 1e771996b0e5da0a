import { sql } from 'drizzle-orm';
import {
  lexicalFromText,
  type ScreenBody,
  type Question,
  type QuestionType,
  type ContentItem,
} from '@aula/domain/activity-content';
import type { AnswerWireValue } from '@aula/domain/answers';
import type { DbOrTx } from '../client';
import { activities, answers, assignmentActivities, assignmentMembers, assignments, attempts } from '../schema';
import { createActivity } from './catalogue-factories';
import { uniqueSuffix } from './factories';
import { createScreen, nextId, publishDraft } from './screen-factories';

// Assignments, attempts and answers for the demo seed and the tests, and an activity with one question of every
// kind (issue 6).

// ---- assignments (issue 5) ----

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
      name: v.name ?? `Assignment ${uniqueSuffix()}`,
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

// ---- attempts (issue 6): an activity with one question of every kind ----

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
    title: v.title ?? `Every question ${uniqueSuffix()}`,
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
