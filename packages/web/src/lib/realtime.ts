import { buildPolicy, isPermission, type Permission } from '@aula/domain/permissions';
import {
  canJoinChannel,
  channels,
  parseChannel,
  REALTIME_EVENTS,
  type ChannelSubject,
  type ConnectionState,
} from '@aula/domain/realtime';
import type { Role } from '@aula/domain/roles';
import { backoffDelayMs } from './backoff';

// The real-time client (DESIGN.md 6, 002 sections 4 and 7): one Socket.IO connection per signed-in tab, websocket
// transport only, the bearer token in the handshake. This module is loaded on demand after sign-in, so neither
// socket.io-client nor the permission tables land in a sign-in page's first bundle.

/** The part of a socket.io-client Socket this client uses (a fake one in the unit tests). */
export interface SocketLike {
  connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  onAny?(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface SocketOptions {
  transports: ['websocket'];
  auth: { token: string };
  autoConnect: false;
  reconnection: false;
  /** a fresh connection per client, so a new sign-in never reuses the last user's */
  forceNew: true;
}
export type SocketFactory = (url: string, options: SocketOptions) => SocketLike;

export interface SubscribeReply {
  ok: boolean;
  channel: unknown;
  error?: 'forbidden' | 'unauthenticated' | 'invalid';
}

export type RealtimeListener = (payload: unknown) => void;

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RealtimeClientOptions {
  url: string | null;
  token: string;
  createSocket: SocketFactory;
  /** private channels to join beyond the user's own (which the server joins on connect) */
  channels?: readonly string[];
  /** the server said a session of this user ended, or refused the token: the app checks its own session */
  onSessionCheck?: () => void;
  /** reports every subscribe refusal (DESIGN.md 6: refusals are reported) */
  onSubscribeRefused?: (reply: SubscribeReply) => void;
  timers?: Timers;
  /** whether the browser can open web sockets at all (failed otherwise) */
  webSocketSupported?: boolean;
  /** the jitter of reconnection delays (tests fix it) */
  random?: () => number;
}

/**
 * Delay before the n-th reconnection attempt (0-based): drawn from a window of 1 s, 2 s, 4 s ... at most 30 s
 * (lib/backoff.ts), so the pages of a whole district that lost a restarting server come back spread out.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  return backoffDelayMs(attempt, { random });
}

const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * Connection states (002 section 4): initialized (created), connecting, connected, unavailable (the server cannot
 * be reached; retried with back-off), failed (no web sockets, no realtime service, or the token was refused: not
 * retried), disconnected (the connection ended; a new one is made unless this client was closed).
 */
export class RealtimeClient {
  private current: ConnectionState = 'initialized';
  private socket: SocketLike | null = null;
  private closed = false;
  private attempt = 0;
  private retry: unknown = null;
  private readonly wanted = new Set<string>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly eventListeners = new Map<string, Set<RealtimeListener>>();
  private readonly anyListeners = new Set<(event: string, payload: unknown) => void>();
  private readonly timers: Timers;

  constructor(private readonly opts: RealtimeClientOptions) {
    this.timers = opts.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    for (const c of opts.channels ?? []) this.wanted.add(c);
  }

  get state(): ConnectionState {
    return this.current;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listens to one server event (REALTIME_EVENTS); returns the way to stop. */
  on(event: string, listener: RealtimeListener): () => void {
    const set = this.eventListeners.get(event) ?? new Set();
    set.add(listener);
    this.eventListeners.set(event, set);
    return () => set.delete(listener);
  }

  /** Listens to every server event. */
  onAny(listener: (event: string, payload: unknown) => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  connect(): void {
    if (this.closed || this.current === 'connecting' || this.current === 'connected') return;
    if (!this.opts.url || this.opts.webSocketSupported === false) {
      this.setState('failed');
      return;
    }
    this.socket ??= this.createSocket(this.opts.url);
    this.setState('connecting');
    this.socket.connect();
  }

  /** Ends the connection for good (sign-out): state disconnected, no reconnection. */
  close(): void {
    this.closed = true;
    this.clearRetry();
    this.socket?.disconnect();
    this.socket = null;
    this.setState('disconnected');
  }

  /** Joins a private channel now (when connected) and again after every reconnection. */
  subscribe(channel: string): Promise<SubscribeReply> {
    this.wanted.add(channel);
    if (!this.socket?.connected) return Promise.resolve({ ok: false, channel, error: 'invalid' });
    return this.join(this.socket, channel);
  }

  leave(channel: string): void {
    this.wanted.delete(channel);
    if (this.socket?.connected) this.socket.emit('leave', channel, () => undefined);
  }

  private createSocket(url: string): SocketLike {
    const socket = this.opts.createSocket(url, {
      transports: ['websocket'],
      auth: { token: this.opts.token },
      autoConnect: false,
      forceNew: true,
      // reconnection is this client's (the states above); socket.io's own would hide them
      reconnection: false,
    });
    socket.on('connect', () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      this.setState('connected');
      for (const channel of this.wanted) void this.join(socket, channel);
    });
    socket.on('connect_error', (error: Error) => {
      if (socket !== this.socket || this.closed) return;
      if (error?.message === 'unauthenticated') {
        // the token is no longer good: retrying cannot help; the app finds out whether its session ended
        this.setState('failed');
        this.opts.onSessionCheck?.();
        return;
      }
      this.setState('unavailable');
      this.scheduleReconnect();
    });
    socket.on('disconnect', (reason: string) => {
      if (socket !== this.socket || this.closed) return;
      this.setState('disconnected');
      // 002 section 4: a new connection is made when disconnected; a server that dropped us (e.g. a revoked
      // session) answers the new handshake with 'unauthenticated', which ends in failed above. A server that drops
      // everyone (a restart) is not asked again by every page at once: the first try is anywhere in the first
      // back-off window.
      if (reason === 'io server disconnect') this.attempt = 0;
      this.scheduleReconnect();
    });
    socket.on(REALTIME_EVENTS.sessionRevoked, () => this.opts.onSessionCheck?.());
    if (socket.onAny) {
      socket.onAny((event, payload) => this.dispatch(event, payload));
    }
    return socket;
  }

  private dispatch(event: string, payload: unknown) {
    const listeners = [
      ...(this.eventListeners.get(event) ?? []),
      ...[...this.anyListeners].map((any) => (p: unknown) => any(event, p)),
    ];
    for (const listener of listeners) {
      try {
        listener(payload);
      } catch (err) {
        // one broken screen must not stop the others hearing the event
        console.error(err);
      }
    }
  }

  private join(socket: SocketLike, channel: string): Promise<SubscribeReply> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (reply: SubscribeReply) => {
        if (done) return;
        done = true;
        this.timers.clearTimeout(timer);
        if (!reply.ok) this.opts.onSubscribeRefused?.(reply);
        resolve(reply);
      };
      const timer = this.timers.setTimeout(
        () => finish({ ok: false, channel, error: 'invalid' }),
        SUBSCRIBE_TIMEOUT_MS,
      );
      socket.emit('subscribe', channel, (reply: SubscribeReply) => finish(reply));
    });
  }

