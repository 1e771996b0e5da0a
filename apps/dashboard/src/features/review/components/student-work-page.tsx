import type { AttemptView, StudentProgress } from '@aula/domain/attempts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { readError } from '@aula/web/lib/api-errors.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, Badge, Button, Col, Flex, Row, Segmented, Select, Skeleton, Typography, theme } from 'antd';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetStudentPreviewQuery, useGradeAnswerMutation } from '../api';
import { useAssignmentReview } from '../hooks/use-assignment-review';
import { progressOf } from '../lib/progress-cache';
import { buildReviewData, pendingOnScreen } from '../lib/review-data';
import { queryId, studentViewHref, studentWorkHref } from '../lib/review-paths';
import { HideNamesSwitch } from './hide-names-switch';
import { ReviewScreen } from './review-screen';
import { ScoreSheet } from './score-sheet';
import { ReviewBanner } from '@aula/activity/review-banner.tsx';
import type { RenderContext } from '@aula/activity/types.ts';

type View = 'teacher_review' | 'student_review';

const ID = /^[1-9]\d{0,8}$/;

/** /assignment/view/:assignmentId/students/:studentId: a student's work in teacher_review, scored here. */
export function StudentWorkPage() {
  return <StudentWorkRoute view="teacher_review" />;
}

/** .../students/:studentId/student-view: exactly what the student sees (student_review), read-only. */
export function StudentViewPage() {
  return <StudentWorkRoute view="student_review" />;
}

function StudentWorkRoute({ view }: { view: View }) {
  const { assignmentId, studentId } = useParams();
  if (!ID.test(assignmentId ?? '') || !ID.test(studentId ?? '')) return <NotFoundPage />;
  return <StudentWork view={view} assignmentId={Number(assignmentId)} studentId={Number(studentId)} />;
}

