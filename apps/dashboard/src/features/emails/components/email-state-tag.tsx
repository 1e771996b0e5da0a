import type { EmailState } from '@aula/domain/emails';
import { useT } from '@aula/web/lib/i18n.ts';
import { StatusTag } from '../../../components/status-tag';

const TONE = { stored: 'blue', queued: 'default', sent: 'green', failed: 'red' } as const;

/** An email's delivery state: kept here (no SMTP server), queued, sent or failed. */
export function EmailStateTag({ state }: { state: EmailState }) {
  const t = useT();
  return <StatusTag tone={TONE[state] ?? 'default'}>{t(`emails.states.${state}`)}</StatusTag>;
}
