import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';

// Sign-in replaces a hash made with an older argon2 setting (19 MiB, t=2) by one with the current (7 MiB, t=5).

let t: TestApp;
let domainId: number;
let accountId: number;

beforeAll(async () => {
  t = await buildTestApp();
  domainId = (await createDomain(t.db.database.db)).id;
  accountId = (await createAccount(t.db.database.db, { domainId })).id;
});
afterAll(() => t.close());

async function userWithOldHash(email: string) {
  const user = await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email, password: 'x' });
  const old = await hash('Passw0rd!', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await t.db.database.pool.query('update users set password_hash = $1 where id = $2', [old, user.id]);
  return { id: user.id, old };
}
const storedHash = async (id: number) =>
  (await t.db.database.pool.query('select password_hash from users where id = $1', [id])).rows[0]
    .password_hash as string;

describe('argon2 setting upgrade at sign-in', () => {
  it('stores the password under the current setting after a successful sign-in, and the password still works', async () => {
    const { id, old } = await userWithOldHash('old-hash@example.test');
    const res = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'old-hash@example.test', password: 'Passw0rd!' },
    });
    expect(res.statusCode).toBe(200);
    const now = await storedHash(id);
    expect(now).not.toBe(old);
    expect(now.startsWith('$argon2id$v=19$m=7168,t=5,p=1$')).toBe(true);
    const again = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'old-hash@example.test', password: 'Passw0rd!' },
    });
    expect(again.statusCode).toBe(200);
    expect(await storedHash(id)).toBe(now);
  });

  it('leaves the hash alone after a wrong password', async () => {
    const { id, old } = await userWithOldHash('old-hash-wrong@example.test');
    const res = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'old-hash-wrong@example.test', password: 'Wrong-passw0rd!' },
    });
    expect(res.statusCode).toBe(422);
    expect(await storedHash(id)).toBe(old);
  });
});
