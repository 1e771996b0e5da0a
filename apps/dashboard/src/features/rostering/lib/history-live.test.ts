import { describe, expect, it } from 'vitest';
import type { Paged, RosterQueueItem } from '../roster-queue.types';
import { applyQueueChange, queueItemOf } from './history-live';

const item = (id: number, status: RosterQueueItem['status'] = 'created', account_id = 7): RosterQueueItem => ({
  id,
  account_id,
  status,
  status_label: status,
  data_type: 'csv',
  import_type: 'bulk',
  source_id: null,
  file_name: `${id}.zip`,
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

const pageOf = (ids: number[], total = ids.length, per_page = 3): Paged<RosterQueueItem> => ({
  data: ids.map((id) => item(id, 'processed')),
  meta: { page: 1, per_page, total },
});

describe('the history live update rule (002 section 4)', () => {
  it('prepends a new item on page 1 and drops the last row of a full page', () => {
    const page = pageOf([9, 8, 7], 5);
    expect(applyQueueChange(page, item(10), { page: 1 })).toBe('prepended');
    expect(page.data.map((r) => r.id)).toEqual([10, 9, 8]);
    expect(page.meta.total).toBe(6);
  });

  it('prepends without dropping when page 1 is not full', () => {
    const page = pageOf([9, 8]);
    applyQueueChange(page, item(10), { page: 1 });
    expect(page.data.map((r) => r.id)).toEqual([10, 9, 8]);
  });

  it('replaces an item the page shows, in its place', () => {
    const page = pageOf([9, 8, 7]);
    expect(applyQueueChange(page, item(8, 'prepared'), { page: 1 })).toBe('replaced');
    expect(page.data.map((r) => [r.id, r.status])).toEqual([
      [9, 'processed'],
      [8, 'prepared'],
      [7, 'processed'],
    ]);
    expect(page.meta.total).toBe(3);
  });

  it('leaves the page alone for an older item shown elsewhere', () => {
    const page = pageOf([9, 8, 7], 10);
    expect(applyQueueChange(page, item(3, 'failed'), { page: 1 })).toBe('ignored');
    expect(page.data.map((r) => r.id)).toEqual([9, 8, 7]);
    expect(page.meta.total).toBe(10);
  });

  it('on a later page only counts a new item', () => {
    const page = pageOf([6, 5, 4], 9);
    expect(applyQueueChange(page, item(10), { page: 2 })).toBe('counted');
    expect(page.data.map((r) => r.id)).toEqual([6, 5, 4]);
    expect(page.meta.total).toBe(10);
  });

  it("ignores another account's item when the history is filtered to one account", () => {
    const page = pageOf([9, 8]);
    expect(applyQueueChange(page, item(10, 'created', 8), { page: 1, accountId: 7 })).toBe('ignored');
    expect(page.data).toHaveLength(2);
    expect(applyQueueChange(page, item(10, 'created', 7), { page: 1, accountId: 7 })).toBe('prepended');
  });

  it('puts the first item on an empty history', () => {
    const page = pageOf([], 0);
    applyQueueChange(page, item(1), { page: 1 });
    expect(page.data.map((r) => r.id)).toEqual([1]);
    expect(page.meta.total).toBe(1);
  });

  it('reads only well-formed payloads', () => {
    expect(queueItemOf({ item: item(4) })?.id).toBe(4);
    expect(queueItemOf({ queue: 7 })).toBeNull();
    expect(queueItemOf({ item: { id: '4' } })).toBeNull();
    expect(queueItemOf(null)).toBeNull();
  });
});
