import type { Action } from '@aula/domain/permissions';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rosterQueueApi } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';
import { RosterHistoryPage } from './roster-history-page';

// The history page kept live (002 section 4): events on the roster channel prepend a new import on page 1 (the
// last row of a full page drops) and replace one that changed; the manager's import button only with create.

const live = vi.hoisted(() => ({
  listeners: new Map<string, (payload: unknown) => void>(),
  joined: [] as string[],
}));
vi.mock('@aula/web/features/realtime/realtime-provider.tsx', () => ({
  useConnectionState: () => 'connected',
  useRealtimeChannel: (channel: string | null) => {
    if (channel && !live.joined.includes(channel)) live.joined.push(channel);
  },
  useRealtimeEvent: (event: string, listener: (payload: unknown) => void) => {
    live.listeners.set(event, listener);
  },
}));

const item = (id: number, status: RosterQueueItem['status']): RosterQueueItem => ({
  id,
  account_id: 7,
  status,
  status_label: status,
  data_type: 'csv',
  import_type: 'bulk',
  source_id: null,
  file_name: `roster-${id}.zip`,
  has_file: true,
  diff_summary: null,
  sanity: null,
  error: null,
  created_by: 1,
  approved_by: null,
  created_at: '2026-11-26T06:00:00.000Z',
  status_changed_at: '2026-11-26T06:00:00.000Z',
  approved_at: null,
  processed_at: null,
});

async function renderPage(actions: Action[]) {
  const store = createStore();
  const my = {
    user: { id: 99, role: 'administrator', account_id: 7, domain_id: 1 },
    settings: [],
    actions: [],
    permissions: [],
    broadcasts: [],
    classes: [],
    organizations: [],
    oauthConnections: [],
    policies: { resources: { 'one-roster': actions }, rules: { context: [] } },
  } as unknown as MyInfo;
  await store.dispatch(authApi.util.upsertQueryData('getMy', undefined, my));
  // a full page 1 (per_page 20) of 20 imports, 25 in all
  const rows = Array.from({ length: 20 }, (_, i) => item(30 - i, 'processed'));
  await store.dispatch(
    rosterQueueApi.util.upsertQueryData(
      'rosterQueueHistory',
      { page: 1, per_page: 20, account_id: 7 },
      { data: rows, meta: { page: 1, per_page: 20, total: 25 } },
    ),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/one-roster-history']}>
        <App>
          <RosterHistoryPage />
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

// plain selectors: role queries over a 20-row table are slow in jsdom
const rowIds = () =>
  [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/one-roster-review/"]')].map((a) =>
    Number(a.getAttribute('href')!.split('/').pop()),
  );
const rowOf = (id: number) => document.querySelector(`a[href="/one-roster-review/${id}"]`)!.closest('tr')!;
const send = (payload: unknown) => act(() => live.listeners.get(REALTIME_EVENTS.rosterImportQueueChanged)?.(payload));

describe('RosterHistoryPage', () => {
  it('joins the roster channel and applies the events: prepend and drop, replace, ignore older', async () => {
    await renderPage(['view']);
    await screen.findByRole('heading', { name: 'OneRoster' });
    expect(live.joined).toContain('private-roster.7');
    expect(rowIds()).toHaveLength(20);
    expect(rowIds()[0]).toBe(30);
    expect(screen.getByText('Live updates on')).toBeTruthy();

    // a new import: first on page 1, the last row (11) dropped
    send({ item: item(31, 'created') });
    await waitFor(() => expect(rowIds()[0]).toBe(31));
    expect(rowIds()).toHaveLength(20);
    expect(rowIds()).not.toContain(11);
    expect(within(rowOf(31)).getByText('New')).toBeTruthy();

    // the same import moves on: replaced in place, with the spec's label
    send({ item: item(31, 'prepared') });
    await waitFor(() => expect(within(rowOf(31)).getByText('Pending')).toBeTruthy());
    expect(rowIds()[0]).toBe(31);
    expect(rowIds()).toHaveLength(20);
    expect(within(rowOf(31)).getByText('Pending')).toBeTruthy();
    expect(within(rowOf(31)).queryByText('New')).toBeNull();

    // an import of another page changes nothing here; a malformed payload neither
    send({ item: item(5, 'failed') });
    send({ queue: 3 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(rowIds()[0]).toBe(31);
    expect(rowIds()).not.toContain(5);
    expect(rowIds()).toHaveLength(20);
  });

  it('offers Import roster only to roster managers', async () => {
    await renderPage(['view']);
    await screen.findByRole('heading', { name: 'OneRoster' });
    expect(screen.queryByText('Import roster')).toBeNull();
  });

  it('shows Import roster with create on OneRoster', async () => {
    await renderPage(['view', 'create', 'update']);
    await screen.findByRole('heading', { name: 'OneRoster' });
    expect(screen.getByText('Import roster').closest('button')).toBeTruthy();
  });
});
