import { describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '@aula/domain/realtime';
import {
  RealtimeClient,
  privateChannelsFor,
  reconnectDelayMs,
  type SocketLike,
  type SocketOptions,
  type SubscribeReply,
} from './realtime';

/** A socket that does what the test tells it: the server side of the handshake, events, acks. */
class FakeSocket implements SocketLike {
  connected = false;
  connects = 0;
  disconnects = 0;
  emitted: { event: string; args: unknown[] }[] = [];
  /** how the server answers subscribe */
  answer: (channel: string) => SubscribeReply | null = (channel) => ({ ok: true, channel });
  private handlers = new Map<string, ((...args: never[]) => void)[]>();
  private any: ((event: string, ...args: unknown[]) => void)[] = [];
  constructor(
    readonly url: string,
    readonly options: SocketOptions,
  ) {}
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.disconnects += 1;
    const was = this.connected;
    this.connected = false;
    if (was) this.fire('disconnect', 'io client disconnect');
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  }
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.any.push(listener);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args[1];
    if (event === 'subscribe' && typeof ack === 'function') {
      const reply = this.answer(args[0] as string);
      if (reply) (ack as (r: SubscribeReply) => void)(reply);
    }
  }
  // server side
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  }
  accept() {
    this.connected = true;
    this.fire('connect');
  }
  refuse(message: string) {
    this.fire('connect_error', new Error(message));
  }
  drop(reason: string) {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  push(event: string, payload: unknown) {
    for (const h of this.any) h(event, payload);
  }
}

function setup(overrides: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const states: ConnectionState[] = [];
  const onSessionCheck = vi.fn();
  const onSubscribeRefused = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://127.0.0.1:6001',
    token: 'secret',
    createSocket: (url, options) => {
      const s = new FakeSocket(url, options);
      sockets.push(s);
      return s;
    },
    channels: ['private-account.7'],
    // the longest wait of each back-off window (1 s, 2 s, 4 s ...)
    random: () => 1,
    onSessionCheck,
    onSubscribeRefused,
    timers: {
      setTimeout: (fn, ms) => {
        const t = { fn, ms, cleared: false };
        timers.push(t);
        return t;
      },
      clearTimeout: (t) => {
        if (t) (t as { cleared: boolean }).cleared = true;
      },
    },
    ...overrides,
  });
  client.onStateChange((s) => states.push(s));
  /** runs the pending timers whose delay is `ms` (reconnects); subscribe time-outs are left alone */
  const runTimers = (ms?: number) => {
    for (const t of timers.splice(0)) {
      if (t.cleared) continue;
      if (ms === undefined || t.ms === ms) t.fn();
      else timers.push(t);
    }
  };
  return { client, sockets, timers, states, onSessionCheck, onSubscribeRefused, runTimers };
}

