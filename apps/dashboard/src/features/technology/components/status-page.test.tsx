import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformStatus } from '../technology.types';
import { StatusCards, uptimeParts } from './status-page';

// What /status says for the states GET /dashboard/status can report, with the real English catalogue.

const healthy: PlatformStatus = {
  status: 'ok',
  database: { state: 'up', kind: 'postgresql' },
  jobs: { state: 'up', by_state: { created: 4, retry: 1, active: 2, completed: 90, cancelled: 0, failed: 3 } },
  realtime: { connections: 12 },
  version: '0.13.7',
  uptime_seconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 59,
  memory: { rss_bytes: 300 * 1024 * 1024, heap_used_bytes: 80 * 1024 * 1024, heap_total_bytes: 120 * 1024 * 1024 },
  checked_at: '2026-11-26T01:00:00.000Z',
};

const row = (label: string) => screen.getByText(label).closest('tr')?.textContent ?? '';

describe('StatusCards', () => {
  it('shows each figure of a healthy platform', () => {
    render(<StatusCards status={healthy} checkedAt="Nov 26, 2026 01:00 AM" />);
    screen.getByText('Everything is working');
    screen.getByText('Checked Nov 26, 2026 01:00 AM');
    expect(row('Reachable')).toContain('Yes');
    expect(row('Kind')).toContain('PostgreSQL');
    expect(row('Queue')).toContain('Answering');
    expect(row('Waiting')).toContain('4');
    expect(row('Failed')).toContain('3');
    expect(row('Completed')).toContain('90');
    expect(row('Real-time connections open')).toContain('12');
    expect(row('App version')).toContain('0.13.7');
    expect(row('Uptime')).toContain('2 d 3 h 4 min');
    expect(row('Memory')).toContain('300 MB in use; JavaScript heap 80 MB of 120 MB');
  });

  it('says what it cannot count rather than showing zeros', () => {
    render(
      <StatusCards
        status={{
          ...healthy,
          status: 'degraded',
          database: { state: 'up', kind: 'embedded' },
          jobs: { state: 'down', by_state: null },
          realtime: { connections: null },
        }}
        checkedAt="now"
      />,
    );
    screen.getByText('Working, but the job queue does not answer');
    expect(row('Kind')).toContain('Embedded (PGlite)');
    expect(row('Queue')).toContain('Not answering');
    expect(row('Jobs')).toContain('Not counted');
    expect(screen.queryByText('Waiting')).toBeNull();
    expect(row('Real-time connections open')).toContain('Not served by this server');
  });
});

describe('uptimeParts', () => {
  it('splits seconds into days, hours and minutes', () => {
    expect(uptimeParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(86_399)).toEqual({ days: 0, hours: 23, minutes: 59 });
    expect(uptimeParts(90_061.7)).toEqual({ days: 1, hours: 1, minutes: 1 });
  });
});
