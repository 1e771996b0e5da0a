import nodemailer from 'nodemailer';
import type { Deps } from '../../lib/deps';
import { redactResetLinks } from '../../lib/log-options';
import type { DbOrTx } from '../../db/client';
import { insertOutboxEmail, setOutboxStatus } from '../auth/auth.repo';

export const SEND_EMAIL_JOB = 'email.send';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  template: string;
  meta?: unknown;
}

/**
 * Every email is written to the outbox in the caller's transaction (tests read it there). With SMTP configured a job
 * delivers it after commit, so a crash between the two never loses or double-sends the row's intent.
 */
export async function queueEmail(deps: Deps, tx: DbOrTx, email: OutgoingEmail): Promise<number> {
  const id = await insertOutboxEmail(tx, { ...email, status: deps.config.SMTP_URL ? 'queued' : 'stored' });
  return id;
}

export async function deliverQueuedEmail(deps: Deps, id: number) {
  if (!deps.config.SMTP_URL) return;
  await deps.jobs.send(SEND_EMAIL_JOB, { id }, { singletonKey: `email-${id}` });
}

export async function sendOutboxEmail(deps: Deps, email: { id: number; to: string; subject: string; text: string }) {
  if (!deps.config.SMTP_URL) return;
  const transport = nodemailer.createTransport(deps.config.SMTP_URL);
  try {
    await transport.sendMail({ from: deps.config.MAIL_FROM, to: email.to, subject: email.subject, text: email.text });
    // the reset link works once it is in the mailbox; the outbox copy need not (a database reader could use it)
    await setOutboxStatus(deps.db, email.id, 'sent', undefined, redactResetLinks(email.text));
  } catch (err) {
    await setOutboxStatus(deps.db, email.id, 'failed', err instanceof Error ? err.message : String(err));
    throw err;
  }
}
