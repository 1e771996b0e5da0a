import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { createStore } = await import('@aula/web/app/store.ts');
const { Provider } = await import('react-redux');
const { MemoryRouter, Route, Routes } = await import('react-router');
const { LtiReturnPage } = await import('./lti-return-page');

// The student app's LTI return page (docs/lti.md): an assignment link starts the attempt and opens the player; a set
// link with nothing open left to do opens the student's list, without starting anything.

function stubApi() {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return Promise.resolve(
      new Response(JSON.stringify({ data: { attempt: { id: 77 } } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

function renderAt(search: string) {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[`/lti?${search}`]}>
        <Routes>
          <Route path="/lti" element={<LtiReturnPage />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/work/:id" element={<p>player</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('LtiReturnPage', () => {
  it('opens the student’s list for a set link with nothing open left, starting nothing', async () => {
    const calls = stubApi();
    renderAt('type=LtiResourceLinkRequest&resource_id=5&resource_type=assignment_set');
    await screen.findByText('home page');
    expect(calls).toEqual([]);
  });

  it('starts the attempt of an assignment link’s activity and opens the player', async () => {
    const calls = stubApi();
    renderAt('type=LtiResourceLinkRequest&resource_id=9&resource_type=assignment&activity_id=3');
    await screen.findByText('player');
    await waitFor(() => expect(calls.some((c) => c.startsWith('POST '))).toBe(true));
  });

  it('refuses another resource type', async () => {
    stubApi();
    renderAt('type=LtiResourceLinkRequest&resource_id=9&resource_type=lesson');
    await screen.findByRole('alert');
  });
});
