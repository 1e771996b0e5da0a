import type { Action } from '@aula/domain/permissions';
import type { SsoConfigDto } from '@aula/domain/sso';
import { DEFAULT_ACCOUNT_SETTINGS } from '@aula/domain/tenancy';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../accounts/accounts.types';
import { SsoSettingsPage } from './sso-settings-page';

// The district's SSO provider settings page against a stubbed API (the real English catalogue): the providers and
// their state, setting one up, the kept secret, the connection test's answer, the SSO-off notice, and what a viewer
// may not do.

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

const clever: SsoConfigDto = {
  id: 9,
  account_id: 5,
  domain_id: null,
  provider: 'clever',
  issuer: 'https://clever.com',
  client_id: 'riverside-clever',
  has_secret: true,
  tenant: null,
  hosted_domains: [],
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(opts: { configs: SsoConfigDto[]; ssoEnabled: boolean; answer?: (c: Call) => unknown }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const custom = opts.answer?.(call);
    if (custom) return reply((custom as { status?: number }).status ?? 200, (custom as { body: unknown }).body);
    if (call.path === '/dashboard/accounts/5') return reply(200, { data: riverside });
    if (call.path === '/dashboard/accounts/5/settings')
      return reply(200, {
        data: [{ setting: 'sso', value: { ...DEFAULT_ACCOUNT_SETTINGS.sso, enabled: opts.ssoEnabled } }],
      });
    if (call.path === '/dashboard/accounts/5/sso-configs') return reply(200, { data: opts.configs });
    return reply(404, { message: 'Not found' });
  });
  return calls;
}

function renderPage(actions: Action[]) {
  const store = createStore();
  const my = {
    user: { id: 1, role: 'administrator', account_id: 5 },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources: { account: actions }, rules: { context: [] } },
  } as unknown as MyInfo;
  void store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/accounts/5/sso-providers']}>
        <App>
          <Routes>
            <Route path="/accounts/:accountId/sso-providers" element={<SsoSettingsPage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const card = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('.ant-card')!;

// AntD forms render slowly on a shared machine
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe('SsoSettingsPage', () => {
  it('lists the three providers with their state; a stored one shows its settings, never a secret', async () => {
    stubApi({ configs: [clever], ssoEnabled: true });
    renderPage(['view', 'update']);
    await screen.findByRole('heading', { name: 'Single sign-on providers', level: 1 });
    const c = within((await card('Clever')) as HTMLElement);
    c.getByText('On');
    c.getByText('https://clever.com');
    c.getByText('riverside-clever');
    within((await card('ClassLink')) as HTMLElement).getByText('Not set up');
    within((await card('Google')) as HTMLElement).getByRole('button', { name: 'Set up' });
    expect(screen.queryByText(/Single sign-on is off/)).toBeNull();
    expect(screen.queryByText('No single sign-on provider is set up for this district yet.')).toBeNull();
  });

  it('says when the district has none, and when single sign-on is off for it', async () => {
    stubApi({ configs: [], ssoEnabled: false });
    renderPage(['view', 'update']);
    await screen.findByText('No single sign-on provider is set up for this district yet.');
    await screen.findByText(/Single sign-on is off for this district/);
  });

  it('sets up ClassLink: the tenant is required on the page, then the form is sent with the secret', async () => {
    const calls = stubApi({
      configs: [],
      ssoEnabled: true,
      answer: (c) =>
        c.method === 'PUT'
          ? {
              body: {
                data: { ...clever, provider: 'classlink', tenant: 'rusd', issuer: 'https://launchpad.classlink.com' },
              },
            }
          : undefined,
    });
    renderPage(['view', 'update']);
    const c = within((await card('ClassLink')) as HTMLElement);
    fireEvent.click(c.getByRole('button', { name: 'Set up' }));
    expect(c.getByLabelText('Issuer URL')).toHaveProperty('value', 'https://launchpad.classlink.com');
    fireEvent.change(c.getByLabelText('Client ID'), { target: { value: 'cl-client' } });
    fireEvent.change(c.getByLabelText('Client secret'), { target: { value: 'cl-secret' } });
    fireEvent.click(c.getByRole('button', { name: 'Save' }));
    await c.findByText('Please enter tenant', {}, { timeout: 5000 });
    expect(calls.some((x) => x.method === 'PUT')).toBe(false);
    fireEvent.change(c.getByLabelText('Tenant'), { target: { value: 'rusd' } });
    fireEvent.click(c.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((x) => x.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(calls.find((x) => x.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/dashboard/accounts/5/sso-configs/classlink',
      body: {
        issuer: 'https://launchpad.classlink.com',
        client_id: 'cl-client',
        client_secret: 'cl-secret',
        tenant: 'rusd',
        is_active: true,
      },
    });
    await screen.findByText('ClassLink settings saved.');
  });

  it('an edit keeps the stored secret when left empty and shows the server’s field errors', async () => {
    const calls = stubApi({
      configs: [clever],
      ssoEnabled: true,
      answer: (c) =>
        c.method === 'PUT'
          ? {
              status: 422,
              body: {
                message: 'Please enter a valid issuer URL',
                errors: { issuer: ['Please enter a valid issuer URL'] },
              },
            }
          : undefined,
    });
    renderPage(['view', 'update']);
    const c = within((await card('Clever')) as HTMLElement);
    fireEvent.click(c.getByRole('button', { name: 'Edit' }));
    c.getByText('A secret is stored. Leave empty to keep it.');
    expect(c.getByLabelText('Client secret')).toHaveProperty('value', '');
    fireEvent.click(c.getByRole('button', { name: 'Save' }));
    await c.findByText('Please enter a valid issuer URL', {}, { timeout: 5000 });
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({
      issuer: 'https://clever.com',
      client_id: 'riverside-clever',
      is_active: true,
    });
  });

  it('tests the stored connection and shows what the provider said', async () => {
    const calls = stubApi({
      configs: [clever],
      ssoEnabled: true,
      answer: (c) =>
        c.path.endsWith('/test-connection')
          ? {
              body: {
                data: {
                  ok: false,
                  message: 'The provider refused the client ID or secret',
                  discovered: true,
                  client: 'refused',
                  authorization_endpoint: 'https://clever.com/oauth/authorize',
                },
              },
            }
          : undefined,
    });
    renderPage(['view', 'update']);
    const c = within((await card('Clever')) as HTMLElement);
    fireEvent.click(c.getByRole('button', { name: 'Test connection' }));
    await c.findByText('The connection test failed', {}, { timeout: 5000 });
    c.getByText('The provider refused the client ID or secret');
    expect(calls.find((x) => x.path.endsWith('/test-connection'))).toMatchObject({
      method: 'POST',
      path: '/dashboard/accounts/5/sso-configs/clever/test-connection',
      body: {},
    });
  });

  it('is read only for those who may only view the account', async () => {
    stubApi({ configs: [clever], ssoEnabled: true });
    renderPage(['view']);
    await screen.findByText('You can view these settings but not change them.');
    await card('Clever');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows page not found for an account the viewer cannot see', async () => {
    stubApi({
      configs: [],
      ssoEnabled: true,
      answer: (c) => (c.path === '/dashboard/accounts/5' ? { status: 404, body: { message: 'Not found' } } : undefined),
    });
    renderPage(['view', 'update']);
    await screen.findByText('The page you requested could not be found.', {}, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Single sign-on providers' })).toBeNull();
  });
});
