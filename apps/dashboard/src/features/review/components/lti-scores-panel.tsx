import type { LtiScoreSendDto, LtiScoreStatus } from '@aula/domain/lti-services';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Badge, Button, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useId } from 'react';
import { useGetAssignmentLtiScoresQuery, useRetryLtiScoreMutation } from '../../lti/services-api';
import { useStudentLabel } from '../hooks/use-hide-names';

const STATUS_BADGE: Record<LtiScoreStatus, 'processing' | 'success' | 'error'> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
};

/**
 * The assignment view's 'Scores sent to the LMS' (issue 18 item 5): each student's score on each LMS link of the
 * assignment with its send status (pending, sent, failed with the last error), and 'Send again' for a failed one.
 * Shown only when the assignment has scores for an LMS. Names follow 'hide names'.
 */
export function LtiScoresPanel({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const headingId = useId();
  const { message } = App.useApp();
  const label = useStudentLabel(assignmentId);
  const { data, isError } = useGetAssignmentLtiScoresQuery(assignmentId, { pollingInterval: 30_000 });
  const [retry, { isLoading: retrying, originalArgs }] = useRetryLtiScoreMutation();
  if (isError) return <Alert type="error" showIcon title={t('ltiServices.scores.failed')} style={{ marginTop: 12 }} />;
  if (!data || data.length === 0) return null;
  const dash = <span aria-label={t('review.progress.none')}>—</span>;

  const sendAgain = async (row: LtiScoreSendDto) => {
    try {
      await retry({ assignmentId, sendId: row.id }).unwrap();
      void message.success(t('ltiServices.scores.retried'));
    } catch {
      // toasted by the shared response handler
    }
  };

  const columns: TableColumnsType<LtiScoreSendDto> = [
    {
      key: 'student',
      title: t('ltiServices.scores.student'),
      render: (_, r) => label({ id: r.student_id, name: r.student_name }),
    },
    {
      key: 'course',
      title: t('ltiServices.scores.course'),
      render: (_, r) => r.context_title ?? r.platform_name,
    },
    {
      key: 'score',
      title: t('ltiServices.scores.score'),
      render: (_, r) => t('review.progress.xOfY', { x: r.score_given, y: r.score_maximum }),
    },
    {
      key: 'status',
      title: t('ltiServices.scores.status'),
      render: (_, r) => <Badge status={STATUS_BADGE[r.status]} text={t(`ltiServices.scores.statuses.${r.status}`)} />,
    },
    { key: 'tries', title: t('ltiServices.scores.tries'), render: (_, r) => r.tries },
    {
      key: 'error',
      title: t('ltiServices.scores.lastError'),
      render: (_, r) =>
        r.last_error ? (
          <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {r.last_error}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    {
      key: 'sent',
      title: t('ltiServices.scores.sentAt'),
      render: (_, r) =>
        r.status === 'failed' ? (
          <Button
            size="small"
            loading={retrying && originalArgs?.sendId === r.id}
            onClick={() => void sendAgain(r)}
            aria-label={`${t('ltiServices.scores.retry')}: ${label({ id: r.student_id, name: r.student_name })}`}
          >
            {t('ltiServices.scores.retry')}
          </Button>
        ) : r.sent_at ? (
          formatDateTime(r.sent_at, i18n.language)
        ) : (
          dash
        ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} style={{ fontSize: token.fontSizeHeading3, margin: '0 0 4px' }}>
        {t('ltiServices.scores.title')}
      </h2>
      <Typography.Paragraph type="secondary">{t('ltiServices.scores.intro')}</Typography.Paragraph>
      <Table<LtiScoreSendDto>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
