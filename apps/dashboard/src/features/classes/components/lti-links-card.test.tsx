import type { LtiResourceLinkDto } from '@aula/domain/lti-services';
import { createStore } from '@aula/web/app/store.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LtiLinksCard } from './lti-links-card';

// A class's LMS links against a stubbed API (the real English catalogue): 'Import members' after a confirmation,
// with the counts the server reports; a link without a member list says so instead; no links, no card.

const link = (id: number, over: Partial<LtiResourceLinkDto> = {}): LtiResourceLinkDto => ({
  id,
  platform_name: 'Canvas',
  context_id: `course-${id}`,
  context_title: `Biology ${id}`,
  class_id: 4,
  assignment_id: null,
  activity_id: null,
  has_memberships: true,
  has_line_item: false,
  ...over,
});

function stubApi(links: LtiResourceLinkDto[]) {
  const calls: { method: string; path: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path });
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/dashboard/classes/4/lti-links') return reply(200, { data: links });
    if (request.method === 'POST' && path === '/dashboard/lti/links/1/import-members')
      return reply(200, { data: { created: 2, matched: 5, skipped: 1, enrolled: 2, skipped_members: [] } });
    return reply(404, { message: 'Not found' });
  });
  return calls;
}

function renderCard() {
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <App>
          <LtiLinksCard classId={4} />
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('LtiLinksCard', () => {
  it('imports a course’s members after confirming, and tells the counts', async () => {
    const calls = stubApi([link(1), link(2, { has_memberships: false, context_title: null })]);
    renderCard();
    await screen.findByRole('heading', { name: 'LMS links', level: 2 });
    screen.getByText('Biology 1');
    // the second link has no title: its course id stands in; the LMS gave it no member list
    screen.getByText('course-2');
    screen.getByText('The LMS gives no member list for this link.');
    expect(screen.getAllByRole('button', { name: 'Import members' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Import members' }));
    await screen.findByText(/Add the LMS course’s students and teachers to this class\?/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const confirm = screen.getAllByRole('button', { name: 'Import members' }).at(-1)!;
    fireEvent.click(confirm);
    await screen.findByText('Members imported: 2 created, 5 matched, 1 skipped.');
    expect(calls).toContainEqual({ method: 'POST', path: '/dashboard/lti/links/1/import-members' });
  });

  it('shows nothing for a class without LMS links', async () => {
    const calls = stubApi([]);
    renderCard();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'LMS links' })).toBeNull();
  });
});
