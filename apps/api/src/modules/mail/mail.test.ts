import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';
import { sendEmailJob } from './mail.jobs';
import { SEND_EMAIL_JOB } from './mail.service';

// With SMTP configured, the reset email is still written to the outbox first, then a job delivers it to a real
// SMTP server (here one on loopback) and marks the row sent; a refused delivery marks it failed and is retried.
const received: { to: string; body: string }[] = [];
let rejectAll = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, cb) {
    cb(rejectAll ? new Error('mailbox unavailable') : undefined);
  },
  onData(stream, session, cb) {
    let body = '';
    stream.on('data', (c: Buffer) => (body += c.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo[0]?.address ?? '', body });
      cb();
    });
  },
});

let t: TestApp;
let email: string;

beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'aula@school.test' } });
  const domainId = (await createDomain(t.db.database.db)).id;
  const accountId = (await createAccount(t.db.database.db, { domainId })).id;
  email = 'mailme@example.test';
  await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

async function outbox() {
  const r = await t.db.database.pool.query('select id, status, error from email_outbox order by id');
  return r.rows as { id: number; status: string; error: string | null }[];
}

describe('email delivery over SMTP', () => {
  it('queues the reset email and the job delivers it', async () => {
    expect((await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } })).statusCode).toBe(200);
    const [row] = await outbox();
    expect(row!.status).toBe('queued');
    expect(t.jobs.sent).toEqual([{ name: SEND_EMAIL_JOB, payload: { id: row!.id } }]);

    await sendEmailJob.handler(t.app.deps, { id: row!.id }, { id: 'job-1', retryCount: 0 });
    expect((await outbox())[0]!.status).toBe('sent');
    expect(received).toHaveLength(1);
    // the delivered link is not kept in the outbox
    const kept = (await t.db.database.pool.query('select text, meta from email_outbox where id = $1', [row!.id]))
      .rows[0];
    expect(kept.text).toContain('/reset-password/[redacted]');
    expect(kept.text).not.toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(JSON.stringify(kept.meta)).not.toContain('reset-password');
    expect(received[0]!.to).toBe(email);
    expect(received[0]!.body).toContain('Subject: Reset your Aula password');
    // quoted-printable soft line breaks may split the link
    expect(received[0]!.body.replace(/=\r\n/g, '')).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);

    // a repeated delivery of the same job sends nothing twice
    await sendEmailJob.handler(t.app.deps, { id: row!.id }, { id: 'job-1', retryCount: 1 });
    expect(received).toHaveLength(1);
  });

  it('with SMTP the Emails page shows states, not bodies: they are in the recipients’ mailboxes', async () => {
    await createUser(t.db.database.db, { role: 'super-administrator', email: 'staff@example.test' });
    const signIn = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'staff@example.test', password: 'Passw0rd!' },
    });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const list = await call(t.app, 'POST', '/dashboard/emails/list', { token, body: {} });
    expect(list.json()).toMatchObject({ data: [{ to: email, status: 'sent' }], meta: { bodies: false } });
    const id = (await outbox())[0]!.id;
    expect((await call(t.app, 'GET', `/dashboard/emails/${id}`, { token })).statusCode).toBe(403);
  });

  it('marks a refused delivery failed and throws so the job is retried', async () => {
    rejectAll = true;
    await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } });
    const row = (await outbox()).at(-1)!;
    await expect(sendEmailJob.handler(t.app.deps, { id: row.id }, { id: 'job-2', retryCount: 0 })).rejects.toThrow();
    const after = (await outbox()).at(-1)!;
    expect(after.status).toBe('failed');
    expect(after.error).toMatch(/mailbox unavailable/);
    rejectAll = false;
    await sendEmailJob.handler(t.app.deps, { id: row.id }, { id: 'job-2', retryCount: 1 });
    expect((await outbox()).at(-1)!.status).toBe('sent');
  });
});
