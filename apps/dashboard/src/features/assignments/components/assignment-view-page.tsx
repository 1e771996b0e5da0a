import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Descriptions, Flex, Space, Tag, Typography, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetAssignmentQuery } from '../api';
import {
  assignmentSetViewHref,
  assignmentsHref,
  editAssignmentHref,
  idParam,
  labGroupsHref,
  scopeFromParams,
  type ScopeRef,
} from '../lib/assignment-paths';
import { useStudentLabel } from '../../review/hooks/use-hide-names';
import { ProgressPanel } from '../../review/components/progress-panel';
import { LtiScoresPanel } from '../../review/components/lti-scores-panel';
import { AssignmentLtiLinks } from './assignment-lti-links';
import { DeleteAssignmentButton } from './delete-assignment-button';
import { PhaseTag } from './phase-tag';

/**
 * /assignment/view/:assignmentId and the same under a scope (001 section 2): one assignment's details and each
 * student's progress (features/review).
 */
export function AssignmentViewPage() {
  const params = useParams();
  const id = idParam(params.assignmentId);
  if (id === null) return <NotFoundPage />;
  return <AssignmentView key={id} id={id} scope={scopeFromParams(params)} />;
}

function AssignmentView({ id, scope }: { id: number; scope: ScopeRef | null }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'assignment', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'assignment', ['view', 'delete']) : false;
  const { data: a, isLoading, isError } = useGetAssignmentQuery(id);
  // 'hide names' covers the students assigned one by one too
  const studentLabel = useStudentLabel(id);

  if (isLoading) return <PageLoader />;
  if (isError || !a) return <NotFoundPage />;

  const none = <Typography.Text type="secondary">{t('assignments.view.none')}</Typography.Text>;
  const activityHref = (activityId: number) => `/activity/view/${activityId}`;

  return (
    <Flex vertical gap="large">
      <Link to={assignmentsHref(scope)}>{t('assignments.view.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{a.name}</h1>
        <Space wrap>
          <Link to={labGroupsHref(a.id)}>{t('assignments.view.labGroups')}</Link>
          {canUpdate && (
            <Button onClick={() => void navigate(editAssignmentHref(a.id, scope))}>{t('assignments.view.edit')}</Button>
          )}
          {canDelete && (
            <DeleteAssignmentButton assignment={a} onDeleted={() => void navigate(assignmentsHref(scope))} />
          )}
        </Space>
      </Flex>
      {a.attempted && <Alert type="info" showIcon title={t('assignments.attempted')} />}
      <Descriptions
        bordered
        column={1}
        items={[
          {
            key: 'status',
            label: t('assignments.view.status'),
            children: (
              <Flex wrap gap={4}>
                <PhaseTag phase={a.phase} />
                {a.attempted && <Tag style={{ marginInlineEnd: 0 }}>{t('assignments.list.attempted')}</Tag>}
              </Flex>
            ),
          },
          { key: 'start', label: t('assignments.view.start'), children: formatDateTime(a.start_at, i18n.language) },
          {
            key: 'due',
            label: t('assignments.view.due'),
            children: a.due_at ? formatDateTime(a.due_at, i18n.language) : t('assignments.view.noDue'),
          },
          {
            key: 'members',
            label: t('assignments.view.assignedTo'),
            children: (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {a.members.map((m) => (
                  <li key={`${m.member_type}:${m.member_id}`}>
                    {t(`assignments.memberType.${m.member_type}`)}:{' '}
                    {m.member_type === 'student' ? studentLabel({ id: m.member_id, name: m.name }) : m.name}
                    {m.member_type !== 'student' && (
                      <Typography.Text type="secondary">
                        {' '}
                        ({t('assignments.view.membersCount', { count: m.students_count })})
                      </Typography.Text>
                    )}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'activities',
            label: t('assignments.view.activities'),
            children: (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {a.activities.map((x) => (
                  <li key={x.id}>
                    <Link to={activityHref(x.id)}>{x.title}</Link>
                    {x.out_of_sync && <Tag style={{ marginInlineStart: 8 }}>{t('assignments.view.outOfSync')}</Tag>}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'set',
            label: t('assignments.view.set'),
            children: a.assignment_set ? (
              <Link to={assignmentSetViewHref(a.assignment_set.id)}>{a.assignment_set.name}</Link>
            ) : (
              none
            ),
          },
          {
            key: 'createdBy',
            label: t('assignments.view.createdBy'),
            children: a.created_by ? `${a.created_by.first_name} ${a.created_by.last_name}` : none,
          },
        ]}
      />
      <ProgressPanel assignmentId={a.id} />
      <LtiScoresPanel assignmentId={a.id} />
      <AssignmentLtiLinks assignmentId={a.id} />
    </Flex>
  );
}
