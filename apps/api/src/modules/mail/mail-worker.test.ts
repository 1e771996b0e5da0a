import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, RecordingEvents, testConfig, call, type TestDatabase } from '../../../test/test-app';
import { createUser } from '../../db/seed/factories';
import { JobRunner } from '../../plugins/jobs';
import { JOB_DEFINITIONS } from '../jobs';

// The whole path the server takes with SMTP_URL set (issue 14, item 11): a reset request writes the outbox row, the
// real job queue (pg-boss) hands it to the worker, and the worker delivers it to an SMTP server (smtp-server, in
// this process, on loopback) from MAIL_FROM; the row ends up 'sent' without the link.

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const received: { from: string; to: string; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, cb) {
    let body = '';
    stream.on('data', (c: Buffer) => (body += c.toString()));
    stream.on('end', () => {
      const from = session.envelope.mailFrom;
      received.push({
        from: from ? from.address : '',
        to: session.envelope.rcptTo[0]?.address ?? '',
        body,
      });
      cb();
    });
  },
});

let db: TestDatabase;
let jobs: JobRunner;
let app: FastifyInstance;

beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  db = await createTestDatabase();
  jobs = new JobRunner({ url: db.url, log: quiet, poolSize: 2, pollingIntervalSeconds: 0.5 });
  await jobs.start(JOB_DEFINITIONS);
  app = await buildApp({
    config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'aula@school.test' }),
    database: db.database,
    events: new RecordingEvents(),
    jobs,
    logger: false,
  });
  await app.ready();
  await jobs.work(app.deps);
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
  await db?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('SMTP delivery through the job worker', () => {
  it('delivers the reset email to the SMTP server and marks the outbox row sent', async () => {
    await createUser(db.database.db, { role: 'teacher', email: 'worker-mail@example.test', firstName: 'Wanda' });
    const res = await call(app, 'POST', '/dashboard/reset-password', { body: { email: 'worker-mail@example.test' } });
    expect(res.statusCode).toBe(200);

    const deadline = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'aula@school.test', to: 'worker-mail@example.test' });
    expect(received[0]!.body).toContain('Subject: Reset your Aula password');
    expect(received[0]!.body.replace(/=\r\n/g, '')).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);

    let row: { status: string; text: string } | undefined;
    while (Date.now() < deadline) {
      row = (await db.database.pool.query('select status, text from email_outbox')).rows[0];
      if (row?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.status).toBe('sent');
    expect(row?.text).toContain('/reset-password/[redacted]');
  });
});
