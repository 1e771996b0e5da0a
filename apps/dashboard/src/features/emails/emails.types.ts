import type { EmailState } from '@aula/domain/emails';

// Wire shapes of the Emails page's calls (snake_case as the API sends them).

export interface EmailSummary {
  id: number;
  to: string;
  subject: string;
  template: string;
  status: EmailState;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Email extends EmailSummary {
  text: string;
}

export interface EmailPage {
  data: EmailSummary[];
  /** bodies: whether this server shows what an email says (outside production, no SMTP server) */
  meta: { page: number; per_page: number; total: number; bodies: boolean };
}

export interface EmailListRequest {
  page: number;
  per_page: number;
  search?: string;
  status?: EmailState;
}
