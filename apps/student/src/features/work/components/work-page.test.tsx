import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lexicalFromText, type Question } from '@aula/domain/activity-content';
import { summarizeAnswers, type AnswerWireValue } from '@aula/domain/answers';
import type { AttemptAnswer, AttemptView } from '@aula/domain/attempts';

const { createStore } = await import('@aula/web/app/store.ts');
const { Provider } = await import('react-redux');
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router');
const { WorkPage } = await import('./work-page');
const { indexedDbStore } = await import('../lib/local-answers');

// ---- an activity of two sections: an essay and a radio question, then a checkbox question ----

const q = (id: number, type: Question['type'], options: [number, string, boolean][] = []): Question => ({
  id,
  type,
  text: { ...lexicalFromText(`Question ${id} text`) },
  label: `Question ${id}`,
  options: options.map(([oid, option, is_correct]) => ({ id: oid, option, is_correct, slot: null })),
  media: [],
  random_order: 0,
});
const essay = q(11, 'essay');
const radio = q(12, 'radio', [
  [121, 'Solid', true],
  [122, 'Gas', false],
]);
const checkbox = q(21, 'checkbox', [
  [211, 'Iron', true],
  [212, 'Wood', false],
]);
const row = (id: string, question: Question) => ({
  id,
  columns: [
    { id: `i-${id}`, type: `question-${question.type}`, sizes: { large: 24 }, content: { question_id: question.id } },
  ],
});

let attemptCounter = 100;

