import { ScreenView } from '@aula/activity/screen-view.tsx';
import type { RenderContext } from '@aula/activity/types.ts';
import type { AttemptView } from '@aula/domain/attempts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { answersOf, questionsOf, reviewResultsOf, type PlayerScreen } from '../lib/attempt-screens';
import { ReviewFooter } from './review-footer';
import { ScreenFrame } from './screen-frame';
import { WorkHeader } from './work-header';

const EMPTY_MEDIA = new Map();
const EMPTY_QUESTIONS = new Map();

/**
 * student_review: the submitted attempt, read-only, every screen, the correct choices in green and the teacher's
 * scores once given, with the footer review banner (000 section 2). A teacher's grading refetches the view
 * (work-page.tsx), so the banner's 'Correct Answers: X out of Y' changes without a reload. The screen shown is in the
 * address (?screen=n, from 1) as in the player: a link or a reload opens that screen, and submitting on screen n
 * shows the results of screen n.
 */
export function ReviewView({ view, screens }: { view: AttemptView; screens: PlayerScreen[] }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const index = screenIndexOf(params.get('screen'), screens.length);
  const screenRef = useRef<HTMLDivElement>(null);
  const questions = useMemo(() => questionsOf(screens), [screens]);
  const answers = useMemo(() => answersOf(view, questions), [view, questions]);
  const review = useMemo(() => reviewResultsOf(view, questions), [view, questions]);
  const current = screens[index];
  const context = useMemo<RenderContext>(
    () => ({
      mode: 'student_review',
      media: EMPTY_MEDIA,
      questions: EMPTY_QUESTIONS,
      screenSection: current?.section,
      shuffleSeed: view.attempt?.id,
      submittedQuestionIds: new Set(view.answers.map((a) => a.question_id)),
      mediaState: new Map(view.states.map((s) => [s.id, s.value])),
      review,
    }),
    [current?.section, view, review],
  );
  const go = useCallback(
    (i: number) => {
      void setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.set('screen', String(i + 1));
          return out;
        },
        { replace: true },
      );
      screenRef.current?.focus();
    },
    [setParams],
  );
  const submittedAt = view.attempt?.submitted_at;

  return (
    <Flex vertical gap="middle" style={{ paddingBottom: 96 }}>
      <WorkHeader
        view={view}
        subtitle={
          <>
            {t('studentWork.review.heading')} · {view.assignment.name}
            {submittedAt && (
              <>
                {' · '}
                <time dateTime={submittedAt}>
                  {t('studentWork.review.submittedAt', { date: formatDateTime(submittedAt, i18n.language) })}
                </time>
              </>
            )}
          </>
        }
      />
      <ScreenFrame
        screens={screens}
        index={index}
        onSelect={go}
        screenRef={screenRef}
        footer={
          <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginTop: 16 }}>
            <Button disabled={index <= 0} onClick={() => go(index - 1)}>
              {t('studentWork.player.previous')}
            </Button>
            <span>{t('studentWork.player.counter', { n: index + 1, total: screens.length })}</span>
            <Button disabled={index >= screens.length - 1} onClick={() => go(index + 1)}>
              {t('studentWork.player.next')}
            </Button>
          </Flex>
        }
      >
        {current && <ScreenView key={current.screen_id} screen={current} context={context} answers={answers} />}
      </ScreenFrame>
      {view.summary && <ReviewFooter summary={view.summary} />}
    </Flex>
  );
}

/** The screen asked for by ?screen=n (1 to the number of screens), else the first. */
function screenIndexOf(raw: string | null, count: number): number {
  const asked = raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return asked >= 1 && asked <= count ? asked - 1 : 0;
}
