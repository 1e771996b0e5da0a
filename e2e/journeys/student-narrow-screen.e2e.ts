import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { lexicalFromText } from '../../packages/domain/src/activity-content';
import { answerToWire, type AnswerValue } from '../../packages/domain/src/answers';
import { ATTEMPT_PATHS, type AttemptView } from '../../packages/domain/src/attempts';
import { apiSignIn } from '../support/api-client';
import { failOnCspViolations, launchBrowser } from '../support/browser';
import { signInStudent } from '../support/dashboard-steps';
import { openActivity } from '../support/work-steps';

// Issue 14 item 14: nothing in the student app scrolls sideways on a 360 px phone. The domain admin imports (API) an
// activity with every question type and every content block that renders without an outside service, each with
// content made to be too wide (words and addresses longer than a phone, a 1200 px image, a deep indent, long
// options); the demo teacher assigns it to a demo student, who opens it at 360 x 740 and goes through every screen,
// then submits (API) and goes through every screen of the results. On each page the document is no wider than the
// window and no element is wider than the window. One browser context for the whole journey.

const { apiUrl, studentUrl } = platformUrls();
const RUN = Date.now().toString(36);
const WIDTH = 360;
const LONG_WORD = `Pneumonoultramicroscopicsilicovolcanoconiosis${'x'.repeat(40)}`;
const TITLE = `Narrow ${LONG_WORD} ${RUN}`;
const STUDENT = 'ava.nguyen';
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  version: 1,
  text: t,
  format: 0,
  ...extra,
});
const paragraph = (children: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'paragraph',
  version: 1,
  children,
  ...extra,
});
const lexical = (...blocks: unknown[]) => ({ root: { type: 'root', version: 1, children: blocks } });
const slot = (type: 'question-dropdown' | 'question-dnd', name: string) => ({ type, slot: name, version: 1 });

/** Text made to be too wide: a long word, a long address, a deep indent, an image 1200 px wide, a list. */
const WIDE_TEXT = lexical(
  paragraph([text(`A word longer than a phone: ${LONG_WORD}.`)]),
  paragraph([
    {
      type: 'link',
      version: 1,
      url: `https://example.org/${'a-very-long-path/'.repeat(8)}`,
      children: [text(`https://example.org/${'a-very-long-path/'.repeat(8)}`)],
    },
  ]),
  paragraph([text(`Indented twelve levels: ${LONG_WORD}`)], { indent: 12 }),
  paragraph([{ type: 'image', version: 1, src: PNG_1PX, altText: 'A wide picture', width: 1200, height: 20 }]),
  {
    type: 'list',
    version: 1,
    listType: 'bullet',
    children: [{ type: 'listitem', version: 1, children: [text(LONG_WORD)] }],
  },
);

const item = (id: string, type: string, large: number, content: Record<string, unknown>) => ({
  id,
  type,
  sizes: { large },
  content,
});
const row = (id: string, ...columns: ReturnType<typeof item>[]) => ({ id, columns });
const question = (id: number, type: string, label: string, words: unknown, options: unknown[] = []) => ({
  id,
  type,
  text: words,
  label,
  options,
  media: [],
  random_order: 0,
});
const option = (id: number, words: string, is_correct: boolean, slotName?: string) => ({
  id,
  option: words,
  is_correct,
  ...(slotName ? { slot: slotName } : {}),
});
const screen = (content: unknown[], questions: unknown[] = [], media: number[] = []) => ({
  section: 1,
  content,
  questions,
  media,
  sensors: [],
});

