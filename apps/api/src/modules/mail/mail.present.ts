import type { OutboxRow } from './mail.repo';

/** A row of the Emails page: who, what, its state and times; never the body. */
export function presentEmailSummary(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** One email with its text (as kept: a delivered email's reset link is redacted after delivery). */
export function presentEmail(row: OutboxRow) {
  return { ...presentEmailSummary(row), text: row.text };
}
