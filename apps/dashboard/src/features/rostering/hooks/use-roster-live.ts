import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { useAppDispatch } from '@aula/web/app/hooks.ts';
import {
  useConnectionState,
  useRealtimeChannel,
  useRealtimeEvent,
} from '@aula/web/features/realtime/realtime-provider.tsx';
import { useEffect, useRef } from 'react';
import { applyQueueChange, queueItemOf } from '../lib/history-live';
import { rosterQueueApi } from '../roster-queue-api';
import type { RosterHistoryArgs } from '../roster-queue.types';

/**
 * Keeps the history page live (002 section 4): joins the account's roster channel (a district's own, or the account
 * staff filter to) and applies each 'roster import queue changed' to the cached page with applyQueueChange. After
 * the connection comes back the page is loaded again, since events sent while it was down are lost. Provider staff
 * looking at every account have no one channel to join: the page polls instead (live = false).
 */
export function useRosterHistoryLive(args: RosterHistoryArgs): { live: boolean } {
  const dispatch = useAppDispatch();
  const state = useConnectionState();
  useRealtimeChannel(args.account_id ? channels.roster(args.account_id) : null);

  useRealtimeEvent(REALTIME_EVENTS.rosterImportQueueChanged, (payload) => {
    const item = queueItemOf(payload);
    if (!item) return;
    dispatch(
      rosterQueueApi.util.updateQueryData('rosterQueueHistory', args, (draft) => {
        applyQueueChange(draft, item, { page: args.page, accountId: args.account_id });
      }),
    );
  });

  useReloadOnReconnect(state, () => dispatch(rosterQueueApi.util.invalidateTags(['RosterQueue'])));
  return { live: state === 'connected' && args.account_id !== undefined };
}

/**
 * Keeps one queue item live on its page: the item is replaced from each event about it; when its status moves on,
 * its log and review are read again.
 */
export function useRosterItemLive(queueId: number, accountId: number | undefined): { live: boolean } {
  const dispatch = useAppDispatch();
  const state = useConnectionState();
  useRealtimeChannel(accountId ? channels.roster(accountId) : null);

  useRealtimeEvent(REALTIME_EVENTS.rosterImportQueueChanged, (payload) => {
    const item = queueItemOf(payload);
    if (!item || item.id !== queueId) return;
    let moved = false;
    dispatch(
      rosterQueueApi.util.updateQueryData('rosterQueueItem', queueId, (draft) => {
        moved = draft.status !== item.status;
        Object.assign(draft, item);
      }),
    );
    if (moved) dispatch(rosterQueueApi.util.invalidateTags([{ type: 'RosterQueue', id: queueId }, 'RosterReview']));
  });

  useReloadOnReconnect(state, () =>
    dispatch(rosterQueueApi.util.invalidateTags([{ type: 'RosterQueue', id: queueId }])),
  );
  return { live: state === 'connected' && accountId !== undefined };
}

function useReloadOnReconnect(state: string, reload: () => void): void {
  const wasConnected = useRef(false);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (state !== 'connected') return;
    if (wasConnected.current) latest.current();
    wasConnected.current = true;
  }, [state]);
}
