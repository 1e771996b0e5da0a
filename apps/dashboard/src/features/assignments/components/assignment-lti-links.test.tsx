import type { LtiResourceLinkDto } from '@aula/domain/lti-services';
import { createStore } from '@aula/web/app/store.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssignmentLtiLinks } from './assignment-lti-links';

// The assignment view's LMS links against a stubbed API (the real English catalogue): the first import of a course's
// members names the class they go to; 'Import members' waits until a class is chosen.

const link: LtiResourceLinkDto = {
  id: 8,
  platform_name: 'Canvas',
  context_id: 'course-9',
  context_title: 'Biology 9',
  class_id: null,
  assignment_id: 7,
  activity_id: 3,
  has_memberships: true,
  has_line_item: true,
};

function stubApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/dashboard/assignments/7/lti-links') return reply(200, { data: [link] });
    if (path === '/dashboard/classes/list')
      return reply(200, {
        data: [
          { id: 4, name: 'Biology (3)' },
          { id: 5, name: 'Chemistry' },
        ],
        meta: { page: 1, per_page: 100, total: 2 },
      });
    if (request.method === 'POST' && path === '/dashboard/lti/links/8/import-members')
      return reply(200, { data: { created: 1, matched: 3, skipped: 0, enrolled: 4, skipped_members: [] } });
    return reply(404, { message: 'Not found' });
  });
  return calls;
}

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('AssignmentLtiLinks', () => {
  it('imports the course members into the class chosen', async () => {
    const calls = stubApi();
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <App>
            <AssignmentLtiLinks assignmentId={7} />
          </App>
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByRole('heading', { name: 'LMS links', level: 2 });
    screen.getByText('Biology 9');
    const importButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Import members' });
    expect(importButton().disabled).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Class for Biology 9' }));
    fireEvent.click(await screen.findByText('Biology (3)', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(importButton().disabled).toBe(false));
    fireEvent.click(importButton());
    await screen.findByText(/Add the LMS course’s students and teachers to this class\?/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Import members' }).at(-1)!);
    await screen.findByText('Members imported: 1 created, 3 matched, 0 skipped.');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/dashboard/lti/links/8/import-members',
      body: { class_id: 4 },
    });
  });
});
