import type { Action, Resource } from '@aula/domain/permissions';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArchivePage } from '../features/activity-builder/components/archive-page';
import { LabGroupsIndexPage } from '../features/classes/components/lab-groups-index-page';
import { PlanLabGroupsPage, PlanStudentsPage } from '../features/pas-plans/components/plan-classes-pages';
import { ActivityIndexRedirect, AssignmentIndexRedirect } from './list-redirects';

// The last pages of 001 section 2 in the activity, class and PAS plan areas, against a stubbed API.

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

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, resources: Partial<Record<Resource, Action[]>>) {
  const store = createStore();
  const my = {
    user: { id: 1, role: 'teacher', account_id: 5 },
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
            <Route path="/activity" element={<ActivityIndexRedirect />} />
            <Route path="/assignment" element={<AssignmentIndexRedirect />} />
            <Route path="/archive" element={<ArchivePage />} />
            <Route path="/lab-groups" element={<LabGroupsIndexPage />} />
            <Route path="/pas/:pasId/lab-groups" element={<PlanLabGroupsPage />} />
            <Route path="/pas-students" element={<PlanStudentsPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const page = <T,>(data: T[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });
const archived = {
  id: 7,
  title: 'Old density lab',
  description: null,
  kind: 'supporting',
  status: 'published',
  domain_id: 1,
  account_id: 5,
  favorite: false,
  tags: [],
  standards: [],
  products: [],
  folders: [],
  published_version_id: 1,
  published_at: null,
  scheduled_at: null,
  archived: true,
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  screens_count: 3,
};
const member = (id: number, title: string, suspended: 0 | 1 = 0) => ({
  member_type: 'class',
  member_id: id,
  title,
  organization_id: 2,
  suspended,
  assigned_at: '2026-01-02T00:00:00.000Z',
  periods: null,
  can_manage: true,
});

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('route prefixes without an id', () => {
  it('sends /activity to the activity library', async () => {
    renderAt('/activity', {});
    expect((await screen.findByTestId('where')).textContent).toBe('/activities');
  });
  it('sends /assignment to the assignment list', async () => {
    renderAt('/assignment', {});
    expect((await screen.findByTestId('where')).textContent).toBe('/assignments');
  });
});

describe('ArchivePage', () => {
  it('lists the archive call and lets a builder restore an activity', async () => {
    const calls = stubApi((c) =>
      c.path.endsWith('/unarchive') ? { data: { ...archived, archived: false } } : page([archived]),
    );
    renderAt('/archive', { activity: ['view'], 'activity-builder': ['view', 'update'] });
    const link = await screen.findByText('Old density lab', { selector: 'a' });
    expect(link.getAttribute('href')).toBe('/activity-builder/7');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/dashboard/activities/archive' });
    expect(screen.getByLabelText('Preview Old density lab').getAttribute('href')).toBe('/activity/preview/7');
    fireEvent.click(screen.getByLabelText('Restore Old density lab'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/dashboard/activities/7/unarchive')).toBe(true),
    );
  });

  it('offers a viewer open and preview, never restore', async () => {
    stubApi(() => page([archived]));
    renderAt('/archive', { activity: ['view'] });
    const link = await screen.findByText('Old density lab', { selector: 'a' });
    expect(link.getAttribute('href')).toBe('/activity/view/7');
    expect(screen.queryByLabelText('Restore Old density lab')).toBeNull();
  });

  it('says when nothing is archived', async () => {
    stubApi(() => page([]));
    renderAt('/archive', { activity: ['view'] });
    expect(await screen.findByText('No archived activities.')).toBeTruthy();
  });
});

describe('LabGroupsIndexPage', () => {
  it("lists the viewer's classes, each linking to its lab groups", async () => {
    const calls = stubApi(() =>
      page([{ id: 11, name: 'Physics 1', organization_name: 'North High', students_count: 24 }]),
    );
    renderAt('/lab-groups', { class: ['view'] });
    const link = await screen.findByLabelText('Lab groups of Physics 1');
    expect(link.getAttribute('href')).toBe('/classes/11/lab-groups');
    expect(screen.getByText('North High')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/dashboard/classes/list' });
  });
});

describe('PAS plan pages', () => {
  const plan = { id: 3, name: 'Weekly physics' };
  const answer = (c: Call) =>
    c.path === '/dashboard/pas/3'
      ? { data: plan }
      : c.path === '/dashboard/pas/3/assigned'
        ? { data: [member(11, 'Physics 1'), member(12, 'Physics 2', 1)] }
        : page([plan]);

  it("/pas/:pasId/lab-groups lists the plan's classes with links to their lab groups", async () => {
    stubApi(answer);
    renderAt('/pas/3/lab-groups', { 'pas-plan': ['view'] });
    expect((await screen.findByLabelText('Lab groups of Physics 1')).getAttribute('href')).toBe(
      '/classes/11/lab-groups',
    );
    expect(screen.getByText('Weekly physics')).toBeTruthy();
    expect(screen.getByText('Opted out')).toBeTruthy();
  });

  it("/pas-students picks a plan and links each class to its students' settings", async () => {
    stubApi(answer);
    renderAt('/pas-students', { 'pas-plan': ['view'] });
    const select = await screen.findByLabelText('Plan');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Weekly physics', { selector: '.ant-select-item-option-content' }));
    expect((await screen.findByLabelText('Students of Physics 2')).getAttribute('href')).toBe(
      '/pas/3/classes/12/students',
    );
  });
});
