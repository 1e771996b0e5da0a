import type { AttemptProgressEvent } from '@aula/domain/attempts';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { useAppDispatch } from '@aula/web/app/hooks.ts';
import type { AppDispatch } from '@aula/web/app/store.ts';
import {
  useConnectionState,
  useRealtimeChannel,
  useRealtimeEvent,
} from '@aula/web/features/realtime/realtime-provider.tsx';
import { useEffect, useRef } from 'react';
import { reviewApi } from '../api';
import { applyProgressEvents, isProgressEvent } from '../lib/progress-cache';

/** Events arriving within this window are applied in one cache edit (one render of the table). */
export const PROGRESS_FLUSH_MS = 250;

/** One batch of progress events into the cached table: one cache edit, so one render of the table. */
export function applyLiveProgress(
  dispatch: AppDispatch,
  assignmentId: number,
  events: readonly AttemptProgressEvent[],
): void {
  if (events.length === 0) return;
  let unknown = 0;
  dispatch(
    reviewApi.util.updateQueryData('getAssignmentProgress', assignmentId, (draft) => {
      unknown = applyProgressEvents(draft, events);
    }),
  );
  // a student added to the assignment since the table loaded: one reload brings their row
  if (unknown > 0) dispatch(reviewApi.util.invalidateTags([{ type: 'AssignmentProgress', id: assignmentId }]));
}

/**
 * Keeps the assignment's cached progress live (issue 6): joins the assignment's channel while mounted and applies
 * REALTIME_EVENTS.attemptProgress payloads to the cached table, a batch at a time. After the connection comes back
 * the table is loaded once again, since events sent while it was down are lost.
 */
export function useLiveProgress(assignmentId: number): void {
  const dispatch = useAppDispatch();
  const state = useConnectionState();
  useRealtimeChannel(channels.assignment(assignmentId));

  const queue = useRef<AttemptProgressEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = () => {
    timer.current = null;
    applyLiveProgress(dispatch, assignmentId, queue.current.splice(0));
  };

  useRealtimeEvent(REALTIME_EVENTS.attemptProgress, (payload) => {
    if (!isProgressEvent(payload) || payload.assignment_id !== assignmentId) return;
    queue.current.push(payload);
    timer.current ??= setTimeout(flush, PROGRESS_FLUSH_MS);
  });

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      queue.current = [];
    },
    [assignmentId],
  );

  // reconnected after a drop: what was missed meanwhile comes with one reload
  const wasConnected = useRef(false);
  useEffect(() => {
    if (state !== 'connected') return;
    if (wasConnected.current) {
      dispatch(reviewApi.util.invalidateTags([{ type: 'AssignmentProgress', id: assignmentId }]));
    }
    wasConnected.current = true;
  }, [state, assignmentId, dispatch]);
}
