import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format';

describe('date formats', () => {
  const at = '2026-03-09T23:59:00Z';

  it('English follows the spec: MMM DD, YYYY and MMM DD, YYYY hh:mm A', () => {
    expect(formatDate(at, 'en', 'UTC')).toBe('Mar 09, 2026');
    expect(formatDateTime(at, 'en', 'UTC')).toBe('Mar 09, 2026 11:59 PM');
    expect(formatDateTime('2026-03-01T08:05:00Z', 'en', 'UTC')).toBe('Mar 01, 2026 08:05 AM');
  });

  it('shows the viewer’s time zone', () => {
    expect(formatDateTime(at, 'en', 'America/New_York')).toBe('Mar 09, 2026 07:59 PM');
    expect(formatDateTime(at, 'en', 'Europe/Kyiv')).toBe('Mar 10, 2026 01:59 AM');
  });

  it('Spanish and Ukrainian use their own order and month names', () => {
    expect(formatDate(at, 'es', 'UTC')).toMatch(/^9 mar 2026$/);
    expect(formatDateTime(at, 'uk', 'UTC')).toMatch(/^9 бер\. 2026 р\., 23:59$/);
  });
});
