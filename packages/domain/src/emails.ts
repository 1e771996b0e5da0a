import { z } from 'zod';
import { paginationSchema } from './tenancy.ts';

// The Emails page (001 section 2 menu item 'Emails', the technology resource): the platform's sent e-mails with
// their delivery state. The states are those of the outbox: stored (no SMTP server set, so kept here only), queued
// (waiting for the delivery job), sent, failed (the SMTP server refused it; the job tries again).
export const EMAIL_STATES = ['stored', 'queued', 'sent', 'failed'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** POST /dashboard/emails/list: newest first, optionally one state or a search in the address and subject. */
export const emailListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    status: z.enum(EMAIL_STATES, { error: 'validation.select' }).optional(),
  })
  .prefault({});
export type EmailListFilter = z.infer<typeof emailListSchema>;
