import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';
import { transactionWithEvents } from '../realtime/after-commit';
import { notifyUser } from './notifications.service';

let t: TestApp;
let me: { id: number; token: string };
let other: { id: number; token: string };

async function person(accountId: number, domainId: number) {
  const u = await createUser(t.db.database.db, { role: 'administrator', domainId, accountId });
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: u.email, password: 'Passw0rd!' } });
  return { id: u.id, token: res.json().data.token as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  const domain = await createDomain(t.db.database.db);
  const account = await createAccount(t.db.database.db, { domainId: domain.id });
  me = await person(account.id, domain.id);
  other = await person(account.id, domain.id);
});
afterAll(() => t.close());

const list = (token: string, body: object = {}) =>
  call(t.app, 'POST', '/dashboard/notifications/list', { token, body });

async function notify(userId: number, n: number) {
  return transactionWithEvents(t.app.deps, (tx) =>
    notifyUser(t.app.deps, tx, {
      userId,
      type: 'create-user-activity-report',
      message: { user_task_id: n, status: 'completed' },
    }),
  );
}

describe('notifyUser', () => {
  it('stores an unread notification and pushes it on the user channel only after the commit', async () => {
    const before = t.events.published.length;
    let publishedInside = -1;
    const dto = await transactionWithEvents(t.app.deps, async (tx) => {
      const d = await notifyUser(t.app.deps, tx, {
        userId: me.id,
        type: 'shared-report',
        message: { report: { id: 5 }, owner: { first_name: 'Ann', last_name: 'Lee' } },
      });
      publishedInside = t.events.published.length - before;
      return d;
    });
    expect(publishedInside).toBe(0);
    expect(dto).toMatchObject({
      type: 'shared-report',
      status: 'unread',
      connection: 'messages',
      event: REALTIME_EVENTS.reportSharedWithUser,
      read_at: null,
    });
    expect(dto.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(t.events.published.slice(before)).toEqual([
      { channel: `private-user.${me.id}`, event: REALTIME_EVENTS.notificationCreated, payload: dto },
    ]);
    const row = (await t.db.database.pool.query('select * from notifications where id = $1', [dto.id])).rows[0];
    expect(row).toMatchObject({
      user_id: me.id,
      type: 'shared-report',
      status: 'unread',
      connection: 'messages',
      hash: dto.hash,
    });
    expect(row.message).toEqual({ report: { id: 5 }, owner: { first_name: 'Ann', last_name: 'Lee' } });
  });

  it('stores and pushes nothing when the transaction rolls back', async () => {
    const before = t.events.published.length;
    const count = async () =>
      (await t.db.database.pool.query('select count(*)::int as n from notifications')).rows[0].n as number;
    const n = await count();
    await expect(
      transactionWithEvents(t.app.deps, async (tx) => {
        await notifyUser(t.app.deps, tx, { userId: me.id, type: 'account-merge', message: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(n);
    expect(t.events.published.length).toBe(before);
  });

  it('refuses a transaction it cannot follow rather than dropping the push', async () => {
    await expect(
      t.db.database.db.transaction((tx) =>
        notifyUser(t.app.deps, tx, { userId: me.id, type: 'account-merge', message: {} }),
      ),
    ).rejects.toThrow(/transactionWithEvents/);
  });
});

describe('notification routes', () => {
  it('lists my notifications newest first, paginated, filtered by status', async () => {
    await t.db.database.pool.query('delete from notifications');
    for (let i = 1; i <= 3; i++) await notify(me.id, i);
    await notify(other.id, 99);
    const res = await list(me.token, { per_page: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((n: { message: { user_task_id: number } }) => n.message.user_task_id)).toEqual([3, 2]);
    expect(res.json().meta).toEqual({ page: 1, per_page: 2, total: 3, unread: 3 });
    const page2 = await list(me.token, { page: 2, per_page: 2 });
    expect(page2.json().data.map((n: { message: { user_task_id: number } }) => n.message.user_task_id)).toEqual([1]);
    expect((await list(me.token, { status: 'read' })).json()).toEqual({
      data: [],
      meta: { page: 1, per_page: 10, total: 0, unread: 3 },
    });
    expect((await list(me.token, { status: 'maybe' })).statusCode).toBe(422);
    // no body at all: the defaults
    expect((await call(t.app, 'POST', '/dashboard/notifications/list', { token: me.token })).json().meta).toMatchObject(
      { page: 1, per_page: 10, total: 3 },
    );
  });

  it('marks one read (idempotent); never another user’s', async () => {
    const mine = await notify(me.id, 10);
    const theirs = await notify(other.id, 11);
    const res = await call(t.app, 'POST', `/dashboard/notifications/${mine.id}/read`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: mine.id, status: 'read', read_at: expect.any(String) });
    const again = await call(t.app, 'POST', `/dashboard/notifications/${mine.id}/read`, { token: me.token });
    expect(again.json().data.read_at).toBe(res.json().data.read_at);
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await call(t.app, 'POST', `/dashboard/notifications/${id}/read`, { token: me.token });
      expect(r.statusCode, id).toBe(404);
    }
    expect(
      (await t.db.database.pool.query('select status from notifications where id = $1', [theirs.id])).rows[0].status,
    ).toBe('unread');
  });

  it('marks all mine read and leaves others alone', async () => {
    await notify(me.id, 20);
    const unreadOther = (await list(other.token)).json().meta.unread as number;
    expect(unreadOther).toBeGreaterThan(0);
    const res = await call(t.app, 'POST', '/dashboard/notifications/read-all', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toBeGreaterThan(0);
    expect((await list(me.token)).json().meta.unread).toBe(0);
    expect((await list(other.token)).json().meta.unread).toBe(unreadOther);
    expect(
      (await call(t.app, 'POST', '/dashboard/notifications/read-all', { token: me.token })).json().data.updated,
    ).toBe(0);
  });

  it('needs a dashboard session', async () => {
    expect((await call(t.app, 'POST', '/dashboard/notifications/list', { body: {} })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/dashboard/notifications/read-all', { token: 'made-up' })).statusCode).toBe(401);
  });
});