function StudentWork({ view, assignmentId, studentId }: { view: View; assignmentId: number; studentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { params, setParams, mayGrade, label, progressQ, progress, activity, students } =
    useAssignmentReview(assignmentId);
  const canGrade = view === 'teacher_review' && mayGrade;
  const index = students.findIndex((s) => s.id === studentId);
  const student = index === -1 ? undefined : students[index];

  const workQ = useGetStudentPreviewQuery(
    { assignmentId, studentId, activityId: activity?.id ?? 0, type: view },
    { skip: !activity || !student },
  );

  const hrefOf = view === 'teacher_review' ? studentWorkHref : studentViewHref;
  const go = (to: string) => void navigate(to);

  if (progressQ.isLoading) return <PageLoader />;
  if (progressQ.isError || !progress) return <NotFoundPage />;
  // a student who is not on this assignment (or not in the caller's reach) is not found
  if (!student) return <NotFoundPage />;

  const name = label(student);
  const live = activity ? progressOf(student, activity) : undefined;
  const previous = index > 0 ? students[index - 1] : undefined;
  const next = index < students.length - 1 ? students[index + 1] : undefined;

  return (
    <Flex vertical gap="middle">
      <Link to={`/assignment/view/${assignmentId}${activity ? `?activity=${activity.id}` : ''}`}>
        {t('review.work.back', { assignment: progress.assignment.name })}
      </Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {activity ? t('review.work.title', { student: name, activity: activity.title }) : name}
        </h1>
        <HideNamesSwitch />
      </Flex>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <nav aria-label={t('review.work.studentsNav')}>
          <Flex align="center" gap="small" wrap>
            <Button
              disabled={!previous}
              onClick={() => previous && go(hrefOf(assignmentId, previous.id, activity?.id))}
            >
              {t('review.work.previous')}
            </Button>
            <Typography.Text>{t('review.work.position', { n: index + 1, total: students.length })}</Typography.Text>
            <Button disabled={!next} onClick={() => next && go(hrefOf(assignmentId, next.id, activity?.id))}>
              {t('review.work.next')}
            </Button>
          </Flex>
        </nav>
        <Flex align="center" gap="middle" wrap>
          {progress.activities.length > 1 && activity && (
            <Select
              aria-label={t('review.work.activity')}
              value={activity.id}
              style={{ minWidth: 220 }}
              options={progress.activities.map((a) => ({ value: a.id, label: a.title }))}
              onChange={(id: number) => go(hrefOf(assignmentId, studentId, id))}
            />
          )}
          <Segmented<View>
            aria-label={t('review.work.viewAs')}
            value={view}
            options={[
              { value: 'teacher_review', label: t('review.work.teacherReview') },
              { value: 'student_review', label: t('review.work.studentView') },
            ]}
            onChange={(v) =>
              go((v === 'teacher_review' ? studentWorkHref : studentViewHref)(assignmentId, studentId, activity?.id))
            }
          />
        </Flex>
      </Flex>
      {!activity ? (
        <Typography.Text type="secondary">{t('review.progress.noActivities')}</Typography.Text>
      ) : workQ.isLoading || workQ.isUninitialized ? (
        <Skeleton active />
      ) : workQ.isError || !workQ.data ? (
        <Alert
          type="error"
          showIcon
          title={readError(workQ.error).status === 404 ? t('errors.notFound') : t('review.work.failed')}
        />
      ) : (
        <Work
          key={`${activity.id}:${view}`}
          view={view}
          work={workQ.data}
          name={name}
          live={live}
          canGrade={canGrade}
          assignmentId={assignmentId}
          screenId={queryId(params.get('screen'))}
          onScreen={(id) =>
            setParams(
              (p) => {
                p.set('screen', String(id));
                return p;
              },
              { replace: true },
            )
          }
          onReload={() => void workQ.refetch()}
        />
      )}
    </Flex>
  );
}

function Work({
  view,
  work,
  name,
  live,
  canGrade,
  assignmentId,
  screenId,
  onScreen,
  onReload,
}: {
  view: View;
  work: AttemptView;
  name: string;
  live: StudentProgress | undefined;
  canGrade: boolean;
  assignmentId: number;
  screenId: number | null;
  onScreen: (screenId: number) => void;
  onReload: () => void;
}) {
  const t = useT();
  const listId = useId();
  const data = useMemo(() => buildReviewData(work), [work]);
  const [grade] = useGradeAnswerMutation();
  const attempt = work.attempt;
  // answers are scored once the student has submitted them (the API refuses earlier with 409)
  const gradable = canGrade && attempt?.status === 'submitted';
  const screen = work.screens.find((s) => s.screen_id === screenId) ?? work.screens[0];

  const onGrade = useCallback<NonNullable<RenderContext['onGrade']>>(
    async (questionId, score, annotation) => {
      if (!attempt) return;
      const body =
        annotation === undefined ? { question_id: questionId, score } : { question_id: questionId, score, annotation };
      await grade({
        assignmentId,
        studentId: attempt.student_id,
        activityId: attempt.activity_id,
        attemptId: attempt.id,
        body,
      }).unwrap();
    },
    [grade, assignmentId, attempt],
  );

  // the student saved since this view was loaded (the live table says so): offer the newer work, never swap it in
  // under a teacher who is reading or scoring
  const [baseline, setBaseline] = useState(live?.last_saved_at ?? null);
  const [baselineOf, setBaselineOf] = useState(work);
  if (baselineOf !== work) {
    setBaselineOf(work);
    setBaseline(live?.last_saved_at ?? null);
  }
  const newer = !!live?.last_saved_at && (baseline === null || Date.parse(live.last_saved_at) > Date.parse(baseline));

  return (
    <Flex vertical gap="middle">
      <StatusLine view={view} work={work} name={name} />
      {newer && (
        <Alert
          type="info"
          showIcon
          title={t('review.work.newerWork', { student: name })}
          action={
            <Button size="small" onClick={onReload}>
              {t('review.work.showNewer')}
            </Button>
          }
        />
      )}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={6}>
          <Flex vertical gap="middle">
            <nav aria-labelledby={listId}>
              <Typography.Title level={2} id={listId} style={{ fontSize: 16, marginTop: 0 }}>
                {t('review.work.screens')}
              </Typography.Title>
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {work.screens.map((s, i) => {
                  const pending = view === 'teacher_review' ? pendingOnScreen(s, work.answers) : 0;
                  const current = s.screen_id === screen?.screen_id;
                  return (
                    <li key={s.screen_id}>
                      <Button
                        type={current ? 'primary' : 'text'}
                        aria-current={current ? 'page' : undefined}
                        onClick={() => onScreen(s.screen_id)}
                        block
                        style={{ justifyContent: 'space-between', height: 'auto', padding: '4px 8px' }}
                      >
                        <span>
                          {t('review.work.screen', { n: i + 1 })}{' '}
                          <span style={{ opacity: 0.8, fontSize: 12 }}>
                            {t('review.work.section', { section: s.section })}
                          </span>
                        </span>
                        {pending > 0 && <span>{t('review.work.toReview', { count: pending })}</span>}
                      </Button>
                    </li>
                  );
                })}
              </ol>
            </nav>
            {view === 'teacher_review' && attempt && (
              <ScoreSheet
                view={work}
                name={name}
                assignmentId={assignmentId}
                canGrade={gradable}
                onOpenScreen={onScreen}
              />
            )}
          </Flex>
        </Col>
        <Col xs={24} lg={18}>
          <Flex vertical gap="middle">
            {screen ? (
              <ReviewScreen
                screen={screen}
                data={data}
                mode={view}
                progressSection={attempt?.progress_section}
                shuffleSeed={attempt?.id}
                onGrade={gradable ? onGrade : undefined}
              />
            ) : (
              <Typography.Text type="secondary">{t('review.work.noScreens')}</Typography.Text>
            )}
            {work.summary && (
              <div style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
                <ReviewBanner summary={work.summary} />
              </div>
            )}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

function StatusLine({ view, work, name }: { view: View; work: AttemptView; name: string }) {
  const t = useT();
  const attempt = work.attempt;
  if (!attempt) return <Alert type="info" showIcon title={t('review.work.notStarted', { student: name })} />;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Flex vertical gap={4}>
      {attempt.status === 'submitted' ? (
        <Badge
          status="success"
          text={t('review.work.submitted', { when: when(attempt.submitted_at ?? attempt.started_at) })}
        />
      ) : (
        <Badge
          status="processing"
          text={t('review.work.inProgress', { section: attempt.progress_section, sections: attempt.sections })}
        />
      )}
      {view === 'student_review' && (
        <Typography.Text type="secondary">
          {t('review.work.studentViewNote', { student: name })}
          {attempt.status !== 'submitted' && ` ${t('review.work.notSubmittedNote')}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
