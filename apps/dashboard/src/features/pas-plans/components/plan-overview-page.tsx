import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Badge, Calendar, Card, Flex, Segmented, Space, Table, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useOverviewQuery, type PlanOverview } from '../api';
import { assignPlanHref, classAssignmentsHref, editPlanHref, plansHref } from '../lib/pas-paths';
import { PlanStateTag } from './plans-page';

/** /pas-assignments/:pasId: the plan's calendar and overview (each date, how many classes got it, the classes). */
export function PlanOverviewPage() {
  const { pasId } = useParams();
  if (!/^\d{1,9}$/.test(pasId ?? '')) return <NotFoundPage />;
  return <PlanOverviewView id={Number(pasId)} />;
}

function PlanOverviewView({ id }: { id: number }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { data, isLoading, isError } = useOverviewQuery(id);
  const [view, setView] = useState<'calendar' | 'list'>('calendar');
  const [month, setMonth] = useState<Dayjs | null>(null);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  const { plan, assignments, classes, today } = data;
  type Row = PlanOverview['assignments'][number];
  const byDate = new Map(assignments.map((a) => [a.date!, a]));
  const first = assignments.find((a) => a.date !== null && a.date >= today) ?? assignments[0];
  const shown = month ?? (first?.date ? dayjs(first.date) : dayjs(today));
  const active = classes.filter((c) => c.suspended === 0).length;

  return (
    <Flex vertical gap="large">
      <Link to={plansHref()}>{t('pasPlans.title')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('pasPlans.overview.title', { name: plan.name })}
        </h1>
        <Space wrap>
          <PlanStateTag state={plan.state} />
          <Tag>{t(`pasPlans.types.${plan.plan_type}` as MessageKey)}</Tag>
          <Link to={editPlanHref(id)}>{t('pasPlans.actions.edit')}</Link>
          <Link to={assignPlanHref(id)}>{t('pasPlans.actions.assign')}</Link>
        </Space>
      </Flex>
      <Segmented<'calendar' | 'list'>
        value={view}
        onChange={setView}
        options={[
          { value: 'calendar', label: t('pasPlans.overview.calendar') },
          { value: 'list', label: t('pasPlans.overview.list') },
        ]}
      />
      {view === 'calendar' ? (
        <Calendar
          value={shown}
          onPanelChange={(d) => setMonth(d)}
          onSelect={(d) => setMonth(d)}
          fullscreen
          cellRender={(d, info) => {
            if (info.type !== 'date') return info.originNode;
            const a = byDate.get(d.format('YYYY-MM-DD'));
            if (!a) return null;
            return (
              <Flex vertical gap={2}>
                <Badge status={a.date! < today ? 'default' : 'processing'} text={a.title} />
                {a.original_date && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('pasPlans.wizard.weekendMoved', {
                      label: t('pasPlans.weekendLabel'),
                      date: dates.day(a.original_date),
                    })}
                  </Typography.Text>
                )}
              </Flex>
            );
          }}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={assignments}
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
            {
              key: 'given',
              title: t('pasPlans.classAssignments.status'),
              render: (_v, a) =>
                a.date! > today
                  ? t('pasPlans.overview.upcoming')
                  : t('pasPlans.overview.givenTo', { given: a.given_classes, classes: active }),
            },
          ]}
        />
      )}
      <Card size="small" title={t('pasPlans.assign.assigned')}>
        {classes.length === 0 ? (
          <Typography.Text type="secondary">{t('pasPlans.assign.none')}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            {classes.map((c) => (
              <Space key={c.member_id} wrap>
                {c.can_manage ? <Link to={classAssignmentsHref(id, c.member_id)}>{c.title}</Link> : c.title}
                <Typography.Text type="secondary">
                  {t(c.suspended ? 'pasPlans.assign.optedOut' : 'pasPlans.assign.optedIn')}
                </Typography.Text>
              </Space>
            ))}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
