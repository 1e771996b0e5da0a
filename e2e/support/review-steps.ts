import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { lexicalFromText } from '../../packages/domain/src/activity-content';
import { answerToWire, type AnswerValue } from '../../packages/domain/src/answers';
import { ATTEMPT_PATHS, pseudonymCode, type AttemptView } from '../../packages/domain/src/attempts';
import { apiSignIn } from './api-client';

// Issue 6, teacher review: steps the journeys share. Set-up goes through the API (an activity with an essay and a
// checkbox, published and assigned; students who start, save and submit as the student app would); the teacher's
// side goes through the dashboard as a user works it (by roles, labels and the texts on screen).

export interface ReviewAssignment {
  assignmentId: number;
  activityId: number;
  activityTitle: string;
  /** demo students assigned one by one, by username */
  students: Record<string, { id: number; name: string }>;
}

async function call<T>(apiUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  // a JSON content type with no body is refused (400): send it only with one
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers:
      body === undefined
        ? { Authorization: `Bearer ${token}` }
        : { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** One screen: a text, an essay ('Explain') and a checkbox with two right options of three (maximum 2 points). */
function reviewActivityDocument(title: string) {
  const essay = 1;
  const checkbox = 2;
  return {
    format: 'aula-activity',
    version: 1,
    activity: { title, kind: 'ngss' },
    screens: [
      {
        section: 1,
        content: [
          {
            id: 'r1',
            columns: [
              { id: 't1', type: 'text', sizes: { large: 24 }, content: { text: lexicalFromText('Air and breathing') } },
            ],
          },
          {
            id: 'r2',
            columns: [{ id: 'q1', type: 'question-essay', sizes: { large: 24 }, content: { question_id: essay } }],
          },
          {
            id: 'r3',
            columns: [
              { id: 'q2', type: 'question-checkbox', sizes: { large: 24 }, content: { question_id: checkbox } },
            ],
          },
        ],
        questions: [
          {
            id: essay,
            type: 'essay',
            text: lexicalFromText('Explain why we breathe faster when we run.'),
            label: 'Explain',
            options: [],
            media: [],
            random_order: 0,
          },
          {
            id: checkbox,
            type: 'checkbox',
            text: lexicalFromText('Which gases are in the air we breathe?'),
            label: 'Gases',
            options: [
              { id: 11, option: 'Oxygen', is_correct: true },
              { id: 12, option: 'Nitrogen', is_correct: true },
              { id: 13, option: 'Gold', is_correct: false },
            ],
            media: [],
            random_order: 0,
          },
        ],
        media: [],
        sensors: [],
      },
    ],
    media: [],
  };
}

/**
 * The domain admin imports and publishes the review activity; the demo teacher assigns it (started a minute ago,
 * due in a week) to the given demo students of her Grade 7 Science class, one by one.
 */
export async function setUpReviewAssignment(
  apiUrl: string,
  opts: { title: string; name: string; usernames: string[] },
): Promise<ReviewAssignment> {
  const admin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
  const activity = await call<{ id: number }>(apiUrl, admin, 'POST', '/dashboard/activities/import', {
    document: reviewActivityDocument(opts.title),
  });
  const version = await call<{ id: number }>(
    apiUrl,
    admin,
    'POST',
    `/dashboard/activities/${activity.id}/versions`,
    {},
  );
  await call(apiUrl, admin, 'POST', `/dashboard/activities/${activity.id}/publish`, {
    version_id: version.id,
    options: { force: false },
  });

  const teacher = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
  const students: ReviewAssignment['students'] = {};
  for (const username of opts.usernames) {
    const token = await apiSignIn(apiUrl, 'student', username, DEMO_PASSWORD);
    const { user } = await call<{ user: { id: number; first_name: string; last_name: string } }>(
      apiUrl,
      token,
      'GET',
      '/student/my',
    );
    students[username] = { id: user.id, name: `${user.first_name} ${user.last_name}` };
  }
  const now = Date.now();
  const assignment = await call<{ id: number }>(apiUrl, teacher, 'POST', '/dashboard/assignments', {
    name: opts.name,
    activity_ids: [activity.id],
    members: Object.values(students).map((s) => ({ member_type: 'student', member_id: s.id })),
    start_at: new Date(now - 60_000).toISOString(),
    due_at: new Date(now + 7 * 86_400_000).toISOString(),
  });
  return { assignmentId: assignment.id, activityId: activity.id, activityTitle: opts.title, students };
}

/** A student's session in the student API: start (or resume) the attempt, save answers, submit. */
export class StudentAttempt {
  private revision = Date.now();
  private constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    readonly view: AttemptView,
  ) {}

  static async start(apiUrl: string, username: string, a: ReviewAssignment): Promise<StudentAttempt> {
    const token = await apiSignIn(apiUrl, 'student', username, DEMO_PASSWORD);
    const view = await call<AttemptView>(apiUrl, token, 'POST', ATTEMPT_PATHS.start(a.assignmentId, a.activityId));
    return new StudentAttempt(apiUrl, token, view);
  }

  /** The question with this label. */
  question(label: string) {
    const q = this.view.screens.flatMap((s) => s.questions).find((x) => x.label === label);
    if (!q) throw new Error(`no question labelled ${label}`);
    return q;
  }

  /** The ids of the options with these texts, of the question labelled `label`. */
  options(label: string, texts: string[]): number[] {
    return this.question(label)
      .options.filter((o) => texts.includes(o.option))
      .map((o) => o.id);
  }

  async save(answers: { label: string; value: AnswerValue }[]): Promise<void> {
    await call(this.apiUrl, this.token, 'POST', ATTEMPT_PATHS.answers(this.view.attempt!.id), {
      answers: answers.map((a) => ({
        question_id: this.question(a.label).id,
        value: answerToWire(a.value),
        revision: (this.revision += 1),
      })),
    });
  }

  async submit(): Promise<AttemptView> {
    return call<AttemptView>(this.apiUrl, this.token, 'POST', ATTEMPT_PATHS.submit(this.view.attempt!.id));
  }
}

/** 'Student {{code}}': how a student shows with 'hide names' on. */
export function pseudonymOf(studentId: number, assignmentId: number): string {
  return `Student ${pseudonymCode(studentId, assignmentId)}`;
}

/** Opens the assignment's view and waits for its 'Student progress' table. */
export async function openAssignmentProgress(page: Page, assignmentId: number): Promise<void> {
  await page.goto(`/assignment/view/${assignmentId}`);
  await page.getByRole('heading', { name: 'Student progress' }).waitFor();
  await page.locator('.ant-table-tbody tr[data-student-id]').first().waitFor();
}

/** The texts of a student's progress row (Student, Status, Section reached, Answered, Correct Answers, Needs review, Last saved). */
export async function progressRow(page: Page, student: string): Promise<string[]> {
  const row = page.locator('.ant-table-tbody tr[data-student-id]').filter({
    has: page.getByRole('link', { name: student, exact: true }),
  });
  const cells = await row.locator('td').allInnerTexts();
  // the first cell holds the student's link and, under it, their Student view link
  return cells.map((text, i) => (i === 0 ? (text.split('\n')[0] ?? '') : text));
}

/** Sets the 'Hide names' switch. */
export async function setHideNames(page: Page, hidden: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Hide names' });
  if ((await toggle.getAttribute('aria-checked')) !== String(hidden)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(hidden));
}

/** Opens a student's work from the progress table (their name or pseudonym is the link). */
export async function openStudentWork(page: Page, student: string, activityTitle: string): Promise<void> {
  await page.getByRole('link', { name: student, exact: true }).click();
  await page.getByRole('heading', { name: `${student}: ${activityTitle}` }).waitFor();
}

/** The footer review banner's text (000 section 2): a live region opening with its main line. */
export async function reviewBannerText(page: Page): Promise<string> {
  const banner = page
    .getByRole('status')
    .filter({ hasText: /^(Not Answered|Pending Teacher Review|Correct Answers: \d+ out of \d+)/ });
  await banner.waitFor();
  return banner.innerText();
}

/** Scores the essay labelled `label` in the question's own score form (teacher_review) and waits for it saved. */
export async function scoreEssay(page: Page, label: string, score: number): Promise<void> {
  const question = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: label }) });
  await question.getByLabel('Score', { exact: true }).fill(String(score));
  await question.getByRole('button', { name: 'Save score' }).click();
  await question.getByText('Score saved').waitFor();
}
