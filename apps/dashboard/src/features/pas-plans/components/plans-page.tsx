import { deleteRefusal } from '@aula/domain/pas-plans';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Input, Popconfirm, Segmented, Space, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCopyPlanMutation, useDeletePlanMutation, useListPlansQuery, type PlanRow } from '../api';
import { assignPlanHref, createPlanHref, editPlanHref, planOverviewHref } from '../lib/pas-paths';
import { PublishSwitch } from './publish-switch';

const PER_PAGE = 20;
type Tab = 'all' | 'my' | 'templates';

const STATE_COLORS = { draft: 'default', ready: 'gold', published: 'green' } as const;

export function PlanStateTag({ state }: { state: PlanRow['state'] }) {
  const t = useT();
  // the dark text keeps AA contrast on the light preset backgrounds
  const style = state === 'published' ? { color: '#135200' } : state === 'ready' ? { color: '#613400' } : undefined;
  return (
    <Tag color={STATE_COLORS[state]} style={style}>
      {t(`pasPlans.states.${state}` as MessageKey)}
    </Tag>
  );
}

/** /pas: every plan the caller reaches (all, mine, templates) with the publish toggle and the plan actions. */
export function PlansPage() {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'pas-plan', ['create']) : false;
  const canUpdate = policy ? can(policy, 'pas-plan', ['update']) : false;
  const canDelete = policy ? can(policy, 'pas-plan', ['delete']) : false;
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListPlansQuery({
    kind: tab === 'my' ? 'my' : 'all',
    page,
    per_page: PER_PAGE,
    is_template: tab === 'templates' ? 1 : 0,
    ...(search ? { search } : {}),
  });
  const [copy] = useCopyPlanMutation();
  const [remove] = useDeletePlanMutation();

  const copyPlan = async (p: PlanRow, template: boolean) => {
    try {
      const made = await copy({ id: p.id, template }).unwrap();
      void message.success(t(template ? 'pasPlans.actions.templateSaved' : 'pasPlans.actions.copied'));
      if (!template) void navigate(editPlanHref(made.id));
    } catch {
      // toasted by the shared handler
    }
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('pasPlans.title')}</h1>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(createPlanHref())}>
            {t('pasPlans.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="middle" align="center">
        <Segmented<Tab>
          value={tab}
          onChange={(v) => {
            setTab(v);
            setPage(1);
          }}
          options={(['all', 'my', 'templates'] as const).map((v) => ({
            value: v,
            label: t(`pasPlans.tabs.${v}` as MessageKey),
          }))}
        />
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('pasPlans.search')}
          aria-label={t('pasPlans.search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <Table<PlanRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.data ?? []}
        locale={{ emptyText: t('pasPlans.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: data?.meta.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'name',
            title: t('pasPlans.columns.name'),
            render: (_v, p) => <Link to={planOverviewHref(p.id)}>{p.name}</Link>,
          },
          { key: 'product', title: t('pasPlans.columns.product'), render: (_v, p) => p.product_name ?? '' },
          {
            key: 'session',
            title: t('pasPlans.columns.session'),
            render: (_v, p) => p.academic_session_title ?? '',
          },
          {
            key: 'type',
            title: t('pasPlans.columns.type'),
            render: (_v, p) => t(`pasPlans.types.${p.plan_type}` as MessageKey),
          },
          { key: 'assignments', title: t('pasPlans.columns.assignments'), dataIndex: 'scheduled_assignments' },
          {
            key: 'classes',
            title: t('pasPlans.columns.classes'),
            render: (_v, p) => `${p.active_classes}/${p.assigned_classes}`,
          },
          { key: 'status', title: t('pasPlans.columns.status'), render: (_v, p) => <PlanStateTag state={p.state} /> },
          {
            key: 'published',
            title: t('pasPlans.columns.published'),
            render: (_v, p) => (tab === 'templates' ? null : <PublishSwitch plan={p} disabled={!canUpdate} />),
          },
          {
            key: 'actions',
            title: t('pasPlans.columns.actions'),
            render: (_v, p) => (
              <Space wrap size="small">
                {tab === 'templates' ? (
                  canCreate && (
                    <Button size="small" onClick={() => void copyPlan(p, false)}>
                      {t('pasPlans.actions.useTemplate')}
                    </Button>
                  )
                ) : (
                  <>
                    {canUpdate && (
                      <Link to={editPlanHref(p.id)} aria-label={`${t('pasPlans.actions.edit')}: ${p.name}`}>
                        {t('pasPlans.actions.edit')}
                      </Link>
                    )}
                    {canUpdate && (
                      <Link to={assignPlanHref(p.id)} aria-label={`${t('pasPlans.actions.assign')}: ${p.name}`}>
                        {t('pasPlans.actions.assign')}
                      </Link>
                    )}
                    {canCreate && (
                      <Button size="small" onClick={() => void copyPlan(p, false)}>
                        {t('pasPlans.actions.copy')}
                      </Button>
                    )}
                    {canCreate && (
                      <Button size="small" onClick={() => void copyPlan(p, true)}>
                        {t('pasPlans.actions.saveAsTemplate')}
                      </Button>
                    )}
                  </>
                )}
                {canDelete && !deleteRefusal(p) && (
                  <Popconfirm
                    title={t('pasPlans.actions.confirmDelete', { name: p.name })}
                    onConfirm={async () => {
                      try {
                        await remove(p.id).unwrap();
                        void message.success(t('pasPlans.actions.deleted'));
                      } catch {
                        // toasted by the shared handler
                      }
                    }}
                  >
                    <Button size="small" danger>
                      {t('pasPlans.actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
