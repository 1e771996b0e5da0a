import type { AssignmentProgress, ProgressStatus, StudentProgress } from '@aula/domain/attempts';
import { useConnectionState } from '@aula/web/features/realtime/realtime-provider.tsx';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, Badge, Flex, Skeleton, Table, Tabs, Typography, theme, type TableColumnsType } from 'antd';
import { useId, useMemo, type HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGetAssignmentProgressQuery } from '../api';
import { useStudentLabel } from '../hooks/use-hide-names';
import { useLiveProgress } from '../hooks/use-live-progress';
import { progressOf } from '../lib/progress-cache';
import { gradeAnswersHref, queryId, studentViewHref, studentWorkHref } from '../lib/review-paths';
import { sortStudents } from '../lib/student-names';
import { HideNamesSwitch } from './hide-names-switch';

type Activity = AssignmentProgress['activities'][number];
interface Row {
  id: number;
  label: string;
  progress: StudentProgress;
}

const STATUS_BADGE: Record<ProgressStatus, 'default' | 'processing' | 'success'> = {
  not_started: 'default',
  in_progress: 'processing',
  submitted: 'success',
};

/**
 * The assignment view's 'Student progress' (issue 6): each student x each activity (one tab per activity), kept live
 * over the assignment's real-time channel. Names follow 'hide names'.
 */
export function ProgressPanel({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const headingId = useId();
  const { data, isLoading, isError } = useGetAssignmentProgressQuery(assignmentId);
  useLiveProgress(assignmentId);
  const [params, setParams] = useSearchParams();
  const chosen = queryId(params.get('activity'));
  const activity = data?.activities.find((a) => a.id === chosen) ?? data?.activities[0];

  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 12 }}>
        <h2 id={headingId} style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
          {t('review.progress.title')}
        </h2>
        <HideNamesSwitch />
      </Flex>
      <LiveState />
      {isLoading ? (
        <Skeleton active />
      ) : isError || !data ? (
        <Alert type="error" showIcon title={t('review.progress.failed')} />
      ) : data.activities.length === 0 || !activity ? (
        <Typography.Text type="secondary">{t('review.progress.noActivities')}</Typography.Text>
      ) : (
        <Tabs
          activeKey={String(activity.id)}
          onChange={(key) =>
            setParams(
              (p) => {
                p.set('activity', key);
                return p;
              },
              { replace: true },
            )
          }
          items={data.activities.map((a) => ({
            key: String(a.id),
            label: a.title,
            children: <ActivityProgress assignmentId={assignmentId} progress={data} activity={a} />,
          }))}
        />
      )}
    </section>
  );
}

/** A note while live updates are off (the table still shows what was last loaded). */
function LiveState() {
  const t = useT();
  const state = useConnectionState();
  if (state === 'connected' || state === 'initialized' || state === 'connecting') return null;
  return (
    <Typography.Paragraph type="secondary" role="status">
      {t('review.progress.notLive')}
    </Typography.Paragraph>
  );
}

function ActivityProgress({
  assignmentId,
  progress,
  activity,
}: {
  assignmentId: number;
  progress: AssignmentProgress;
  activity: Activity;
}) {
  const t = useT();
  const label = useStudentLabel(assignmentId);
  const rows = useMemo<Row[]>(
    () =>
      sortStudents(progress.students, label, i18n.language).map((s) => ({
        id: s.id,
        label: label(s),
        progress: progressOf(s, activity),
      })),
    [progress.students, label, activity],
  );
  const dash = <span aria-label={t('review.progress.none')}>—</span>;

  const columns: TableColumnsType<Row> = [
    {
      key: 'student',
      title: t('review.progress.student'),
      // the student view link sits under the name: one column fewer keeps the table within a laptop's width
      render: (_, r) => (
        <Flex vertical gap={0}>
          <Link to={studentWorkHref(assignmentId, r.id, activity.id)}>{r.label}</Link>
          <Link
            to={studentViewHref(assignmentId, r.id, activity.id)}
            aria-label={t('review.progress.studentViewOf', { student: r.label })}
            style={{ fontSize: 12 }}
          >
            {t('review.work.studentView')}
          </Link>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('review.progress.status'),
      render: (_, r) => (
        <Badge status={STATUS_BADGE[r.progress.status]} text={t(`review.status.${r.progress.status}`)} />
      ),
    },
    {
      key: 'section',
      title: t('review.progress.section'),
      render: (_, r) =>
        r.progress.status === 'not_started'
          ? dash
          : t('review.progress.xOfY', { x: r.progress.progress_section, y: activity.sections }),
    },
    {
      key: 'answered',
      title: t('review.progress.answered'),
      render: (_, r) => t('review.progress.xOfY', { x: r.progress.answered, y: activity.questions }),
    },
    {
      key: 'correct',
      title: t('review.progress.correctAnswers'),
      render: (_, r) => t('review.progress.xOfY', { x: r.progress.correct_answers, y: r.progress.questions_number }),
    },
    {
      key: 'review',
      title: t('review.progress.needReview'),
      render: (_, r) => (r.progress.need_review > 0 ? <strong>{r.progress.need_review}</strong> : 0),
    },
    {
      key: 'saved',
      title: t('review.progress.lastSaved'),
      render: (_, r) => (r.progress.last_saved_at ? formatDateTime(r.progress.last_saved_at, i18n.language) : dash),
    },
  ];

  return (
    <Flex vertical gap="small">
      <Flex justify="flex-end">
        <Link to={gradeAnswersHref(assignmentId, activity.id)}>{t('review.progress.gradeAnswers')}</Link>
      </Flex>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('review.progress.noStudents') }}
        onRow={(r) => ({ 'data-student-id': r.id }) as HTMLAttributes<HTMLElement>}
      />
    </Flex>
  );
}