/** The attempts API in memory, answering what fetchBaseQuery sends. */
function fakeApi() {
  attemptCounter += 1;
  const attemptId = attemptCounter;
  const answers = new Map<number, AttemptAnswer>();
  const calls: { method: string; path: string; body: unknown }[] = [];
  const state = {
    progress: 1,
    status: 'in_progress' as 'in_progress' | 'submitted',
    down: false,
    refuse: null as null | { status: number; message: string },
  };
  const questions = [essay, radio, checkbox];
  const view = (): AttemptView => ({
    attempt: {
      id: attemptId,
      assignment_id: 5,
      activity_id: 9,
      student_id: 3,
      status: state.status,
      progress_section: state.progress,
      sections: 2,
      started_at: '2026-01-01T00:00:00Z',
      submitted_at: state.status === 'submitted' ? '2026-01-02T10:00:00Z' : null,
    },
    activity: { id: 9, title: 'States of Matter' },
    assignment: { id: 5, name: 'Week 3', due_at: null },
    student: { id: 3, name: 'Stella Student' },
    screens: [
      {
        screen_id: 1,
        version_id: 1,
        section: 1,
        content: [row('a', essay), row('b', radio)],
        questions: [essay, radio],
        media: [],
        sensors: [],
      },
      {
        screen_id: 2,
        version_id: 1,
        section: 2,
        content: [row('c', checkbox)],
        questions: [checkbox],
        media: [],
        sensors: [],
      },
    ],
    media: [],
    answers: [...answers.values()].map((a) =>
      state.status === 'submitted' ? a : { ...a, score: null, is_correct: null, correct_values: null },
    ),
    states: [],
    summary: state.status === 'submitted' ? summarizeAnswers(questions, [...answers.values()]) : null,
    lab_group: null,
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchStub = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const path = new URL(request.url).pathname;
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body });
    if (state.down) throw new TypeError('Failed to fetch');
    const base = `/student/attempts/${attemptId}`;
    if (request.method === 'GET' && path === base) return json(200, { data: view() });
    if (path === `${base}/answers`) {
      if (state.refuse) return json(state.refuse.status, { message: state.refuse.message });
      const saved = (
        body as { answers: { question_id: number; value: AnswerWireValue; revision: number }[] }
      ).answers.map((a) => {
        const held = answers.get(a.question_id);
        if (!held || held.revision < a.revision) {
          const correct = a.question_id === 12 ? a.value.options.includes(121) : a.question_id === 21;
          answers.set(a.question_id, {
            question_id: a.question_id,
            screen_id: a.question_id === 21 ? 2 : 1,
            section_id: a.question_id === 21 ? 2 : 1,
            value: a.value,
            revision: a.revision,
            saved_at: new Date().toISOString(),
            score: null,
            is_correct: a.question_id === 11 ? null : correct ? 1 : 0,
            correct_values: null,
            review: null,
          });
        }
        return { question_id: a.question_id, revision: answers.get(a.question_id)!.revision, saved_at: '' };
      });
      return json(200, { data: { saved } });
    }
    if (path === `${base}/progress`) {
      state.progress = (body as { section: number }).section;
      return json(200, { data: view() });
    }
    if (path === `${base}/previous-submission`) {
      const questionId = new URL(request.url).searchParams.get('questionId');
      return json(200, { data: { value: questionId === '11' ? 'My essay from last week.' : null } });
    }
    if (path === `${base}/submit`) {
      state.status = 'submitted';
      return json(200, { data: view() });
    }
    return json(404, { message: 'Not found' });
  });
  return { attemptId, answers, calls, state, fetchStub, view };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderWork(attemptId: number, search = '') {
  const store = createStore();
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/work/${attemptId}${search}`]}>
        <Routes>
          <Route path="/work/:attemptId" element={<WorkPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

const essayBox = () => screen.getByRole('textbox', { name: 'Question 11' });
const status = () =>
  screen.getByText((_, el) => el?.getAttribute('data-save-status') !== null && el?.tagName === 'DIV');

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the player', () => {
  it('shows the first section, saves an answer once the student pauses, and says so', async () => {
    const user = userEvent.setup();
    renderWork(api.attemptId);
    // the header shows while the answers kept on the device are read, then the player
    expect(await screen.findByRole('heading', { name: 'States of Matter', level: 1 })).toBeTruthy();
    // only the first section's screen is listed
    const nav = await screen.findByRole('navigation', { name: 'Screens' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Screen 1']);
    expect(screen.getByText('More sections open once you finish this one.')).toBeTruthy();

    await user.type(essayBox(), 'Water boils');
    expect(status().getAttribute('data-save-status')).toBe('saving');
    expect(status().textContent).toBe('Saving…');
    await waitFor(() => expect(api.answers.get(11)?.value.additional[0]?.value.text).toBe('Water boils'), {
      timeout: 3_000,
    });
    // one save for the whole word, not one per key
    expect(api.calls.filter((c) => c.path.endsWith('/answers'))).toHaveLength(1);
    await waitFor(() => expect(status().textContent).toBe('All answers saved'));
    expect(await indexedDbStore.list(api.attemptId)).toEqual([]);
  });

  it('keeps what was typed while the server is down, finds it after a reload and sends it when it is back', async () => {
    const user = userEvent.setup();
    const first = renderWork(api.attemptId);
    await screen.findByRole('navigation', { name: 'Screens' });
    api.state.down = true;
    await user.type(essayBox(), 'Kept on this device');
    await waitFor(() => expect(status().getAttribute('data-save-status')).toBe('unreachable'), { timeout: 3_000 });
    expect(status().textContent).toBe("Can't reach the server — your answers are kept on this device. Trying again…");
    const kept = await indexedDbStore.list(api.attemptId);
    expect(kept.map((e) => [e.key, (e.value as AnswerWireValue).additional[0]?.value.text])).toEqual([
      ['11', 'Kept on this device'],
    ]);

    // a reload while the server is still down
    first.unmount();
    renderWork(api.attemptId);
    api.state.down = false;
    // the first GET succeeds now: the page opens with the text from this device over the server's nothing
    await waitFor(() => expect(essayBox()).toHaveProperty('value', 'Kept on this device'));
    await waitFor(() => expect(api.answers.get(11)?.value.additional[0]?.value.text).toBe('Kept on this device'));
    await waitFor(async () => expect(await indexedDbStore.list(api.attemptId)).toEqual([]));
  });

  it('says offline while the browser is offline and sends at once when it is back online', async () => {
    const user = userEvent.setup();
    renderWork(api.attemptId);
    await screen.findByRole('navigation', { name: 'Screens' });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.state.down = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.type(essayBox(), 'Offline words');
    await waitFor(() =>
      expect(status().textContent).toBe(
        "Offline — your answers are kept on this device and will be sent when you're back online",
      ),
    );
    online.mockReturnValue(true);
    api.state.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.answers.get(11)?.value.additional[0]?.value.text).toBe('Offline words'));
    await waitFor(() => expect(status().textContent).toBe('All answers saved'));
    online.mockRestore();
  });

  it('shows a refused answer with the server’s reason and does not retry it', async () => {
    const user = userEvent.setup();
    renderWork(api.attemptId);
    await screen.findByRole('navigation', { name: 'Screens' });
    api.state.refuse = { status: 409, message: 'This section is closed.' };
    await user.click(screen.getByRole('radio', { name: 'Gas' }));
    await waitFor(() => expect(status().textContent).toBe('An answer could not be saved: This section is closed.'), {
      timeout: 3_000,
    });
    const sends = api.calls.filter((c) => c.path.endsWith('/answers')).length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(api.calls.filter((c) => c.path.endsWith('/answers')).length).toBe(sends);
  });

  it('validates the section before moving on and focuses the first question to fix', async () => {
    const user = userEvent.setup();
    renderWork(api.attemptId);
    await screen.findByRole('navigation', { name: 'Screens' });
    await user.type(essayBox(), 'abc');
    await user.click(screen.getByRole('button', { name: 'Next section' }));
    expect(screen.getByText('Some answers need your attention before you go on.')).toBeTruthy();
    // each message under its question (000 section 5), the first one focused
    const essayGroup = screen.getByRole('group', { name: 'Question 11' });
    expect(within(essayGroup).getByText('Please type in at least 5 characters')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Question 12' })).getByText('Please choose an answer'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(essayBox());
    expect(essayBox().getAttribute('aria-invalid')).toBe('true');
    // fixing an answer clears its message at once
    await user.type(essayBox(), 'de');
    expect(within(essayGroup).queryByText('Please type in at least 5 characters')).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/progress'))).toBe(false);
  });

  it('moves on to the next section, locks the one before, then submits after confirming and shows the review', async () => {
    const user = userEvent.setup();
    renderWork(api.attemptId);
    await screen.findByRole('navigation', { name: 'Screens' });
    await user.type(essayBox(), 'Particles move faster when heated.');
    await user.click(screen.getByRole('radio', { name: 'Solid' }));
    await user.click(screen.getByRole('button', { name: 'Next section' }));
    // every answer is sent before the server is asked to move on
    await screen.findByRole('group', { name: 'Question 21' });
    const progressAt = api.calls.findIndex((c) => c.path.endsWith('/progress'));
    expect(api.calls[progressAt]?.body).toEqual({ section: 2 });
    expect(api.answers.get(11)?.value.additional[0]?.value.text).toBe('Particles move faster when heated.');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/work/${api.attemptId}?screen=2`));

    // the first section is still there to look at, but read-only
    await user.click(screen.getByRole('button', { name: 'Screen 1' }));
    expect(screen.getByText(/you can look at your answers, not change them/)).toBeTruthy();
    expect(essayBox().hasAttribute('readonly')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Screen 2' }));

    // submit: validate, confirm, send
    // (the button's name may carry 'loading' from the last move: jsdom never ends AntD's icon animation)
    const submit = () => screen.getByRole('button', { name: /^(loading )?Submit$/ });
    await user.click(submit());
    expect(screen.getByText('Some answers need your attention before you go on.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Iron' }));
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Your results/)).toBeTruthy();
    // the results open on the screen the student submitted from, as the address says
    expect(screen.getByRole('region', { name: 'Screen 2 of 2' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Question 21' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/work/${api.attemptId}?screen=2`);
    expect(api.answers.get(21)?.value.options).toEqual([211]);
    // the footer banner: radio and checkbox correct, the essay waits for the teacher
    expect(screen.getByText('Correct Answers: 2 out of 3')).toBeTruthy();
    expect(screen.getByText('Correct Answers: 2 out of 3').closest('[data-state]')?.getAttribute('data-state')).toBe(
      'CORRECT',
    );
    expect(screen.getByText('NOTE: Green indicates a correct choice')).toBeTruthy();
    expect(screen.getByText('Some answers are pending teacher review')).toBeTruthy();
    // a long walk through the player: more than the default 5 s on a busy machine
  }, 15_000);

  it('offers the essay’s previous submission, asked for by question id', async () => {
    renderWork(api.attemptId);
    expect(await screen.findByText(/It looks like you've answered this question before/)).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('/previous-submission'))).toHaveLength(1);
    const asked = api.fetchStub.mock.calls
      .map(([input]) => (typeof input === 'string' ? input : input.url))
      .find((url) => url.includes('/previous-submission'));
    expect(new URL(asked!).searchParams.get('questionId')).toBe('11');
  });

  it('opens a submitted attempt in the review', async () => {
    api.state.status = 'submitted';
    renderWork(api.attemptId);
    expect(await screen.findByText(/Your results/)).toBeTruthy();
    expect(screen.getByText('Not Answered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('opens the results on the screen a link names (?screen=2) and keeps the address in step', async () => {
    const user = userEvent.setup();
    api.state.status = 'submitted';
    renderWork(api.attemptId, '?screen=2');
    expect(await screen.findByText(/Your results/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Screen 2 of 2' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Question 21' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Question 11' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('region', { name: 'Screen 1 of 2' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/work/${api.attemptId}?screen=1`);
  });

  it('opens the results on the first screen when ?screen names none', async () => {
    api.state.status = 'submitted';
    renderWork(api.attemptId, '?screen=9');
    expect(await screen.findByText(/Your results/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Screen 1 of 2' })).toBeTruthy();
  });

  it('says page not found for an attempt that is not the student’s', async () => {
    renderWork(999_999);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
  });
});
