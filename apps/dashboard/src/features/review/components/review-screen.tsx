import { ScreenView } from '@aula/activity/screen-view.tsx';
import type { RenderContext } from '@aula/activity/types.ts';
import type { MediaItem } from '@aula/domain/activity-content';
import type { AttemptScreen } from '@aula/domain/attempts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert } from 'antd';
import { useMemo } from 'react';
import type { ReviewData } from '../lib/review-data';
import { RenderBoundary } from '../../../components/render-boundary';

/**
 * One screen of a student's stored work in the shared renderer: teacher_review (answers, correct options, results,
 * and the score inputs of essays and drawings when `onGrade` is given) or student_review (what the student sees).
 */
export function ReviewScreen({
  screen,
  data,
  mode,
  progressSection,
  shuffleSeed,
  onGrade,
}: {
  screen: AttemptScreen;
  data: ReviewData;
  mode: 'teacher_review' | 'student_review';
  progressSection: number | undefined;
  shuffleSeed: number | undefined;
  onGrade?: RenderContext['onGrade'];
}) {
  const t = useT();
  const media = useMemo(
    () => screen.media.map((id) => data.media.get(id)).filter((m): m is MediaItem => m !== undefined),
    [screen.media, data.media],
  );
  const context = useMemo<RenderContext>(
    () => ({
      mode,
      media: data.media,
      questions: data.questions,
      screenSection: screen.section,
      progressSection,
      submittedQuestionIds: data.answered,
      // the options in the order this student saw them
      shuffleSeed,
      mediaState: data.states,
      review: data.review,
      onGrade,
    }),
    [mode, data, screen.section, progressSection, shuffleSeed, onGrade],
  );
  return (
    <RenderBoundary
      key={screen.screen_id}
      fallback={<Alert type="error" showIcon title={t('review.work.screenFailed')} />}
    >
      <ScreenView
        screen={{ content: screen.content, questions: screen.questions, media }}
        context={context}
        answers={data.answers}
      />
    </RenderBoundary>
  );
}
