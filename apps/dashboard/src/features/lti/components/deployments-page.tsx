import type { LtiDeploymentDto } from '@aula/domain/lti';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useListLtiDeploymentsQuery, useLtiPlatformCatalogQuery } from '../api';
import { ltiDeploymentCreateHref, ltiDeploymentHref, ltiPlatformHref } from '../lib/lti-paths';
import { LtiHeading, LtiTabs } from './lti-tabs';

const PER_PAGE = 20;

/** /lti-deployments (issue 18 item 2): every deployment in the viewer's slice (a domain admin: their domain's). */
export function LtiDeploymentsPage() {
  const t = useT();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const [search, setSearch] = useState('');
  const [platformId, setPlatformId] = useState<number | undefined>();
  const { data: platforms = [] } = useLtiPlatformCatalogQuery();
  const canCreate = !!policy && can(policy, 'lti-deployment', ['view', 'create']);
  return (
    <Flex vertical gap="large">
      <LtiTabs active="deployments" />
      <LtiHeading
        title={t('lti.deployments.title')}
        intro={t('lti.deployments.intro')}
        extra={
          canCreate && (
            <Button type="primary" onClick={() => void navigate(ltiDeploymentCreateHref())}>
              {t('lti.deployments.add')}
            </Button>
          )
        }
      />
      <Flex wrap gap="small" role="search" aria-label={t('lti.deployments.search')}>
        <Input.Search
          allowClear
          aria-label={t('lti.deployments.search')}
          placeholder={t('lti.deployments.search')}
          style={{ width: 260 }}
          onSearch={(v) => setSearch(v.trim())}
        />
        <Select<number>
          allowClear
          style={{ width: 220 }}
          aria-label={t('lti.deployments.platform')}
          placeholder={t('lti.deployments.allPlatforms')}
          value={platformId}
          onChange={setPlatformId}
          options={platforms.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Flex>
      <DeploymentsTable key={`${search}|${platformId ?? ''}`} search={search} platformId={platformId} />
    </Flex>
  );
}

/** Deployments, paged; on a platform's page, that platform's. */
export function DeploymentsTable(props: { platformId?: number | undefined; search?: string; emptyText?: string }) {
  const t = useT();
  const policy = useAppSelector(selectPolicy);
  const linkPlatforms = !!policy && can(policy, 'lti');
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useListLtiDeploymentsQuery({
    page,
    per_page: PER_PAGE,
    ...(props.search ? { search: props.search } : {}),
    ...(props.platformId ? { platform_id: props.platformId } : {}),
  });
  if (error) return <Alert type="error" showIcon message={errorMessages(error, t('lti.failed'))[0]} />;
  return (
    <div style={{ minWidth: 0, overflowX: 'auto' }}>
      <Table<LtiDeploymentDto>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.data ?? []}
        locale={{ emptyText: props.emptyText ?? t('lti.deployments.empty') }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: data?.meta.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'deployment',
            title: t('lti.deployments.deploymentId'),
            render: (_v, d) => (
              <Link to={ltiDeploymentHref(d.id)}>{d.name ? `${d.name} (${d.deployment_id})` : d.deployment_id}</Link>
            ),
          },
          {
            key: 'platform',
            title: t('lti.deployments.platform'),
            render: (_v, d) =>
              linkPlatforms ? <Link to={ltiPlatformHref(d.platform_id)}>{d.platform_name}</Link> : d.platform_name,
          },
          { key: 'account', title: t('lti.deployments.account'), dataIndex: 'account_name' },
          {
            key: 'catalog',
            title: t('lti.deployments.catalog'),
            render: (_v, d) => (d.is_catalog ? t('lti.yes') : t('lti.no')),
          },
          {
            key: 'active',
            title: t('lti.deployments.active'),
            render: (_v, d) =>
              d.is_active ? <Tag color="green">{t('lti.yes')}</Tag> : <Tag color="red">{t('lti.no')}</Tag>,
          },
        ]}
      />
    </div>
  );
}
