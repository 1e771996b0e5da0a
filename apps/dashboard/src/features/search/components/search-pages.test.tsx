import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulationsPage } from '../../simulations/components/simulations-page';
import { DetailsPage } from './details-page';
import { HeaderSearch } from './header-search';
import { SearchResultsPage } from './search-results-page';

// The header search, the results and details pages and the simulations page against a stubbed API.

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

function stubApi(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const url = new URL(request.url);
    const call = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string, resources: Record<string, string[]> = { student: ['view'], class: ['view'] }) {
  const store = createStore();
  const my = {
    user: { id: 1, role: 'administrator', account_id: 3 },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources, rules: { context: [] } },
  } as unknown as MyInfo;
  void store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <HeaderSearch />
          <Where />
          <Routes>
            <Route path="/search-results" element={<SearchResultsPage />} />
            <Route path="/details" element={<DetailsPage />} />
            <Route path="/simulations" element={<SimulationsPage />} />
            <Route path="/students/:id" element={<h1>student page</h1>} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  // a wide screen: Ant Design's breakpoints all match, so the header shows the search box itself
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
});
afterEach(() => vi.restoreAllMocks());

const groups = {
  query: 'Ava',
  groups: [
    {
      type: 'student',
      total: 7,
      page: 1,
      per_page: 5,
      hits: [{ type: 'student', id: 41, title: 'Ava Adams', subtitle: 'ava.adams' }],
    },
    { type: 'class', total: 0, page: 1, per_page: 5, hits: [] },
  ],
};

describe('header search and /search-results', () => {
  it('asks for two characters, then opens the grouped results whose hits link to their pages', async () => {
    const calls = stubApi(() => ({ body: { data: groups } }));
    renderAt('/home');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'A' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search' }));
    await screen.findByText('Type at least 2 characters.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(where()).toBe('/home');

    fireEvent.change(box, { target: { value: ' Ava ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/search-results?q=Ava'));
    await screen.findByRole('heading', { level: 2, name: /Students/ });
    expect(screen.getByRole('heading', { level: 2, name: /Students/ }).textContent).toContain('7 results');
    // an empty group is not shown
    expect(screen.queryByRole('heading', { level: 2, name: /Classes/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ava Adams' }).getAttribute('href')).toBe('/students/41');
    expect(screen.getByRole('link', { name: 'Show more Students' }).getAttribute('href')).toBe(
      '/search-results?q=Ava&type=student',
    );
    const search = calls.find((c) => c.path === '/dashboard/search')!;
    expect(search).toMatchObject({ method: 'POST', body: { query: 'Ava', page: 1, per_page: 5 } });
  });

  it('says when nothing matches and when the query is too short to search', async () => {
    stubApi(() => ({ body: { data: { query: 'zz', groups: [{ ...groups.groups[1] }] } } }));
    renderAt('/search-results?q=zz');
    await screen.findByText('Nothing matches “zz”.');
    cleanupAndRender('/search-results?q=z');
    await screen.findByText('Type at least 2 characters in the search box to search.');
  });

  it('/details opens the hit page, or says it is not there or not allowed', async () => {
    stubApi((c) =>
      c.search.includes('id=41')
        ? { body: { data: { type: 'student', id: 41, title: 'Ava Adams', subtitle: null } } }
        : c.search.includes('id=42')
          ? { status: 403, body: { message: 'no' } }
          : { status: 404, body: { message: 'gone' } },
    );
    renderAt('/details?type=student&id=41');
    await screen.findByRole('heading', { name: 'student page' });
    expect(where()).toBe('/students/41');
    cleanupAndRender('/details?type=student&id=42');
    await screen.findByText('You do not have permission to see this item.');
    cleanupAndRender('/details?type=student&id=43');
    await screen.findByText('This item does not exist or you cannot see it.');
    cleanupAndRender('/details?type=secrets&id=1');
    await screen.findByText('This link is not complete: it needs a type and an id.');
  });
});

function cleanupAndRender(path: string) {
  document.body.innerHTML = '';
  renderAt(path);
}

describe('/simulations', () => {
  const sims = {
    data: [
      {
        id: 9,
        title: 'Gravity Force Lab',
        provider: 'phet',
        url: 'https://phet.example.org/gravity',
        thumbnail: null,
        sensors: [],
        activities: [{ id: 12, title: 'Forces and Heat' }],
      },
      {
        id: 10,
        title: 'Weather Data',
        provider: 'tuva',
        url: 'https://tuva.example.org/w',
        thumbnail: null,
        sensors: [],
        activities: [],
      },
    ],
    meta: { page: 1, per_page: 20, total: 2 },
  };

  it('lists simulations with their activities, filters by provider and previews one in a titled 600px frame', async () => {
    const calls = stubApi((c) =>
      c.search.includes('provider=tuva')
        ? { body: { ...sims, data: [sims.data[1]], meta: { ...sims.meta, total: 1 } } }
        : { body: sims },
    );
    renderAt('/simulations', { simulation: ['view'] });
    await screen.findByRole('heading', { level: 1, name: 'Simulations' });
    await screen.findByText('Gravity Force Lab');
    expect(screen.getByRole('link', { name: 'Forces and Heat' }).getAttribute('href')).toBe('/activity/view/12');
    screen.getByText('Not in a published activity yet');
    expect(calls[calls.length - 1]!.search).toBe('?page=1&per_page=20');

    fireEvent.click(screen.getByRole('button', { name: 'Preview: Gravity Force Lab' }));
    const frame = await screen.findByTitle('PhET simulation: Gravity Force Lab');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://phet.example.org/gravity');
    expect((frame as HTMLIFrameElement).style.minHeight).toBe('600px');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Provider' }));
    fireEvent.click(await screen.findByText('Tuva', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls[calls.length - 1]!.search).toBe('?page=1&per_page=20&provider=tuva'));
    await waitFor(() => expect(screen.queryByText('Gravity Force Lab')).toBeNull());
    screen.getByText('Weather Data');
  });

  it('says so when the list is empty or fails', async () => {
    stubApi(() => ({ body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } }));
    renderAt('/simulations', { simulation: ['view'] });
    await screen.findByText(/No simulations yet/);
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    stubApi(() => ({ status: 500, body: { message: 'down' } }));
    renderAt('/simulations', { simulation: ['view'] });
    await screen.findByText('The simulations could not be loaded.');
  });
});
