import { REALTIME_EVENTS } from '@aula/domain/realtime';
import type { AttemptGradedEvent } from '@aula/domain/attempts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useRealtimeEvent } from '@aula/web/features/realtime/realtime-provider.tsx';
import { readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import { useGetAttemptQuery } from '../api';
import { playerScreensOf } from '../lib/attempt-screens';
import { Player } from './player';
import { ReviewView } from './review-view';

// Only a wrong address or another student's attempt shows it: its illustration is not part of the page's first load.
const NotFoundPage = lazy(() =>
  import('@aula/web/components/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const NotFound = () => (
  <Suspense fallback={<PageLoader />}>
    <NotFoundPage />
  </Suspense>
);

/**
 * /work/:attemptId: the student's attempt at one activity. In progress: the player (student_work); submitted: the
 * review (student_review), which a teacher's grading refreshes live (REALTIME_EVENTS.attemptGraded on the
 * student's own channel).
 */
export function WorkPage() {
  const { attemptId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFound />;
  return <Work attemptId={Number(raw)} />;
}

function Work({ attemptId }: { attemptId: number }) {
  const t = useT();
  const { data: view, isLoading, error, refetch, startedTimeStamp } = useGetAttemptQuery(attemptId);
  useRealtimeEvent(REALTIME_EVENTS.attemptGraded, (payload) => {
    if ((payload as Partial<AttemptGradedEvent> | null)?.attempt_id === attemptId) void refetch();
  });
  const screens = useMemo(() => (view ? playerScreensOf(view) : null), [view]);

  if (isLoading) return <PageLoader />;
  if (!view || !screens || !view.attempt) {
    const status = readError(error).status;
    if (status === 404 || status === 403 || (!error && view)) return <NotFound />;
    return (
      <Alert
        type="error"
        showIcon
        title={t('studentWork.player.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('studentWork.player.retry')}</Button>}
      />
    );
  }
  return view.attempt.status === 'submitted' ? (
    <ReviewView view={view} screens={screens} />
  ) : (
    <Player key={view.attempt.id} view={view} screens={screens} viewAskedAt={startedTimeStamp ?? 0} />
  );
}