/** Four screens of one section (so the player shows all of them without answering): every block, every question. */
function wideActivityDocument() {
  const heading = (id: string, words: string) =>
    row(`r${id}`, item(`h${id}`, 'heading', 24, { text: lexicalFromText(words), level: 2 }));
  return {
    format: 'aula-activity',
    version: 1,
    activity: { title: TITLE, kind: 'review' },
    screens: [
      screen([
        heading('1', `Content ${LONG_WORD}`),
        row('r1b', item('t1', 'text', 24, { text: WIDE_TEXT })),
        row(
          'r1c',
          item('b1', 'block', 24, {
            children: [
              item('b1a', 'text', 12, { text: lexicalFromText(`Left ${LONG_WORD}`) }),
              item('b1b', 'text', 12, { text: lexicalFromText(`Right ${LONG_WORD}`) }),
            ],
          }),
        ),
        row(
          'r1d',
          item('c1', 'block-carousel', 24, {
            tabs: [`Slide ${LONG_WORD}`, 'Two'],
            children: [
              item('c1a', 'text', 24, { text: WIDE_TEXT }),
              item('c1b', 'text', 24, { text: lexicalFromText('Second slide') }),
            ],
          }),
        ),
        row(
          'r1e',
          item('t2', 'text', 8, { text: lexicalFromText(LONG_WORD) }),
          item('t3', 'text', 16, { text: WIDE_TEXT }),
        ),
      ]),
      screen(
        [
          heading('2', 'Choices and writing'),
          row(
            'r2a',
            item('q1', 'question-checkbox', 12, { question_id: 1 }),
            item('q2', 'question-radio', 12, { question_id: 2 }),
          ),
          row('r2b', item('q3', 'question-essay', 24, { question_id: 3 })),
          row('r2c', item('q4', 'question-textarea', 24, { question_id: 4 })),
        ],
        [
          question(1, 'checkbox', 'Metals', lexicalFromText(`Which are metals? ${LONG_WORD}`), [
            option(11, `Iron ${LONG_WORD}`, true),
            option(12, 'Wood', false),
          ]),
          question(2, 'radio', 'Water', lexicalFromText('What is H2O?'), [
            option(21, `Water ${LONG_WORD}`, true),
            option(22, 'Salt', false),
          ]),
          question(3, 'essay', 'Explain', lexicalFromText(`Explain ${LONG_WORD}`)),
          question(4, 'textarea', 'Note', lexicalFromText('Note one thing you observed.')),
        ],
      ),
      screen(
        [
          heading('3', 'Blanks'),
          row('r3a', item('q5', 'question-drop-down-list', 24, { question_id: 5 })),
          row('r3b', item('q6', 'question-drag-and-drop', 24, { question_id: 6 })),
          // a question placed at coordinates over a text, 200 px from its left edge
          row(
            'r3c',
            item('t4', 'text', 24, {
              text: lexicalFromText('Placed over this text: {question:8}'),
              questions_layout: [{ id: 8, position: 'absolute', coordinates: [200, 0] }],
            }),
          ),
        ],
        [
          question(
            5,
            'drop-down-list',
            'Boils',
            lexical(paragraph([text('Water boils at '), slot('question-dropdown', 's1'), text(' degrees.')])),
            [option(51, `100 ${LONG_WORD}`, true, 's1'), option(52, '50', false, 's1')],
          ),
          question(
            6,
            'drag-and-drop',
            'Orbits',
            lexical(
              paragraph([text('The '), slot('question-dnd', 'd1'), text(' orbits the '), slot('question-dnd', 'd2')]),
            ),
            [
              option(61, `Moon ${LONG_WORD}`, true, 'd1'),
              option(62, 'Earth', true, 'd2'),
              option(63, 'Sun', false),
              option(64, 'Mars', false),
              option(65, 'Venus', false),
            ],
          ),
          question(8, 'radio', 'Placed', lexicalFromText('Is this placed?'), [
            option(81, `Yes ${LONG_WORD}`, true),
            option(82, 'No', false),
          ]),
        ],
      ),
      screen(
        [
          heading('4', 'Drawing and media'),
          row('r4a', item('q7', 'question-tldraw', 24, { question_id: 7 })),
          row('r4b', item('m1', 'media-image', 24, { media_id: 901 })),
          row('r4c', item('g1', 'generic-iframe', 24, { url: 'https://example.org/simulation', height: 300 })),
        ],
        [question(7, 'tldraw', 'Draw', lexicalFromText('Draw the water cycle.'))],
        [901],
      ),
    ],
    media: [
      {
        id: 901,
        type: 'image',
        title: 'A picture',
        location: PNG_1PX,
        images: null,
        stored: [],
        sensors: [],
      },
    ],
  };
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
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

/** The page's width against the window's, and every element wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().width > width + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${el.getBoundingClientRect().width}px`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide };
  });
  expect(found.clientWidth, where).toBe(WIDTH);
  expect(found.scrollWidth, `${where}: the page is wider than the window`).toBeLessThanOrEqual(found.clientWidth);
  expect(found.wide, `${where}: elements wider than the window`).toEqual([]);
}

describe('the student app on a 360 px phone', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    const { id: activityId } = await call<{ id: number }>(admin, 'POST', '/dashboard/activities/import', {
      document: wideActivityDocument(),
    });
    const version = await call<{ id: number }>(admin, 'POST', `/dashboard/activities/${activityId}/versions`, {});
    await call(admin, 'POST', `/dashboard/activities/${activityId}/publish`, {
      version_id: version.id,
      options: { force: false },
    });
    const student = await apiSignIn(apiUrl, 'student', STUDENT, DEMO_PASSWORD);
    const { user } = await call<{ user: { id: number } }>(student, 'GET', '/student/my');
    const teacher = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
    await call(teacher, 'POST', '/dashboard/assignments', {
      name: `Phone check ${RUN}`,
      activity_ids: [activityId],
      members: [{ member_type: 'student', member_id: user.id }],
      start_at: new Date(Date.now() - 60_000).toISOString(),
      due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('scrolls sideways nowhere: the home, every screen of the activity and every screen of the results', async () => {
    const context = await browser.newContext({
      baseURL: studentUrl,
      locale: 'en-US',
      viewport: { width: WIDTH, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(20_000);
    await failOnCspViolations(context);
    const page = await context.newPage();
    try {
      await signInStudent(page, STUDENT);
      await page.getByRole('button', { name: `Open: ${TITLE}` }).waitFor();
      await expectNoSidewaysScroll(page, 'home');

      const attemptId = await openActivity(page, TITLE, /^Open: /);
      const screens = ['Content', 'Choices and writing', 'Blanks', 'Drawing and media'];
      const visit = async (label: string) => {
        for (const [i, heading] of screens.entries()) {
          await page
            .getByRole('navigation', { name: 'Screens' })
            .getByRole('button', { name: `Screen ${i + 1}` })
            .click();
          await page.getByRole('heading', { level: 2, name: new RegExp(`^${heading}`) }).waitFor();
          if (heading === 'Drawing and media') await page.locator('.tl-canvas').first().waitFor();
          if (heading === 'Content') {
            // the carousel's other slide too
            await page.getByRole('button', { name: 'Next slide' }).click();
            await expectNoSidewaysScroll(page, `${label}, screen ${i + 1}, second slide`);
            await page.getByRole('button', { name: 'Previous slide' }).click();
          }
          await expectNoSidewaysScroll(page, `${label}, screen ${i + 1}`);
        }
      };
      await visit('player');

      // the student's answers (long ones placed in the blanks), then submitted, as the player would send them
      const token = await apiSignIn(apiUrl, 'student', STUDENT, DEMO_PASSWORD);
      const view = await call<AttemptView>(token, 'GET', ATTEMPT_PATHS.attempt(attemptId));
      const q = (label: string) => view.screens.flatMap((s) => s.questions).find((x) => x.label === label)!;
      const first = (label: string) => q(label).options[0]!.id;
      const answers: [string, AnswerValue][] = [
        ['Metals', { options: [first('Metals')] }],
        ['Water', { options: [first('Water')] }],
        ['Explain', { text: `Because ${LONG_WORD}` }],
        ['Note', { text: LONG_WORD }],
        ['Boils', { slots: { s1: first('Boils') } }],
        ['Orbits', { slots: { d1: first('Orbits'), d2: q('Orbits').options[1]!.id } }],
        ['Placed', { options: [first('Placed')] }],
      ];
      await call(token, 'POST', ATTEMPT_PATHS.answers(attemptId), {
        answers: answers.map(([label, value], i) => ({
          question_id: q(label).id,
          value: answerToWire(value),
          revision: Date.now() + i,
        })),
      });
      await call(token, 'POST', ATTEMPT_PATHS.submit(attemptId));

      await page.goto(`/work/${attemptId}?screen=1`);
      await page.getByText('Your results', { exact: false }).first().waitFor();
      await visit('results');
    } finally {
      await context.close();
    }
  });
});
