import type { ConnectionState } from '@aula/domain/realtime';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { afterPageShown } from '../../lib/page-shown';
import { runtimeConfig } from '../../lib/runtime-config';
import type { RealtimeClient, RealtimeListener } from '../../lib/realtime';
import { authApi } from '../auth/api';
import { selectCurrentUser, selectToken } from '../auth/auth.slice';

interface RealtimeApi {
  state: ConnectionState;
  /** Listens to one server event while the caller is mounted; returns the way to stop. */
  on: (event: string, listener: RealtimeListener) => () => void;
  /** Joins a private channel (e.g. an assignment's) while the caller is mounted; returns the way to leave. */
  join: (channel: string) => () => void;
}

const RealtimeContext = createContext<RealtimeApi>({
  state: 'initialized',
  on: () => () => undefined,
  join: () => () => undefined,
});

/** The session-check delay: a sign-out in this tab revokes the session too, and finishes within it. */
const SESSION_CHECK_DELAY_MS = 500;

function signingOut(state: RootState): boolean {
  return Object.values(state.api.mutations).some(
    (m) => m?.endpointName === 'signOut' && m.status === QueryStatus.pending,
  );
}

/**
 * Keeps the real-time connection of the signed-in user (DESIGN.md 6): opened once the user info is loaded, closed on
 * sign-out, rebuilt when the user or their permissions change. When the server says a session of this user ended
 * (session.revoked) or refuses the token, the user info is fetched again: a 401 there signs this tab out.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const store = useStore<RootState>();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectCurrentUser);
  const permissions = useAppSelector((s) => s.auth.permissions);
  const [state, setState] = useState<ConnectionState>('initialized');
  const listeners = useRef(new Map<string, Set<RealtimeListener>>());
  // channels pages asked for, counted (two views of one assignment share its channel), and the live client
  const joined = useRef(new Map<string, number>());
  const clientRef = useRef<RealtimeClient | null>(null);

  const userKey = user ? JSON.stringify([user.id, user.role, user.account_id]) : null;
  const permissionsKey = permissions.join(',');

  useEffect(() => {
    if (!token || !user) return;
    let cancelled = false;
    let client: RealtimeClient | null = null;
    const dispatch = store.dispatch as AppDispatch;
    const checkSession = () => {
      setTimeout(() => {
        const current = store.getState();
        if (cancelled || current.auth.token !== token || signingOut(current)) return;
        // a 401 answer dispatches sessionRejected (lib/api.ts), which signs out with the session-expired toast
        void dispatch(authApi.endpoints.getMy.initiate(undefined, { forceRefetch: true, subscribe: false }));
      }, SESSION_CHECK_DELAY_MS);
    };
    const connect = () =>
      Promise.all([import('../../lib/realtime'), import('socket.io-client')]).then(([realtime, sio]) => {
        if (cancelled) return;
        client = new realtime.RealtimeClient({
          url: runtimeConfig.realtimeUrl,
          token,
          createSocket: (url, options) => sio.io(url, options),
          channels: [...realtime.privateChannelsFor(user, permissions), ...joined.current.keys()],
          onSessionCheck: checkSession,
          webSocketSupported: typeof WebSocket !== 'undefined',
        });
        client.onStateChange(setState);
        client.onAny((event, payload) => {
          for (const listener of listeners.current.get(event) ?? []) listener(payload);
        });
        clientRef.current = client;
        client.connect();
      });
    // the connection (socket.io-client) waits for the first page's content (lib/page-shown.ts)
    const cancelWait = afterPageShown(() => void connect());
    return () => {
      cancelled = true;
      cancelWait();
      if (clientRef.current === client) clientRef.current = null;
      client?.close();
      setState('initialized');
    };
    // user and permissions are read through their keys: a refetched /my with the same content keeps the socket
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, userKey, permissionsKey, store]);

  const on = useCallback((event: string, listener: RealtimeListener) => {
    const set = listeners.current.get(event) ?? new Set();
    set.add(listener);
    listeners.current.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, []);
  const join = useCallback((channel: string) => {
    const count = joined.current.get(channel) ?? 0;
    joined.current.set(channel, count + 1);
    // a client made later joins it from the list it is built with; one connected now joins at once (and again
    // after every reconnection)
    if (count === 0) void clientRef.current?.subscribe(channel);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (joined.current.get(channel) ?? 1) - 1;
      if (now > 0) {
        joined.current.set(channel, now);
        return;
      }
      joined.current.delete(channel);
      clientRef.current?.leave(channel);
    };
  }, []);
  const api = useMemo<RealtimeApi>(() => ({ state, on, join }), [state, on, join]);
  return <RealtimeContext.Provider value={api}>{children}</RealtimeContext.Provider>;
}

/** The connection state (initialized, connecting, connected, unavailable, failed, disconnected). */
export function useConnectionState(): ConnectionState {
  return useContext(RealtimeContext).state;
}

/**
 * Joins `channel` while mounted (null: none). The server decides whether this user may (002 section 7); a refused
 * join simply brings no events.
 */
export function useRealtimeChannel(channel: string | null): void {
  const { join } = useContext(RealtimeContext);
  useEffect(() => (channel ? join(channel) : undefined), [join, channel]);
}

/** Calls `listener` for every `event` from the server while mounted; the latest listener is always used. */
export function useRealtimeEvent(event: string, listener: RealtimeListener): void {
  const { on } = useContext(RealtimeContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => on(event, (payload) => latest.current(payload)), [on, event]);
}
