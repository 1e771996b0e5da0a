import { can } from '@aula/domain/permissions';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Empty, Flex, Select, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAssignedQuery, useGetPlanQuery, useListPlansQuery, type Member } from '../api';
import { assignPlanHref, classStudentsHref } from '../lib/pas-paths';

/** The plan's classes (GET pas/{id}/assigned), each row's link given by `link`. */
function PlanClasses({ id, link }: { id: number; link: 'labGroups' | 'students' }) {
  const t = useT();
  const policy = useAppSelector(selectPolicy);
  const canAssign = policy ? can(policy, 'pas-plan', ['view', 'update']) : false;
  const { data, isFetching } = useAssignedQuery(id);
  return (
    <Table<Member>
      rowKey="member_id"
      loading={isFetching}
      pagination={false}
      dataSource={data ?? []}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Flex vertical gap="small" align="center">
            {t('morePages.pas.noClasses')}
            {canAssign && <Link to={assignPlanHref(id)}>{t('morePages.pas.assign')}</Link>}
          </Flex>
        ),
      }}
      columns={[
        { key: 'class', title: t('morePages.pas.class'), dataIndex: 'title' },
        {
          key: 'status',
          title: t('morePages.pas.status'),
          render: (_v, m) => t(m.suspended === 1 ? 'morePages.pas.optedOut' : 'morePages.pas.active'),
        },
        {
          key: 'link',
          title: t(`morePages.pas.${link}`),
          render: (_v, m) =>
            link === 'labGroups' ? (
              <Link
                to={`/classes/${m.member_id}/lab-groups`}
                aria-label={t('morePages.pas.labGroupsOf', { name: m.title })}
              >
                {t('morePages.pas.labGroups')}
              </Link>
            ) : (
              <Link
                to={classStudentsHref(id, m.member_id)}
                aria-label={t('morePages.pas.studentsOf', { name: m.title })}
              >
                {t('morePages.pas.students')}
              </Link>
            ),
        },
      ]}
    />
  );
}

/** /pas/:pasId/lab-groups: the classes the plan is assigned to, each linking to its lab groups. */
export function PlanLabGroupsPage() {
  const { pasId } = useParams();
  if (!/^\d{1,9}$/.test(pasId ?? '')) return <NotFoundPage />;
  return <PlanLabGroups id={Number(pasId)} />;
}

function PlanLabGroups({ id }: { id: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { data: plan, isLoading, isError } = useGetPlanQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !plan) return <NotFoundPage />;
  return (
    <Flex vertical gap="large">
      <Typography.Text type="secondary">{plan.name}</Typography.Text>
      <Flex vertical gap="small">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('morePages.pas.labGroupsTitle')}</h1>
        <Typography.Text type="secondary">{t('morePages.pas.labGroupsIntro')}</Typography.Text>
      </Flex>
      <PlanClasses id={id} link="labGroups" />
    </Flex>
  );
}

/** /pas-students: pick a plan, see its classes, open a class's student settings (/pas/{id}/classes/{classId}/students). */
export function PlanStudentsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [planId, setPlanId] = useState<number>();
  const { data, isFetching } = useListPlansQuery({
    kind: 'all',
    page: 1,
    per_page: 50,
    ...(search ? { search } : {}),
  });
  const plans = data?.data ?? [];
  const noPlans = !isFetching && !search && plans.length === 0;
  return (
    <Flex vertical gap="large">
      <Flex vertical gap="small">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('morePages.pas.studentsTitle')}</h1>
        <Typography.Text type="secondary">{t('morePages.pas.studentsIntro')}</Typography.Text>
      </Flex>
      {noPlans ? (
        <Empty description={t('morePages.pas.noPlans')} />
      ) : (
        <Select
          showSearch
          allowClear
          filterOption={false}
          aria-label={t('morePages.pas.plan')}
          placeholder={t('morePages.pas.pickPlan')}
          style={{ width: 360, maxWidth: '100%' }}
          loading={isFetching}
          value={planId}
          onSearch={(v) => setSearch(v.trim())}
          onChange={(v?: number) => setPlanId(v)}
          options={plans.map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      {planId !== undefined && <PlanClasses key={planId} id={planId} link="students" />}
    </Flex>
  );
}
