import type { AssignmentProgress } from '@aula/domain/attempts';
import { pseudonymCode } from '@aula/domain/attempts';
import { createStore } from '@aula/web/app/store.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { act } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewApi } from '../api';
import { applyLiveProgress } from '../hooks/use-live-progress';
import { HIDE_NAMES_KEY } from '../lib/hide-names';
import { ProgressPanel } from './progress-panel';

// The assignment view's progress table as a teacher sees it: rows from the cached progress call, changed in place by
// real-time events, names replaced by pseudonyms with 'hide names' (remembered in this browser).

const progress: AssignmentProgress = {
  assignment: { id: 7, name: 'Week 1', start_at: '2026-03-01T00:00:00.000Z', due_at: null },
  activities: [{ id: 10, title: 'Cells', sections: 3, questions: 4 }],
  students: [
    {
      id: 1,
      name: 'Ana Alvarez',
      activities: [
        {
          activity_id: 10,
          attempt_id: 100,
          status: 'in_progress',
          progress_section: 1,
          answered: 1,
          questions_number: 3,
          correct_answers: 1,
          need_review: 0,
          last_saved_at: '2026-03-02T10:00:00.000Z',
        },
      ],
    },
    { id: 2, name: 'Ben Brown', activities: [] },
  ],
};

function renderPanel() {
  const store = createStore();
  void store.dispatch(reviewApi.util.upsertQueryData('getAssignmentProgress', 7, progress));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <App>
          <ProgressPanel assignmentId={7} />
        </App>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** The texts of the row of the student linked as `name`. */
const cells = (name: string) =>
  [...screen.getByRole('link', { name }).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);

afterEach(() => localStorage.clear());

describe('ProgressPanel', () => {
  it("shows each student's status, section, answers, correct answers and links to their work", async () => {
    renderPanel();
    await screen.findByRole('link', { name: 'Ana Alvarez' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Student',
      'Status',
      'Section reached',
      'Answered',
      'Correct Answers',
      'Needs review',
      'Last saved',
    ]);
    expect(cells('Ana Alvarez')).toEqual([
      'Ana AlvarezStudent view',
      'In progress',
      '1 of 3',
      '1 of 4',
      '1 of 3',
      '0',
      'Mar 02, 2026 10:00 AM',
    ]);
    expect(screen.getByRole('link', { name: 'Ana Alvarez' }).getAttribute('href')).toBe(
      '/assignment/view/7/students/1?activity=10',
    );
    expect(cells('Ben Brown')).toEqual(['Ben BrownStudent view', 'Not started', '—', '0 of 4', '0 of 4', '0', '—']);
    expect(screen.getByRole('link', { name: 'Student view of Ben Brown' }).getAttribute('href')).toBe(
      '/assignment/view/7/students/2/student-view?activity=10',
    );
  });

  it('changes a row in place when progress events arrive, without reloading', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const store = renderPanel();
    await screen.findByRole('link', { name: 'Ben Brown' });
    act(() =>
      applyLiveProgress(store.dispatch, 7, [
        {
          assignment_id: 7,
          student_id: 2,
          progress: {
            activity_id: 10,
            attempt_id: 101,
            status: 'submitted',
            progress_section: 3,
            answered: 4,
            questions_number: 3,
            correct_answers: 2,
            need_review: 1,
            last_saved_at: '2026-03-02T10:30:00.000Z',
          },
        },
      ]),
    );
    await waitFor(() => expect(cells('Ben Brown')[1]).toBe('Submitted'));
    expect(cells('Ben Brown').slice(1, 6)).toEqual(['Submitted', '3 of 3', '4 of 4', '2 of 3', '1']);
    expect(cells('Ana Alvarez')[1]).toBe('In progress');
    // the event itself changed the table: nothing was fetched again
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("'Hide names' replaces every name with the assignment's pseudonym and is remembered after a reload", async () => {
    const user = userEvent.setup();
    renderPanel();
    const toggle = await screen.findByRole('switch', { name: 'Hide names' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(screen.queryByText('Ana Alvarez')).toBeNull();
    expect(screen.queryByText('Ben Brown')).toBeNull();
    expect(screen.getByRole('link', { name: `Student ${pseudonymCode(1, 7)}` })).toBeTruthy();
    expect(localStorage.getItem(HIDE_NAMES_KEY)).toBe('1');

    // a reload: a new page reads the browser's choice
    document.body.innerHTML = '';
    renderPanel();
    expect((await screen.findByRole('switch', { name: 'Hide names' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText('Ana Alvarez')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Hide names' }));
    expect(screen.getByRole('link', { name: 'Ana Alvarez' })).toBeTruthy();
  });
});
