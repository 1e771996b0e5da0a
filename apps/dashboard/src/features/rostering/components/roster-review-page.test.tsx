import type { Action } from '@aula/domain/permissions';
import { createStore } from '@aula/web/app/store.ts';
import { authApi } from '@aula/web/features/auth/api.ts';
import type { MyInfo } from '@aula/web/features/auth/auth.types.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rosterQueueApi } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';
import { RosterReviewPage } from './roster-review-page';

// An import's page: the buttons follow the status and need one-roster update; the sanity figures show at Confirm;
// a running import shows its progress.

vi.mock('@aula/web/features/realtime/realtime-provider.tsx', () => ({
  useConnectionState: () => 'connected',
  useRealtimeChannel: () => undefined,
  useRealtimeEvent: () => undefined,
}));

const item = (status: RosterQueueItem['status'], extra: Partial<RosterQueueItem> = {}): RosterQueueItem => ({
  id: 12,
  account_id: 7,
  status,
  status_label: status,
  data_type: 'csv',
  import_type: 'bulk',
  source_id: null,
  file_name: 'district.zip',
  has_file: true,
  diff_summary: null,
  sanity: null,
  error: null,
  created_by: 1,
  approved_by: null,
  created_at: '2026-11-26T06:00:00.000Z',
  status_changed_at: new Date().toISOString(),
  approved_at: null,
  processed_at: null,
  ...extra,
});

async function renderPage(actions: Action[], row: RosterQueueItem) {
  const store = createStore();
  const my = {
    user: { id: 99, role: 'domain-administrator', account_id: null, domain_id: 1 },
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
  await store.dispatch(rosterQueueApi.util.upsertQueryData('rosterQueueItem', 12, row));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/one-roster-review/12']}>
        <App>
          <Routes>
            <Route path="/one-roster-review/:queueId" element={<RosterReviewPage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Import 12' });
}

const button = (name: string) => screen.queryByText(name, { selector: 'button span' });

describe('RosterReviewPage', () => {
  it('offers reading the source again on a source import waiting for review, never on an uploaded archive', async () => {
    await renderPage(['view', 'create', 'update'], item('prepared', { data_type: 'rest', source_id: 3 }));
    expect(button('Read the source again')).toBeTruthy();
    cleanup();
    await renderPage(['view', 'create', 'update'], item('prepared'));
    expect(button('Read the source again')).toBeNull();
    cleanup();
    await renderPage(['view'], item('prepared', { data_type: 'rest', source_id: 3 }));
    expect(button('Read the source again')).toBeNull();
  });

  it('offers Approve and Reject on a pending import to a roster manager', async () => {
    await renderPage(['view', 'create', 'update'], item('prepared'));
    expect(screen.getByRole('status', { name: 'Status' }).textContent).toBe('Pending');
    expect(button('Approve')).toBeTruthy();
    expect(button('Reject')).toBeTruthy();
    expect(button('Confirm')).toBeNull();
    expect(button('Restart')).toBeNull();
    expect(button('Download zip')).toBeTruthy();
  });

  it('hides every action without roster-management (history view)', async () => {
    await renderPage(['view'], item('prepared'));
    for (const name of ['Approve', 'Reject', 'Confirm', 'Restart']) expect(button(name)).toBeNull();
  });

  it('shows the sanity figures and Confirm on an import the sanity check holds', async () => {
    const sanity = {
      share: 0.1,
      users: { disable: 40, existing: 100 },
      classes: { disable: 0, existing: 10 },
      enrollments: { disable: 3, existing: 300 },
    };
    await renderPage(['view', 'update'], item('actionRequired', { sanity }));
    expect(screen.getByText('This import would disable a large share of the district')).toBeTruthy();
    expect(document.body.textContent).toContain('Users: 40 of 100 would be disabled');
    expect(document.body.textContent).toContain('More than 10 % of the district');
    expect(button('Confirm')).toBeTruthy();
    expect(button('Reject')).toBeTruthy();
    expect(button('Approve')).toBeNull();
  });

  it('shows progress while running, and Restart once failed', async () => {
    await renderPage(['view', 'update'], item('staging'));
    expect(screen.getByText('The import is running: this page follows it.')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(button('Restart')).toBeNull();
  });

  it('offers Restart on a failed import, with its error', async () => {
    await renderPage(['view', 'update'], item('failed', { error: 'Failed to import file' }));
    expect(screen.getByText('Failed to import file')).toBeTruthy();
    expect(button('Restart')).toBeTruthy();
    expect(button('Approve')).toBeNull();
  });
});
