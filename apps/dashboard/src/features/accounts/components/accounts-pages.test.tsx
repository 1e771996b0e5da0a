import type { Action } from '@aula/domain/permissions';
import { DEFAULT_ACCOUNT_SETTINGS } from '@aula/domain/tenancy';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../accounts.types';
import { AccountDeletePage } from './account-delete-page';
import { AccountSettingsPage } from './account-settings-page';
import { AccountsPage } from './accounts-page';

// The account pages against a stubbed API: the list offers only what the viewer's role allows, the settings page
// saves the five kinds in one batch, and delete needs the account's name and explains a 409 (the account has data).

const riverside: Account = {
  id: 5,
  domain_id: 1,
  name: 'Riverside',
  district_id: 'RUSD',
  zip_code: '94110',
  type: 2,
  is_demo: false,
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function renderAt(path: string, viewer: { account_id: number | null; actions: Action[] }) {
  const store = createStore();
  const my = {
    user: { id: 1, role: viewer.account_id ? 'administrator' : 'super-administrator', account_id: viewer.account_id },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources: { account: viewer.actions }, rules: { context: [] } },
  } as unknown as MyInfo;
  void store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path="/accounts" element={<AccountsPage />} />
            <Route path="/accounts/:accountId/settings" element={<AccountSettingsPage />} />
            <Route path="/accounts/:accountId/delete" element={<AccountDeletePage />} />
            <Route path="/accounts/:accountId" element={<p>account page</p>} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

/** The row of the account named `name` (found by its link; role queries are slow on AntD tables in jsdom). */
async function findRow(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name, { selector: 'a' })).closest('tr')!;
}
const actionsOf = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));

const ALL: Action[] = ['view', 'create', 'update', 'delete'];
const list = () => ({ body: { data: [riverside], meta: { page: 1, per_page: 20, total: 1 } } });

// AntD tables and forms render slowly on a shared machine
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('AccountsPage', () => {
  it('gives provider staff create, edit, settings, options and delete', async () => {
    stubApi(list);
    renderAt('/accounts', { account_id: null, actions: ALL });
    const row = await findRow('Riverside');
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/accounts/5');
    expect(actionsOf(row)).toEqual([
      'Edit: Riverside',
      'Settings: Riverside',
      'Options: Riverside',
      'Delete: Riverside',
    ]);
    expect(screen.getByText('Create account').closest('button')).toBeTruthy();
  });

  it('gives a district administrator edit, settings and options of their account, never create or delete', async () => {
    stubApi(list);
    renderAt('/accounts', { account_id: 5, actions: ALL });
    const row = await findRow('Riverside');
    expect(actionsOf(row)).toEqual(['Edit: Riverside', 'Settings: Riverside', 'Options: Riverside']);
    expect(screen.queryByText('Create account')).toBeNull();
  });

  it('offers no actions to a view-only role, and sends the type filter to the list call', async () => {
    const calls = stubApi(list);
    renderAt('/accounts', { account_id: 5, actions: ['view'] });
    const row = await findRow('Riverside');
    expect(actionsOf(row)).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Charter'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 1, per_page: 20, type: 3 }));
  });
});

describe('AccountSettingsPage', () => {
  it('saves every kind in one batch with the changed value', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/dashboard/accounts/5') return { body: { data: riverside } };
      if (method === 'POST') return { body: { data: (body as { settings: unknown }).settings } };
      return {
        body: { data: Object.entries(DEFAULT_ACCOUNT_SETTINGS).map(([setting, value]) => ({ setting, value })) },
      };
    });
    renderAt('/accounts/5/settings', { account_id: 5, actions: ALL });
    fireEvent.click(await screen.findByRole('switch', { name: 'Lab groups on' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST')!;
    expect(saved.path).toBe('/dashboard/accounts/5/settings');
    expect(saved.body).toEqual({
      settings: [
        { setting: 'rostering', value: DEFAULT_ACCOUNT_SETTINGS.rostering },
        { setting: 'sso', value: DEFAULT_ACCOUNT_SETTINGS.sso },
        { setting: 'ai', value: DEFAULT_ACCOUNT_SETTINGS.ai },
        { setting: 'immersive_reader', value: { enabled: false } },
        { setting: 'lab_groups', value: { enabled: true } },
      ],
    });
  });
});

describe('AccountDeletePage', () => {
  it('deletes only once the name is typed, and explains an account that still has data', async () => {
    const calls = stubApi(({ path }) =>
      path.endsWith('/delete')
        ? {
            status: 409,
            body: { message: 'This account still has organizations or users.', problems: ['It still has 2 users.'] },
          }
        : { body: { data: riverside } },
    );
    renderAt('/accounts/5/delete', { account_id: null, actions: ALL });
    const button = await screen.findByRole('button', { name: 'Delete account' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Type the account’s name/), { target: { value: 'Riverside' } });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await screen.findByText('This account still has organizations or users.');
    expect(screen.getByText('It still has 2 users.')).toBeTruthy();
    expect(screen.getByText(/Nothing was deleted/)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/delete'))?.body).toEqual({ force: false });
  });

  it('tells a district administrator they may not delete accounts', async () => {
    stubApi(() => ({ body: { data: riverside } }));
    renderAt('/accounts/5/delete', { account_id: 5, actions: ALL });
    await screen.findByText('You don’t have permission to access this page.');
  });
});
