import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentAssignment } from '../api';

const { createStore } = await import('@aula/web/app/store.ts');
const { Provider } = await import('react-redux');
const { MemoryRouter, Route, Routes } = await import('react-router');
const { AssignmentList } = await import('./assignment-list');

const assignment = (over: Partial<StudentAssignment>): StudentAssignment => ({
  id: 1,
  name: 'Week 3',
  start_at: '2026-01-01T00:00:00Z',
  due_at: null,
  status: 'current',
  activities: [],
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the home’s activities', () => {
  it('offer Open, Continue or Review by the student’s attempt, and none before the assignment starts', () => {
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <AssignmentList
            assignments={[
              assignment({
                id: 1,
                activities: [
                  { id: 10, title: 'Atoms', attempt: null },
                  { id: 11, title: 'Heat', attempt: { id: 70, status: 'in_progress' } },
                  { id: 12, title: 'Waves', attempt: { id: 71, status: 'submitted' } },
                ],
              }),
              assignment({ id: 2, status: 'upcoming', activities: [{ id: 13, title: 'Later', attempt: null }] }),
            ]}
          />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Open: Atoms' }).textContent).toBe('Open');
    expect(screen.getByRole('button', { name: 'Continue: Heat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review: Waves' })).toBeTruthy();
    expect(screen.getByText('Later')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Later/ })).toBeNull();
  });

  it('starts or resumes the attempt and opens the player', async () => {
    const user = userEvent.setup();
    const fetchStub = vi.fn(async (request: Request) => {
      expect([request.method, new URL(request.url).pathname]).toEqual([
        'POST',
        '/student/assignments/1/activities/10/attempt',
      ]);
      return new Response(JSON.stringify({ data: { attempt: { id: 88 } } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchStub);
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <Routes>
            <Route
              path="/"
              element={
                <AssignmentList
                  assignments={[assignment({ activities: [{ id: 10, title: 'Atoms', attempt: null }] })]}
                />
              }
            />
            <Route path="/work/:attemptId" element={<p>player of 88</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Open: Atoms' }));
    await waitFor(() => expect(screen.getByText('player of 88')).toBeTruthy());
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});