  private scheduleReconnect(delay = reconnectDelayMs(this.attempt, this.opts.random)) {
    this.clearRetry();
    this.attempt += 1;
    this.retry = this.timers.setTimeout(() => {
      this.retry = null;
      if (this.closed || !this.socket) return;
      this.setState('connecting');
      this.socket.connect();
    }, delay);
  }

  private clearRetry() {
    if (this.retry !== null) this.timers.clearTimeout(this.retry);
    this.retry = null;
  }

  private setState(state: ConnectionState) {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

/** What the client knows of the signed-in user (GET /{app}/my). */
export interface ChannelUser {
  id: number;
  role: Role;
  account_id: number | null;
  domain_id?: number | null;
  multi_domain?: boolean;
}

/**
 * The private channels beyond the user's own that this user may join, by the rule the server applies
 * (canJoinChannel): staff, products, standards, and the account's roster and account channels. The client only
 * knows its own account, so accounts a domain admin reaches are not tried.
 */
export function privateChannelsFor(user: ChannelUser, permissionNames: readonly string[]): string[] {
  const permissions: Permission[] = permissionNames.filter(isPermission);
  const multiDomain = user.multi_domain ?? (user.domain_id === null && user.account_id === null);
  const subject: ChannelSubject = {
    id: user.id,
    role: user.role,
    permissions,
    policy: buildPolicy(permissions, { multiDomain }),
    accountIds: multiDomain ? null : user.account_id !== null ? [user.account_id] : [],
  };
  const candidates = [channels.staff(), channels.products(), channels.standards()];
  if (user.account_id !== null) candidates.push(channels.account(user.account_id), channels.roster(user.account_id));
  return candidates.filter((name) => {
    const parsed = parseChannel(name);
    return parsed !== null && canJoinChannel(subject, parsed);
  });
}