describe('RealtimeClient', () => {
  it('starts initialized and connects over websocket only with the bearer token', () => {
    const { client, sockets, states } = setup();
    expect(client.state).toBe('initialized');
    client.connect();
    expect(client.state).toBe('connecting');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://127.0.0.1:6001');
    expect(sockets[0]!.options).toMatchObject({ transports: ['websocket'], auth: { token: 'secret' } });
    sockets[0]!.accept();
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('joins its private channels on connect and reports a refusal', async () => {
    const { client, sockets, onSubscribeRefused } = setup({ channels: ['private-account.7', 'private-staff'] });
    client.connect();
    const socket = sockets[0]!;
    socket.answer = (channel) =>
      channel === 'private-staff' ? { ok: false, channel, error: 'forbidden' } : { ok: true, channel };
    socket.accept();
    await Promise.resolve();
    expect(socket.emitted.filter((e) => e.event === 'subscribe').map((e) => e.args[0])).toEqual([
      'private-account.7',
      'private-staff',
    ]);
    expect(onSubscribeRefused).toHaveBeenCalledWith({ ok: false, channel: 'private-staff', error: 'forbidden' });
    await expect(client.subscribe('private-products')).resolves.toEqual({ ok: true, channel: 'private-products' });
  });

  it('delivers server events to listeners', () => {
    const { client, sockets } = setup();
    const heard = vi.fn();
    const any = vi.fn();
    const stop = client.on('notification.created', heard);
    client.onAny(any);
    client.connect();
    sockets[0]!.accept();
    sockets[0]!.push('notification.created', { id: 'n1' });
    sockets[0]!.push('user-task.changed', { id: 3 });
    expect(heard).toHaveBeenCalledWith({ id: 'n1' });
    expect(any).toHaveBeenCalledTimes(2);
    stop();
    sockets[0]!.push('notification.created', { id: 'n2' });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('goes unavailable when the server cannot be reached and retries with back-off', () => {
    const { client, sockets, states, runTimers, timers } = setup();
    client.connect();
    sockets[0]!.refuse('websocket error');
    expect(client.state).toBe('unavailable');
    expect(timers.find((t) => !t.cleared)?.ms).toBe(1000);
    runTimers(1000);
    expect(client.state).toBe('connecting');
    sockets[0]!.refuse('websocket error');
    expect(timers.find((t) => !t.cleared)?.ms).toBe(2000);
    runTimers(2000);
    sockets[0]!.accept();
    expect(states).toEqual(['connecting', 'unavailable', 'connecting', 'unavailable', 'connecting', 'connected']);
    expect(sockets[0]!.connects).toBe(3);
  });

  it('reconnects when disconnected and joins its channels again', () => {
    const { client, sockets, states, runTimers } = setup();
    client.connect();
    sockets[0]!.accept();
    sockets[0]!.drop('transport close');
    expect(client.state).toBe('disconnected');
    runTimers(1000);
    expect(client.state).toBe('connecting');
    sockets[0]!.accept();
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
    expect(sockets[0]!.emitted.filter((e) => e.event === 'subscribe')).toHaveLength(2);
  });

  it('reconnects within the first window after a server disconnect, and fails with a session check when the token is refused', () => {
    const { client, sockets, runTimers, onSessionCheck } = setup();
    client.connect();
    sockets[0]!.accept();
    sockets[0]!.drop('io server disconnect');
    runTimers(1000);
    expect(client.state).toBe('connecting');
    sockets[0]!.refuse('unauthenticated');
    expect(client.state).toBe('failed');
    expect(onSessionCheck).toHaveBeenCalledTimes(1);
    runTimers();
    expect(client.state).toBe('failed');
  });

  it('asks for a session check when the server says a session ended', () => {
    const { client, sockets, onSessionCheck } = setup();
    client.connect();
    sockets[0]!.accept();
    sockets[0]!.fire('session.revoked', { session_id: 4 });
    expect(onSessionCheck).toHaveBeenCalledTimes(1);
  });

  it('closes for good on sign-out: disconnected, no reconnection', () => {
    const { client, sockets, runTimers } = setup();
    client.connect();
    sockets[0]!.accept();
    client.close();
    expect(client.state).toBe('disconnected');
    expect(sockets[0]!.disconnects).toBe(1);
    runTimers();
    client.connect();
    expect(client.state).toBe('disconnected');
    expect(sockets).toHaveLength(1);
  });

  it('fails without a realtime service or web sockets', () => {
    const noUrl = setup({ url: null });
    noUrl.client.connect();
    expect(noUrl.client.state).toBe('failed');
    const noWs = setup({ webSocketSupported: false });
    noWs.client.connect();
    expect(noWs.client.state).toBe('failed');
    expect(noWs.sockets).toHaveLength(0);
  });

  it('backs off within windows doubling up to 30 seconds, spread by jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelayMs(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(3, () => 0)).toBe(0);
    expect(reconnectDelayMs(3, () => 0.25)).toBe(2000);
  });

  it('spreads the reconnections of many pages dropped by a restarting server over the whole window', () => {
    const delays: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const { client, sockets, timers } = setup({ random: Math.random });
      client.connect();
      sockets[0]!.accept();
      sockets[0]!.drop('transport close');
      delays.push(timers.find((t) => !t.cleared)!.ms);
    }
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1000);
    // no more than a small share of the pages in any tenth of the window (a herd would put them all in one)
    const tenths = Array.from(
      { length: 10 },
      (_, k) => delays.filter((d) => Math.min(9, Math.floor(d / 100)) === k).length,
    );
    for (const n of tenths) expect(n).toBeLessThan(300);
  });
});

describe('privateChannelsFor', () => {
  it('gives a district admin the account and roster channels of their account', () => {
    expect(
      privateChannelsFor({ id: 5, role: 'administrator', account_id: 7, domain_id: 1 }, ['role-account-admin']),
    ).toEqual(['private-account.7', 'private-roster.7']);
  });

  it('gives a school admin and a teacher nothing beyond their own channel', () => {
    expect(
      privateChannelsFor({ id: 6, role: 'school-administrator', account_id: 7, domain_id: 1 }, ['role-school-admin']),
    ).toEqual([]);
    expect(privateChannelsFor({ id: 8, role: 'teacher', account_id: 7, domain_id: 1 }, ['role-teacher'])).toEqual([]);
  });

  it('gives multi-domain staff the staff, products and standards channels', () => {
    expect(
      privateChannelsFor(
        { id: 1, role: 'super-administrator', account_id: null, domain_id: null, multi_domain: true },
        ['role-super-admin'],
      ),
    ).toEqual(['private-staff', 'private-products', 'private-standards']);
  });

  it('ignores unknown permission names and never gives students the account channel', () => {
    expect(privateChannelsFor({ id: 9, role: 'student', account_id: 7, domain_id: 1 }, ['nonsense'])).toEqual([]);
  });
});
