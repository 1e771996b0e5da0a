import type { Action, Resource } from '@aula/domain/permissions';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Guide } from '../guides.types';
import { ActivityGuides } from './activity-guides';
import { GuidesPage } from './guides-page';

// The guides list and an activity's guides against a stubbed API: what they show, and the delete behind a confirm.

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function renderAt(path: string, resources: Partial<Record<Resource, Action[]>>, accountId: number | null) {
  const store = createStore();
  const my = {
    user: { id: 1, role: 'custom', account_id: accountId, domain_id: 1 },
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
          <Routes>
            <Route path="/guides" element={<GuidesPage />} />
            <Route path="/activity/view/:id" element={<ActivityGuides activityId={42} />} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const guide = (over: Partial<Guide>): Guide => ({
  id: 1,
  title: 'Moon guide',
  description: 'Answers and tips',
  domain_id: 1,
  account_id: null,
  file: { name: 'moon.pdf', type: 'application/pdf', size: 3 * 1024 * 1024, url: '/dashboard/guides/1/file' },
  cover_url: null,
  activities: [{ id: 42, title: 'Moon Phases' }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
const page = (data: Guide[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

afterEach(() => vi.restoreAllMocks());

describe('guides list', () => {
  it('says when there are no guides yet', async () => {
    stubApi(() => page([]));
    renderAt('/guides', { guide: ['view', 'create', 'update', 'delete'] }, null);
    await screen.findByText('No guides yet.');
    screen.getByRole('button', { name: 'Add guide' });
  });

  it("lists guides with file, activities and owner; a district editor changes only the district's own", async () => {
    const calls = stubApi((c) =>
      c.method === 'DELETE'
        ? { data: { success: true } }
        : page([guide({}), guide({ id: 2, title: 'District handout', account_id: 5, activities: [] })]),
    );
    renderAt('/guides', { guide: ['view', 'create', 'update', 'delete'] }, 5);
    const shared = (await screen.findByText('Moon guide')).closest('tr')!;
    within(shared).getByText('PDF, 3.0 MB');
    expect(within(shared).getByText('Moon Phases').closest('a')?.getAttribute('href')).toBe('/activity/view/42');
    within(shared).getByText('Every district');
    expect(within(shared).queryByLabelText('Delete: Moon guide')).toBeNull();
    expect(within(shared).queryByLabelText('Edit: Moon guide')).toBeNull();
    within(shared).getByLabelText('Download: Moon guide');

    const own = screen.getByText('District handout').closest('tr')!;
    within(own).getByText('One district');
    within(own).getByText('No activities');
    within(own).getByLabelText('Edit: District handout');
    fireEvent.click(within(own).getByLabelText('Delete: District handout'));
    const confirm = (await screen.findByText('Delete the guide “District handout”?')).closest('.ant-popover')!;
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm as HTMLElement).getByText('Delete'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/dashboard/guides/2')).toBe(true),
    );
  }, 60_000);
});

describe("an activity's guides", () => {
  it('asks for the activity’s guides and shows each with its download', async () => {
    const calls = stubApi(() => ({ data: [guide({})] }));
    renderAt('/activity/view/42', { activity: ['view'] }, 5);
    const region = await screen.findByRole('region', { name: 'Guides' });
    await within(region).findByText('Moon guide');
    within(region).getByText('moon.pdf · PDF, 3.0 MB');
    within(region).getByLabelText('Download: Moon guide');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/dashboard/activities/guides', body: { activity_id: 42 } });
  });

  it('says when the activity has none', async () => {
    stubApi(() => ({ data: [] }));
    renderAt('/activity/view/42', { activity: ['view'] }, 5);
    await screen.findByText('No guides for this activity.');
  });
});
