import { ReviewBanner } from '@aula/activity/review-banner.tsx';
import type { AnswerSummary } from '@aula/domain/answers';

/** The renderer's footer review banner (000 section 2), pinned to the bottom of the window under the review. */
export function ReviewFooter({ summary }: { summary: AnswerSummary }) {
  return (
    <footer
      style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,.08)' }}
    >
      <ReviewBanner summary={summary} />
    </footer>
  );
}
