import type { AnswerSummary } from '@aula/domain/answers';
import { reviewBanner } from '@aula/domain/answers';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';

// PLACEHOLDER until packages/activity exports ReviewBanner (branch i6-render): replaced on merge.
export function SummaryBanner({ summary }: { summary: AnswerSummary }) {
  const t = useT();
  const b = reviewBanner(summary);
  return (
    <div role="status" aria-live="polite" style={{ minHeight: 80 }}>
      <strong>{t(b.message.key as MessageKey, b.message.values)}</strong>
      {b.choiceNote && <div>{t('answers.banner.choiceNote')}</div>}
      {b.somePending && <div>{t('answers.banner.somePending')}</div>}
    </div>
  );
}
