import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Alert, App, Button, Flex, Space, Switch, Table, Tag, Typography, theme } from 'antd';
import { Link, useParams } from 'react-router';
import {
  useAssignedQuery,
  useClassOverviewQuery,
  useCreateFromPlanMutation,
  useStudentSettingsQuery,
  useUpdateStudentSettingsMutation,
  type ClassOverview,
  type StudentSettings,
} from '../api';
import { assignPlanHref } from '../lib/pas-paths';

function useIds(): { id: number; classId: number } | null {
  const { pasId, classId } = useParams();
  if (!/^\d{1,9}$/.test(pasId ?? '') || !/^\d{1,9}$/.test(classId ?? '')) return null;
  return { id: Number(pasId), classId: Number(classId) };
}

function useClassName(id: number, classId: number): string {
  const { data } = useAssignedQuery(id);
  return data?.find((m) => m.member_id === classId)?.title ?? '';
}

/** /pas/:pasId/classes/:classId/assignments: what the class got from the plan, what is still to come; give now. */
export function ClassAssignmentsPage() {
  const ids = useIds();
  if (!ids) return <NotFoundPage />;
  return <ClassAssignments {...ids} />;
}

function ClassAssignments({ id, classId }: { id: number; classId: number }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const name = useClassName(id, classId);
  const { data, isLoading, isError } = useClassOverviewQuery({ id, class_id: classId });
  const [give, { isLoading: giving, originalArgs }] = useCreateFromPlanMutation();
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  type Row = ClassOverview['assignments'][number];
  return (
    <Flex vertical gap="large">
      <Link to={assignPlanHref(id)}>{data.plan.name}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('pasPlans.classAssignments.title', { name })}</h1>
      {data.suspended === 1 && <Alert type="info" showIcon message={t('pasPlans.classAssignments.optedOut')} />}
      <Table<Row>
        rowKey="plan_assignment_id"
        size="small"
        pagination={false}
        dataSource={data.assignments}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'date',
            title: t('pasPlans.classAssignments.date'),
            render: (_v, a) => (
              <Space wrap>
                {dates.day(a.date)}
                {a.original_date && (
                  <Tag color="orange" style={{ color: '#873800' }}>
                    {t('pasPlans.wizard.weekendMoved', {
                      label: t('pasPlans.weekendLabel'),
                      date: dates.day(a.original_date),
                    })}
                  </Tag>
                )}
              </Space>
            ),
          },
          { key: 'title', title: t('pasPlans.classAssignments.assignment'), dataIndex: 'title' },
          { key: 'activities', title: t('pasPlans.classAssignments.activities'), dataIndex: 'activities' },
          {
            key: 'status',
            title: t('pasPlans.classAssignments.status'),
            render: (_v, a) =>
              a.assignment_id !== null && a.start_at ? (
                <Space direction="vertical" size={0} data-testid={`given-${a.plan_assignment_id}`}>
                  <Tag color="green" style={{ color: '#135200' }}>
                    {t('pasPlans.classAssignments.given', { date: dates.dateTime(a.start_at) })}
                  </Tag>
                  <Typography.Text type="secondary">
                    {a.class_wide
                      ? t('pasPlans.classAssignments.wholeClass')
                      : t('pasPlans.classAssignments.students', { count: a.members ?? 0 })}
                  </Typography.Text>
                </Space>
              ) : (
                <Space>
                  <Typography.Text type="secondary">{t('pasPlans.classAssignments.scheduled')}</Typography.Text>
                  {data.suspended === 0 && data.plan.state !== 'draft' && (
                    <Button
                      size="small"
                      loading={giving && originalArgs?.plan_assignment_id === a.plan_assignment_id}
                      aria-label={`${t('pasPlans.classAssignments.giveNow')}: ${a.title}`}
                      onClick={async () => {
                        try {
                          await give({ id, plan_assignment_id: a.plan_assignment_id, class_id: classId }).unwrap();
                          void message.success(t('pasPlans.classAssignments.givenNow'));
                        } catch {
                          // toasted by the shared handler
                        }
                      }}
                    >
                      {t('pasPlans.classAssignments.giveNow')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </Flex>
  );
}

/** /pas/:pasId/classes/:classId/students: the plan's student settings for the class's students. */
export function ClassStudentsPage() {
  const ids = useIds();
  if (!ids) return <NotFoundPage />;
  return <ClassStudents {...ids} />;
}

function ClassStudents({ id, classId }: { id: number; classId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const name = useClassName(id, classId);
  const { data, isLoading, isError } = useStudentSettingsQuery({ id, class_id: classId });
  const [update, { isLoading: saving }] = useUpdateStudentSettingsMutation();
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  type Row = StudentSettings['students'][number];
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch {
      // toasted by the shared handler
    }
  };
  return (
    <Flex vertical gap="large">
      <Link to={assignPlanHref(id)}>{t('pasPlans.assign.assigned')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('pasPlans.students.title', { name })}</h1>
      <Space align="center">
        <Switch
          checked={data.active_for_students === 1}
          loading={saving}
          aria-label={t('pasPlans.students.activeForAll')}
          onChange={(on) => void run(update({ id, active_for_students: on ? 1 : 0 }).unwrap())}
        />
        <Typography.Text>{t('pasPlans.students.activeForAll')}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">{t('pasPlans.students.activeForAllHelp')}</Typography.Text>
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.students}
        locale={{ emptyText: t('pasPlans.students.none') }}
        columns={[
          {
            key: 'name',
            title: t('pasPlans.students.name'),
            render: (_v, s) => `${s.last_name}, ${s.first_name}${s.username ? ` (${s.username})` : ''}`,
          },
          {
            key: 'active',
            title: t('pasPlans.students.active'),
            render: (_v, s) => (
              <Switch
                checked={s.is_active === 1}
                aria-label={t('pasPlans.students.toggle', { name: `${s.first_name} ${s.last_name}` })}
                onChange={(on) => void run(update({ id, student_id: s.id, is_active: on ? 1 : 0 }).unwrap())}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
