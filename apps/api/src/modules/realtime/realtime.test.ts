import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { startRealtime } from '../../plugins/realtime';
import { createAccount, createCustomRole, createDomain, createOrganization, createUser } from '../../db/seed/factories';

let t: TestApp;
let accountA: number;
let accountB: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const open: Socket[] = [];

async function signIn(login: string, app: 'dashboard' | 'student' = 'dashboard') {
  const res = await call(t.app, 'POST', `/${app}/auth/form`, { body: { login, password: 'Passw0rd!' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

beforeAll(async () => {
  t = await buildTestApp({ realtime: true });
  const db = t.db.database.db;
  const domain = await createDomain(db);
  accountA = (await createAccount(db, { domainId: domain.id })).id;
  accountB = (await createAccount(db, { domainId: domain.id })).id;
  const org = (await createOrganization(db, { accountId: accountA })).id;
  const productRole = await createCustomRole(db, { permissions: ['product-management'], domainId: domain.id });
  const people = {
    super: { role: 'super-administrator' },
    domainAdmin: { role: 'domain-administrator', domainId: domain.id },
    admin: { role: 'administrator', domainId: domain.id, accountId: accountA },
    adminB: { role: 'administrator', domainId: domain.id, accountId: accountB },
    teacher: { role: 'teacher', domainId: domain.id, accountId: accountA, organizationIds: [org] },
    products: { role: 'custom', roleId: productRole.id, domainId: domain.id, accountId: accountA },
  } as const;
  for (const [key, v] of Object.entries(people)) {
    const u = await createUser(db, { ...v, email: `rt-${key}-${Date.now()}@example.test` });
    ids[key] = u.id;
    tokens[key] = await signIn(u.email!);
  }
  const kid = await createUser(db, {
    role: 'student',
    domainId: domain.id,
    accountId: accountA,
    email: null,
    username: `rt-kid-${Date.now()}`,
  });
  ids.student = kid.id;
  tokens.student = await signIn(kid.username!, 'student');
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function client(token?: string): Socket {
  const s = connect(`http://127.0.0.1:${t.realtime!.port}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token !== undefined ? { auth: { token } } : {}),
  });
  open.push(s);
  return s;
}

function connected(token: string): Promise<Socket> {
  const s = client(token);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

function refused(token?: string): Promise<string> {
  const s = client(token);
  return new Promise((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (err) => resolve(err.message));
  });
}

type Ack = { ok: boolean; channel: string; error?: string };
function subscribe(s: Socket, channel: string): Promise<Ack> {
  return s.timeout(5000).emitWithAck('subscribe', channel) as Promise<Ack>;
}
function leave(s: Socket, channel: string): Promise<Ack> {
  return s.timeout(5000).emitWithAck('leave', channel) as Promise<Ack>;
}

/**
 * Collects what a socket hears until a marker, sent last on the socket's own user channel, arrives. One connection
 * delivers in order, so anything published before the marker and not heard was not delivered.
 */
async function heardUntilMarker(
  s: Socket,
  userId: number,
  publish: () => void,
): Promise<{ event: string; payload: unknown }[]> {
  const heard: { event: string; payload: unknown }[] = [];
  const listener = (event: string, payload: unknown) => heard.push({ event, payload });
  s.onAny(listener);
  const marker = `marker-${Math.random()}`;
  const done = new Promise<void>((resolve) => {
    const check = (event: string, payload: unknown) => {
      if (event === 'test.marker' && payload === marker) {
        s.offAny(check);
        resolve();
      }
    };
    s.onAny(check);
  });
  publish();
  t.events.publish(channels.user(userId), 'test.marker', marker);
  await done;
  s.offAny(listener);
  return heard.filter((h) => h.event !== 'test.marker');
}

describe('handshake', () => {
  it('refuses a socket without a token or with a bad one', async () => {
    expect(await refused()).toBe('unauthenticated');
    expect(await refused('')).toBe('unauthenticated');
    expect(await refused('made-up-token')).toBe('unauthenticated');
  });

  it('answers unavailable, without crashing, while the server is still starting', async () => {
    // server.ts listens for sockets before the app is built: every open page reconnects to a restarted server at once
    let deps: TestApp['app']['deps'] | null = null;
    const starting = await startRealtime({ config: t.config, deps: () => deps, pool: null, listen: true, port: 0 });
    try {
      const url = `http://127.0.0.1:${starting.port}`;
      const attempt = () =>
        new Promise<string>((resolve) => {
          const s = connect(url, {
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            auth: { token: tokens.teacher },
          });
          open.push(s);
          s.once('connect', () => resolve('connected'));
          s.once('connect_error', (err) => resolve(err.message));
        });
      // 'unavailable' makes the client retry; 'unauthenticated' would make it give up and check its session
      expect(await attempt()).toBe('unavailable');
      deps = t.app.deps;
      expect(await attempt()).toBe('connected');
    } finally {
      await starting.close();
    }
  });

  it('accepts a bearer token of either app and joins the user channel automatically', async () => {
    const teacher = await connected(tokens.teacher!);
    const kid = await connected(tokens.student!);
    const heard = await heardUntilMarker(teacher, ids.teacher!, () => {
      t.events.publish(channels.user(ids.teacher!), REALTIME_EVENTS.userTaskChanged, { id: 1 });
      t.events.publish(channels.user(ids.student!), REALTIME_EVENTS.userTaskChanged, { id: 2 });
    });
    expect(heard).toEqual([{ event: REALTIME_EVENTS.userTaskChanged, payload: { id: 1 } }]);
    const kidHeard = await heardUntilMarker(kid, ids.student!, () => undefined);
    expect(kidHeard).toEqual([]);
  });
});

describe('subscribe and leave', () => {
  it('refuses each private channel kind the user may not join, with ok:false', async () => {
    const cases: [string, string][] = [
      ['teacher', channels.user(ids.admin!)], // someone else's user channel
      ['teacher', channels.staff()], // staff as a teacher
      ['domainAdmin', channels.staff()], // domain admins are not provider staff
      ['teacher', channels.account(accountA)], // no account context
      ['admin', channels.account(accountB)], // another account
      ['admin', channels.roster(accountB)], // roster of another account
      ['teacher', channels.roster(accountA)], // no OneRoster permission
      ['admin', channels.products()], // no product permission
      ['admin', channels.standards()], // no standard permission
      ['products', channels.standards()],
      ['student', channels.account(accountA)],
      ['admin', 'private-nonsense'],
      ['admin', 'session.1'],
    ];
    const sockets: Record<string, Socket> = {};
    for (const [who, channel] of cases) {
      sockets[who] ??= await connected(tokens[who]!);
      expect(await subscribe(sockets[who], channel), `${who} -> ${channel}`).toEqual({
        ok: false,
        channel,
        error: 'forbidden',
      });
    }
  });

  it('allows the channels the user may join', async () => {
    const cases: [string, string][] = [
      ['admin', channels.user(ids.admin!)],
      ['admin', channels.account(accountA)],
      ['admin', channels.roster(accountA)],
      ['domainAdmin', channels.account(accountB)],
      ['domainAdmin', channels.products()],
      ['products', channels.products()],
      ['super', channels.staff()],
      ['super', channels.standards()],
      ['super', channels.roster(accountB)],
    ];
    const sockets: Record<string, Socket> = {};
    for (const [who, channel] of cases) {
      sockets[who] ??= await connected(tokens[who]!);
      expect(await subscribe(sockets[who], channel), `${who} -> ${channel}`).toEqual({ ok: true, channel });
    }
  });

  it('delivers channel events only to sockets that joined, until they leave', async () => {
    const admin = await connected(tokens.admin!);
    const adminB = await connected(tokens.adminB!);
    const teacher = await connected(tokens.teacher!);
    expect((await subscribe(admin, channels.account(accountA))).ok).toBe(true);
    expect((await subscribe(adminB, channels.account(accountA))).ok).toBe(false);
    expect((await subscribe(teacher, channels.account(accountA))).ok).toBe(false);
    const publish = () =>
      t.events.publish(channels.account(accountA), REALTIME_EVENTS.rosterImportQueueChanged, { queue: 7 });
    expect(await heardUntilMarker(admin, ids.admin!, publish)).toEqual([
      { event: REALTIME_EVENTS.rosterImportQueueChanged, payload: { queue: 7 } },
    ]);
    expect(await heardUntilMarker(adminB, ids.adminB!, publish)).toEqual([]);
    expect(await heardUntilMarker(teacher, ids.teacher!, publish)).toEqual([]);
    expect(await leave(admin, channels.account(accountA))).toEqual({ ok: true, channel: channels.account(accountA) });
    expect(await heardUntilMarker(admin, ids.admin!, publish)).toEqual([]);
  });

  it('pushes what the API publishes: a user task created over HTTP reaches the owner', async () => {
    const admin = await connected(tokens.admin!);
    const heard = new Promise<unknown>((resolve) => admin.once(REALTIME_EVENTS.userTaskChanged, resolve));
    const res = await call(t.app, 'POST', '/dashboard/user-tasks/create', {
      token: tokens.admin!,
      body: { type: 'create-user-activity-report' },
    });
    expect(res.statusCode).toBe(200);
    expect(await heard).toMatchObject({ id: res.json().data.id, status: 'pending', user_id: ids.admin });
  });
});

describe('session revocation', () => {
  it("logout disconnects that session's sockets, not the user's other sessions", async () => {
    const user = await createUser(t.db.database.db, {
      role: 'administrator',
      accountId: accountA,
      email: `rt-logout-${Date.now()}@example.test`,
    });
    const first = await signIn(user.email!);
    const second = await signIn(user.email!);
    const a = await connected(first);
    const b = await connected(second);
    const revoked = new Promise<unknown>((resolve) => b.once(REALTIME_EVENTS.sessionRevoked, resolve));
    const gone = new Promise<string>((resolve) => a.once('disconnect', resolve));
    expect((await call(t.app, 'POST', '/dashboard/auth/logout', { token: first })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // the other session hears which session ended and stays connected
    expect(await revoked).toEqual({ session_id: expect.any(Number) });
    expect(b.connected).toBe(true);
    expect(await subscribe(b, channels.account(accountA))).toMatchObject({ ok: true });
    // the revoked token cannot connect again
    expect(await refused(first)).toBe('unauthenticated');
  });
});

describe('POST /auth/broadcast', () => {
  const auth = (token: string | undefined, body: object) =>
    call(t.app, 'POST', '/auth/broadcast', { ...(token ? { token } : {}), body });

  it('allows a channel the bearer may join', async () => {
    for (const [who, channel] of [
      ['admin', channels.user(ids.admin!)],
      ['admin', channels.account(accountA)],
      ['super', channels.staff()],
      ['student', channels.user(ids.student!)],
    ] as const) {
      const res = await auth(tokens[who], { channel_name: channel, socket_id: '123.456' });
      expect(res.statusCode, `${who} ${channel}`).toBe(200);
      expect(res.json()).toEqual({ data: { channel, allowed: true } });
    }
  });

  it('answers 403 by the same rule, 401 without a valid token, 422 without a channel', async () => {
    for (const [who, channel] of [
      ['teacher', channels.staff()],
      ['teacher', channels.user(ids.admin!)],
      ['admin', channels.account(accountB)],
      ['admin', channels.roster(accountB)],
      ['admin', channels.products()],
      ['admin', channels.standards()],
      ['student', channels.account(accountA)],
      ['admin', 'nonsense'],
    ] as const) {
      const res = await auth(tokens[who], { channel_name: channel });
      expect(res.statusCode, `${who} ${channel}`).toBe(403);
      expect(res.json().message).toBe('You don’t have permission to access this page.');
    }
    expect((await auth(undefined, { channel_name: channels.staff() })).statusCode).toBe(401);
    expect((await auth('made-up', { channel_name: channels.staff() })).statusCode).toBe(401);
    expect((await auth(tokens.admin, {})).statusCode).toBe(422);
  });
});
