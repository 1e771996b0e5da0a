import { assignRefusal } from '@aula/domain/pas-plans';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Card, Flex, Input, Segmented, Space, Switch, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useAssignedQuery,
  useAssignMutation,
  useAvailableQuery,
  useGetPlanQuery,
  useToggleSuspendMutation,
  useUnassignMutation,
  type AvailableClass,
  type AvailableCourse,
  type Member,
} from '../api';
import { classAssignmentsHref, classStudentsHref, planOverviewHref, plansHref } from '../lib/pas-paths';
import { PlanStateTag } from './plans-page';
import { PublishSwitch } from './publish-switch';

const PER_PAGE = 10;

/** /pas/:pasId/assign: assign classes (or a course's classes), opt a class out and back in, publish. */
export function PlanAssignPage() {
  const { pasId } = useParams();
  if (!/^\d{1,9}$/.test(pasId ?? '')) return <NotFoundPage />;
  return <PlanAssign id={Number(pasId)} />;
}

function PlanAssign({ id }: { id: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { data: plan, isLoading, isError } = useGetPlanQuery(id);
  const { data: members } = useAssignedQuery(id);
  const [type, setType] = useState<'class' | 'course'>('class');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data: available, isFetching } = useAvailableQuery(
    { id, type, page, per_page: PER_PAGE, ...(search ? { search } : {}) },
    { skip: !plan },
  );
  const [assign, { isLoading: assigning }] = useAssignMutation();
  const [unassign] = useUnassignMutation();
  const [toggleSuspend] = useToggleSuspendMutation();

  if (isLoading) return <PageLoader />;
  if (isError || !plan) return <NotFoundPage />;
  const draft = assignRefusal(plan) === 'draft';

  const run = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch {
      // toasted by the shared handler
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={plansHref()}>{t('pasPlans.title')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('pasPlans.assign.title', { name: plan.name })}
        </h1>
        <Space>
          <PlanStateTag state={plan.state} />
          <Typography.Text>{t('pasPlans.columns.published')}</Typography.Text>
          <PublishSwitch plan={plan} />
          <Link to={planOverviewHref(id)}>{t('pasPlans.actions.overview')}</Link>
        </Space>
      </Flex>
      {draft && <Alert type="warning" showIcon message={t('pasPlans.errors.draft')} />}

      <Card size="small" title={t('pasPlans.assign.assigned')}>
        <Table<Member>
          rowKey="member_id"
          size="small"
          pagination={false}
          dataSource={members ?? []}
          locale={{ emptyText: t('pasPlans.assign.none') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'title', title: t('pasPlans.columns.name'), dataIndex: 'title' },
            {
              key: 'part',
              title: t('pasPlans.assign.optedIn'),
              render: (_v, m) => (
                <Space>
                  <Switch
                    checked={m.suspended === 0}
                    disabled={!m.can_manage}
                    aria-label={t('pasPlans.assign.optToggle', { name: m.title })}
                    onChange={() => void run(toggleSuspend({ id, class_id: m.member_id }).unwrap())}
                  />
                  <Typography.Text type={m.suspended ? 'secondary' : undefined}>
                    {t(m.suspended ? 'pasPlans.assign.optedOut' : 'pasPlans.assign.optedIn')}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              key: 'links',
              title: t('pasPlans.columns.actions'),
              render: (_v, m) =>
                m.can_manage && (
                  <Space wrap>
                    <Link to={classAssignmentsHref(id, m.member_id)}>{t('pasPlans.assign.classAssignments')}</Link>
                    <Link to={classStudentsHref(id, m.member_id)}>{t('pasPlans.assign.studentSettings')}</Link>
                    <Button
                      size="small"
                      onClick={() => void run(unassign({ id, class_id: m.member_id }).unwrap())}
                      aria-label={`${t('pasPlans.assign.unassign')}: ${m.title}`}
                    >
                      {t('pasPlans.assign.unassign')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>

      <Card
        size="small"
        title={
          <Segmented<'class' | 'course'>
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
            options={(['class', 'course'] as const).map((v) => ({
              value: v,
              label: t(`pasPlans.assign.${v === 'class' ? 'classes' : 'courses'}` as MessageKey),
            }))}
          />
        }
        extra={
          <Input.Search
            allowClear
            size="small"
            aria-label={t('pasPlans.search')}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
        }
      >
        <Table<AvailableClass | AvailableCourse>
          rowKey={(r) => `${r.type}-${r.id}`}
          size="small"
          loading={isFetching}
          dataSource={available?.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: available?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'name',
              title: t('pasPlans.columns.name'),
              render: (_v, r) => (r.type === 'class' ? r.display_name : r.title),
            },
            {
              key: 'about',
              title: type === 'class' ? t('pasPlans.assign.school') : t('pasPlans.columns.classes'),
              render: (_v, r) =>
                r.type === 'class'
                  ? `${r.organization_name} · ${t('pasPlans.assign.students', { count: r.students })}`
                  : t('pasPlans.assign.courseClasses', { assigned: r.assigned, classes: r.classes }),
            },
            {
              key: 'assign',
              title: t('pasPlans.columns.actions'),
              render: (_v, r) => {
                const name = r.type === 'class' ? r.display_name : r.title;
                return (
                  <Button
                    size="small"
                    type="primary"
                    disabled={draft || (r.type === 'class' && r.is_assigned)}
                    loading={assigning}
                    aria-label={`${t('pasPlans.assign.assign')}: ${name}`}
                    onClick={() =>
                      void run(
                        assign({ id, member_type: r.type, member_id: r.id })
                          .unwrap()
                          .then(() => message.success(name)),
                      )
                    }
                  >
                    {t(r.type === 'class' ? 'pasPlans.assign.assign' : 'pasPlans.assign.assignCourse')}
                  </Button>
                );
              },
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
