import type { Paged, RosterQueueItem } from '../roster-queue.types';

// 002 section 4: a queue item arriving on page 1 of the history is prepended and the last row dropped; an item the
// page shows is replaced. The history lists the newest first (ids grow with time), so an item the page does not show
// is new only when it is newer than every row; an older one lives on another page and leaves this one as it is.

export interface HistoryView {
  page: number;
  /** the account the history is filtered to (staff's account filter), or none: every item it may see */
  accountId?: number | undefined;
}

export type HistoryChange = 'replaced' | 'prepended' | 'counted' | 'ignored';

/** What one 'roster import queue changed' payload does to the page shown; edits `page` in place (an Immer draft). */
export function applyQueueChange(
  page: Paged<RosterQueueItem>,
  item: RosterQueueItem,
  view: HistoryView,
): HistoryChange {
  if (view.accountId !== undefined && item.account_id !== view.accountId) return 'ignored';
  const at = page.data.findIndex((row) => row.id === item.id);
  if (at >= 0) {
    page.data[at] = item;
    return 'replaced';
  }
  const newest = page.data.reduce((max, row) => Math.max(max, row.id), 0);
  if (item.id <= newest) return 'ignored';
  page.meta.total += 1;
  if (view.page !== 1) return 'counted';
  page.data.unshift(item);
  if (page.data.length > page.meta.per_page) page.data.pop();
  return 'prepended';
}

/** A 'roster import queue changed' payload ({ item }), checked: the socket carries whatever the server sends. */
export function queueItemOf(payload: unknown): RosterQueueItem | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const item = (payload as { item?: unknown }).item;
  if (typeof item !== 'object' || item === null) return null;
  const { id, account_id, status } = item as Partial<RosterQueueItem>;
  return typeof id === 'number' && typeof account_id === 'number' && typeof status === 'string'
    ? (item as RosterQueueItem)
    : null;
}
