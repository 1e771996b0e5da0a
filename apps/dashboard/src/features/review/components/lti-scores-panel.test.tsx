import type { LtiScoreSendDto } from '@aula/domain/lti-services';
import { createStore } from '@aula/web/app/store.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LtiScoresPanel } from './lti-scores-panel';

// The assignment view's scores sent to the LMS, against a stubbed API (the real English catalogue): each send's
// status and last error, 'Send again' on a failed one only, and nothing at all for an assignment without LMS scores.

const base: Omit<
  LtiScoreSendDto,
  'id' | 'student_id' | 'student_name' | 'status' | 'tries' | 'last_error' | 'sent_at'
> = {
  resource_link_id: 3,
  context_title: 'Biology 9',
  platform_name: 'Canvas',
  score_given: 7,
  score_maximum: 10,
  activity_progress: 'Completed',
  grading_progress: 'FullyGraded',
  scored_at: '2026-11-20T10:00:00.000Z',
};
const sent: LtiScoreSendDto = {
  ...base,
  id: 1,
  student_id: 11,
  student_name: 'Ana Alvarez',
  status: 'sent',
  tries: 1,
  last_error: null,
  sent_at: '2026-11-20T10:00:05.000Z',
};
const failed: LtiScoreSendDto = {
  ...base,
  id: 2,
  student_id: 12,
  student_name: 'Ben Brown',
  status: 'failed',
  tries: 7,
  last_error: 'score: HTTP 503 gradebook unavailable',
  sent_at: null,
};

function stubApi(rows: () => LtiScoreSendDto[]) {
  const calls: { method: string; path: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path });
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (request.method === 'GET' && path === '/dashboard/assignments/7/lti-scores') return reply(200, { data: rows() });
    if (request.method === 'POST' && path === '/dashboard/assignments/7/lti-scores/2/retry')
      return reply(200, { data: { ...failed, status: 'pending', tries: 0 } });
    return reply(404, { message: 'Not found' });
  });
  return calls;
}

function renderPanel() {
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <App>
          <LtiScoresPanel assignmentId={7} />
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('LtiScoresPanel', () => {
  it('shows each send with its status; a failed one shows its error and can be sent again', async () => {
    let retried = false;
    const calls = stubApi(() => (retried ? [sent, { ...failed, status: 'pending', tries: 0 }] : [sent, failed]));
    renderPanel();
    await screen.findByRole('heading', { name: 'Scores sent to the LMS', level: 2 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Student',
      'LMS course',
      'Score',
      'Status',
      'Tries',
      'Last error',
      'Sent',
    ]);
    expect(rowOf('Ana Alvarez').textContent).toContain('Sent');
    expect(rowOf('Ana Alvarez').textContent).toContain('Biology 9');
    expect(rowOf('Ana Alvarez').querySelector('button')).toBeNull();
    expect(rowOf('Ben Brown').textContent).toContain('Failed');
    expect(rowOf('Ben Brown').textContent).toContain('score: HTTP 503 gradebook unavailable');

    retried = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send again: Ben Brown' }));
    await screen.findByText('The score will be sent again.');
    expect(calls).toContainEqual({ method: 'POST', path: '/dashboard/assignments/7/lti-scores/2/retry' });
    await waitFor(() => expect(rowOf('Ben Brown').textContent).toContain('Pending'));
    expect(screen.queryByRole('button', { name: 'Send again: Ben Brown' })).toBeNull();
  });

  it('shows nothing for an assignment without scores for an LMS', async () => {
    const calls = stubApi(() => []);
    renderPanel();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Scores sent to the LMS' })).toBeNull();
  });
});
