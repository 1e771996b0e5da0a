import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterContextProvider } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptView } from '@aula/domain/attempts';
import { storeContext } from '@aula/web/app/router.tsx';
import { createStore } from '@aula/web/app/store.ts';
import { TOKEN_KEY } from '@aula/web/lib/token-storage.ts';
import { useGetAttemptQuery } from './api';
import { prefetchAttempt, revalidateOnAttempt } from './prefetch-attempt';

// The work route asks for the attempt beside its code (main.tsx: `loader: prefetchAttempt`): the request goes out while
// the page's code is still loading, and the page's own query uses that answer (one request).

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(input, init) : input;
      const path = new URL(request.url).pathname;
      requests.push(`${request.method} ${path}`);
      const view = { attempt: { id: 7 }, activity: { id: 9, title: 'States of Matter' } } as unknown as AttemptView;
      return new Response(JSON.stringify({ data: view }), {
        status: path === '/student/attempts/7' ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Title() {
  const { data } = useGetAttemptQuery(7);
  return <h1>{data ? data.activity.title : 'loading'}</h1>;
}

/** The work route as main.tsx has it, with code that loads when `loadCode` is called. */
function renderRoute(path: string, signedIn: boolean) {
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'a-token');
  const store = createStore();
  let loadCode: (Component: ComponentType) => void = () => undefined;
  const code = new Promise<{ Component: ComponentType }>((resolve) => {
    loadCode = (Component) => resolve({ Component });
  });
  const router = createMemoryRouter(
    [
      {
        path: '/work/:attemptId',
        loader: prefetchAttempt,
        shouldRevalidate: revalidateOnAttempt,
        lazy: () => code,
        hydrateFallbackElement: <p>code loading</p>,
      },
    ],
    {
      initialEntries: [path],
      getContext: () => new RouterContextProvider(new Map([[storeContext, store]])),
    },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, loadCode };
}

const attemptRequests = () => requests.filter((r) => r === 'GET /student/attempts/7').length;

describe('the work route asks for the attempt beside its code', () => {
  it('sends the request while the page code loads; the page uses that answer, and another screen asks nothing more', async () => {
    const { router, loadCode } = renderRoute('/work/7', true);
    await waitFor(() => expect(attemptRequests()).toBe(1));
    expect(screen.getByText('code loading')).toBeTruthy();

    loadCode(Title);
    expect(await screen.findByRole('heading', { name: 'States of Matter' })).toBeTruthy();
    await router.navigate('/work/7?screen=2');
    await waitFor(() => expect(router.state.location.search).toBe('?screen=2'));
    expect(screen.getByRole('heading', { name: 'States of Matter' })).toBeTruthy();
    expect(attemptRequests()).toBe(1);
  });

  it('asks nothing without a session or for an address that is not an attempt', async () => {
    const signedOut = renderRoute('/work/7', false);
    signedOut.loadCode(() => <p>page</p>);
    const wrong = renderRoute('/work/abc', true);
    wrong.loadCode(() => <p>page</p>);
    await waitFor(() => expect(screen.getAllByText('page')).toHaveLength(2));
    expect(requests).toEqual([]);
  });
});
