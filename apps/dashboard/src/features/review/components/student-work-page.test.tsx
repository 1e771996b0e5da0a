import type { Question } from '@aula/domain/activity-content';
import { answerToWire, summarizeAnswers } from '@aula/domain/answers';
import type { AssignmentProgress, AttemptAnswer, AttemptView } from '@aula/domain/attempts';
import { pseudonymCode } from '@aula/domain/attempts';
import type { Action } from '@aula/domain/permissions';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewApi } from '../api';
import { HIDE_NAMES_KEY } from '../lib/hide-names';
import { StudentViewPage, StudentWorkPage } from './student-work-page';

// A student's work as the teacher sees it: the screen in teacher_review with the footer banner, score boxes only for
// a teacher who may update assignments and only once the work is submitted, names hidden when the browser says so.

const essay: Question = {
  id: 1,
  type: 'essay',
  text: null,
  label: 'Explain',
  options: [],
  media: [],
  random_order: 0,
};
const checkbox: Question = {
  id: 2,
  type: 'checkbox',
  text: null,
  label: 'Gases',
  options: [
    { id: 21, option: 'Oxygen', is_correct: true },
    { id: 22, option: 'Gold', is_correct: false },
  ],
  media: [],
  random_order: 0,
};
const item = (id: string, question: Question) => ({
  id,
  columns: [
    { id: `c${id}`, type: `question-${question.type}`, sizes: { large: 24 }, content: { question_id: question.id } },
  ],
});

const answers: AttemptAnswer[] = [
  {
    question_id: 1,
    screen_id: 50,
    section_id: 1,
    value: answerToWire({ text: 'Muscles need more oxygen.' }),
    revision: 1,
    saved_at: '2026-03-02T10:00:00.000Z',
    score: null,
    is_correct: null,
    correct_values: [],
    review: null,
  },
  {
    question_id: 2,
    screen_id: 50,
    section_id: 1,
    value: answerToWire({ options: [21] }),
    revision: 1,
    saved_at: '2026-03-02T10:00:00.000Z',
    score: 1,
    is_correct: 1,
    correct_values: [21],
    review: null,
  },
];

function work(status: 'in_progress' | 'submitted'): AttemptView {
  return {
    attempt: {
      id: 9,
      assignment_id: 7,
      activity_id: 10,
      student_id: 1,
      status,
      progress_section: 1,
      sections: 1,
      started_at: '2026-03-02T09:00:00.000Z',
      submitted_at: status === 'submitted' ? '2026-03-02T10:10:00.000Z' : null,
    },
    activity: { id: 10, title: 'Air' },
    assignment: { id: 7, name: 'Week 1', due_at: null },
    student: { id: 1, name: 'Ana Alvarez' },
    screens: [
      {
        screen_id: 50,
        version_id: 1,
        section: 1,
        content: [item('1', essay), item('2', checkbox)] as AttemptView['screens'][number]['content'],
        questions: [essay, checkbox],
        media: [],
        sensors: [],
      },
    ],
    media: [],
    answers,
    states: [],
    summary: summarizeAnswers([essay, checkbox], answers),
    lab_group: null,
  };
}

const progress: AssignmentProgress = {
  assignment: { id: 7, name: 'Week 1', start_at: '2026-03-01T00:00:00.000Z', due_at: null },
  activities: [{ id: 10, title: 'Air', sections: 1, questions: 2 }],
  students: [{ id: 1, name: 'Ana Alvarez', activities: [] }],
};

function renderPage(opts: { actions: Action[]; status?: 'in_progress' | 'submitted'; view?: 'student_review' }) {
  const store = createStore();
  const my = {
    user: { id: 99, role: 'teacher' },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources: { assignment: opts.actions }, rules: { context: [] } },
  } as unknown as MyInfo;
  void store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  void store.dispatch(reviewApi.util.upsertQueryData('getAssignmentProgress', 7, progress));
  const type = opts.view ?? 'teacher_review';
  void store.dispatch(
    reviewApi.util.upsertQueryData(
      'getStudentPreview',
      { assignmentId: 7, studentId: 1, activityId: 10, type },
      work(opts.status ?? 'submitted'),
    ),
  );
  const path = `/assignment/view/7/students/1${type === 'student_review' ? '/student-view' : ''}?activity=10`;
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path="/assignment/view/:assignmentId/students/:studentId" element={<StudentWorkPage />} />
            <Route
              path="/assignment/view/:assignmentId/students/:studentId/student-view"
              element={<StudentViewPage />}
            />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => localStorage.clear());

describe('StudentWorkPage', () => {
  it('shows the work in teacher review with the banner, and score boxes to a teacher who may update', async () => {
    renderPage({ actions: ['view', 'update'] });
    await screen.findByRole('heading', { name: 'Ana Alvarez: Air' });
    expect(screen.getByDisplayValue('Muscles need more oxygen.')).toBeTruthy();
    expect(document.body.textContent).toContain('Correct Answers: 1 out of 2');
    expect(document.body.textContent).toContain('Some answers are pending teacher review');
    // the essay's own score form (grade answer) and the score sheet (grade screens)
    expect(screen.getByRole('button', { name: 'Save score' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Score for Explain (screen 1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save scores' })).toBeTruthy();
  });

  it('gives no score boxes without update on assignments (view only)', async () => {
    renderPage({ actions: ['view'] });
    await screen.findByRole('heading', { name: 'Ana Alvarez: Air' });
    expect(document.body.textContent).toContain('Correct Answers: 1 out of 2');
    expect(screen.queryByRole('button', { name: 'Save score' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save scores' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('Not scored yet')).toBeTruthy();
  });

  it('gives no score boxes before the student submits, and says why', async () => {
    renderPage({ actions: ['view', 'update'], status: 'in_progress' });
    await screen.findByRole('heading', { name: 'Ana Alvarez: Air' });
    expect(screen.queryByRole('button', { name: 'Save score' })).toBeNull();
    expect(screen.getByText('Scores can be given once Ana Alvarez submits this activity.')).toBeTruthy();
  });

  it("hides the student's name everywhere on the page when the browser hides names", async () => {
    localStorage.setItem(HIDE_NAMES_KEY, '1');
    renderPage({ actions: ['view', 'update'] });
    await screen.findByRole('heading', { name: `Student ${pseudonymCode(1, 7)}: Air` });
    expect(document.body.textContent).not.toContain('Ana');
    expect(screen.getByRole('switch', { name: 'Hide names' }).getAttribute('aria-checked')).toBe('true');
  });

  it('the student view is read-only, with the banner and what the student is told', async () => {
    renderPage({ actions: ['view', 'update'], view: 'student_review' });
    await screen.findByText('This is what Ana Alvarez sees.');
    expect(document.body.textContent).toContain('Correct Answers: 1 out of 2');
    expect(screen.queryByRole('button', { name: 'Save score' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
