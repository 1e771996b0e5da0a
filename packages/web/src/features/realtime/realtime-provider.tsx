import type { ConnectionState } from '@aula/domain/realtime';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { runtimeConfig } from '../../lib/runtime-config';
import type { RealtimeClient, RealtimeListener } from '../../lib/realtime';
import { authApi } from '../auth/api';
import { selectCurrentUser, selectToken } from '../auth/auth.slice';

interface RealtimeApi {
  state: ConnectionState;
  /** Listens to one server event while the caller is mounted; returns the way to stop. */
  on: (event: string, listener: RealtimeListener) => () => void;
}

const RealtimeContext = createContext<RealtimeApi>({ state: 'initialized', on: () => () => undefined });

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
    void Promise.all([import('../../lib/realtime'), import('socket.io-client')]).then(([realtime, sio]) => {
      if (cancelled) return;
      client = new realtime.RealtimeClient({
        url: runtimeConfig.realtimeUrl,
        token,
        createSocket: (url, options) => sio.io(url, options),
        channels: realtime.privateChannelsFor(user, permissions),
        onSessionCheck: checkSession,
        webSocketSupported: typeof WebSocket !== 'undefined',
      });
      client.onStateChange(setState);
      client.onAny((event, payload) => {
        for (const listener of listeners.current.get(event) ?? []) listener(payload);
      });
      client.connect();
    });
    return () => {
      cancelled = true;
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
  const api = useMemo<RealtimeApi>(() => ({ state, on }), [state, on]);
  return <RealtimeContext.Provider value={api}>{children}</RealtimeContext.Provider>;
}

/** The connection state (initialized, connecting, connected, unavailable, failed, disconnected). */
export function useConnectionState(): ConnectionState {
  return useContext(RealtimeContext).state;
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
