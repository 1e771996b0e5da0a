import type { SsoConfigDto } from '@aula/domain/sso';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainEditPage } from '../../domains/components/domain-form-page';

// A domain's Google connection on the domain's edit page (/domain/:id), against a stubbed API with the real English
// catalogue: none yet, set up with hosted domains (sent to the domain's endpoint), the connection test's answer,
// and deleting it.

const domain = {
  id: 3,
  name: 'Northwind Schools',
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
const google: SsoConfigDto = {
  id: 21,
  account_id: null,
  domain_id: 3,
  provider: 'google',
  issuer: 'https://accounts.google.com',
  client_id: 'northwind.apps.googleusercontent.com',
  has_secret: true,
  tenant: null,
  hosted_domains: ['northwind.k12.us'],
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(
  state: { configs: SsoConfigDto[] },
  answer?: (c: Call) => { status?: number; body: unknown } | undefined,
) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const custom = answer?.(call);
    if (custom) return reply(custom.status ?? 200, custom.body);
    if (call.path === '/dashboard/domains/3') return reply(200, { data: domain });
    if (call.path === '/dashboard/domains/3/sso-configs') return reply(200, { data: state.configs });
    return reply(404, { message: 'Not found' });
  });
  return calls;
}

function renderPage() {
  const store = createStore();
  const my = {
    user: { id: 1, role: 'super-administrator', account_id: null },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources: { domain: ['view', 'update'] }, rules: { context: [] } },
  } as unknown as MyInfo;
  void store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/domain/3']}>
        <App>
          <Routes>
            <Route path="/domain/:domainId" element={<DomainEditPage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

const section = async () => within(await screen.findByRole('region', { name: 'Google sign-in for this domain' }));

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

describe("a domain's Google connection", () => {
  it('is set up from the domain page with hosted domains, on the domain’s endpoint', async () => {
    const state = { configs: [] as SsoConfigDto[] };
    const calls = stubApi(state, (c) => {
      if (c.method !== 'PUT') return undefined;
      state.configs = [google];
      return { body: { data: google } };
    });
    renderPage();
    const s = await section();
    s.getByText(/One Google connection for every district of Northwind Schools/);
    const card = within(
      (await s.findByRole('heading', { name: 'Google', level: 3 })).closest('.ant-card') as HTMLElement,
    );
    card.getByText('Not set up');
    fireEvent.click(card.getByRole('button', { name: 'Set up' }));
    expect(card.getByLabelText('Issuer URL')).toHaveProperty('value', 'https://accounts.google.com');
    fireEvent.change(card.getByLabelText('Client ID'), { target: { value: google.client_id } });
    fireEvent.change(card.getByLabelText('Client secret'), { target: { value: 'g-secret' } });
    const domains = card.getByRole('combobox', { name: 'Hosted domains' });
    fireEvent.change(domains, { target: { value: 'northwind.k12.us' } });
    fireEvent.keyDown(domains, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((x) => x.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(calls.find((x) => x.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/dashboard/domains/3/sso-configs/google',
      body: {
        issuer: 'https://accounts.google.com',
        client_id: google.client_id,
        client_secret: 'g-secret',
        hosted_domains: ['northwind.k12.us'],
        is_active: true,
      },
    });
    await screen.findByText('Google settings saved.');
    await card.findByText('northwind.k12.us', {}, { timeout: 5000 });
    card.getByText('On');
  });

  it('tests the stored connection and shows the refusal; delete asks first and calls the domain’s endpoint', async () => {
    const state = { configs: [google] };
    const calls = stubApi(state, (c) => {
      if (c.path.endsWith('/test-connection'))
        return {
          body: {
            data: {
              ok: false,
              message: 'The provider refused the client ID or secret',
              discovered: true,
              client: 'refused',
              authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
            },
          },
        };
      if (c.method === 'DELETE') {
        state.configs = [];
        return { body: { data: { success: true } } };
      }
      return undefined;
    });
    renderPage();
    const s = await section();
    const card = within(
      (await s.findByRole('heading', { name: 'Google', level: 3 })).closest('.ant-card') as HTMLElement,
    );
    fireEvent.click(await card.findByRole('button', { name: 'Test connection' }));
    await card.findByText('The connection test failed', {}, { timeout: 5000 });
    card.getByText('The provider refused the client ID or secret');
    expect(calls.find((x) => x.path.endsWith('/test-connection'))).toMatchObject({
      method: 'POST',
      path: '/dashboard/domains/3/sso-configs/google/test-connection',
      body: {},
    });
    fireEvent.click(card.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete the Google connection of this domain?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((x) => x.method === 'DELETE')).toBe(true), { timeout: 5000 });
    expect(calls.find((x) => x.method === 'DELETE')?.path).toBe('/dashboard/domains/3/sso-configs/google');
    await card.findByText('Not set up', {}, { timeout: 5000 });
  });
});
