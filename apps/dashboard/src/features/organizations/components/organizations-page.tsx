import { canManageOrganizations } from '@aula/domain/organizations';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex, Input, Select, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listScopeOf, schoolsFilterOf, type ListScopeRef } from '../../people/lib/list-scope';
import { useListOrganizationAccountsQuery, useListOrganizationsQuery } from '../api';
import { createOrganizationHref, organizationHref } from '../lib/organization-paths';
import type { Organization } from '../organizations.types';

const PER_PAGE = 20;

/**
 * /organizations and /accounts/:accountId/organizations: the schools the caller may see, searchable and paged; provider
 * and domain staff may narrow the list to one district. Each row opens the school's page.
 */
export function OrganizationsPage() {
  const params = useParams();
  const { accountId } = params;
  const fixed = accountId !== undefined && /^\d{1,9}$/.test(accountId) ? Number(accountId) : undefined;
  // under a class, teacher, admin, student or group (001 section 2, '*/organizations')
  const found = listScopeOf(params);
  const inner = found && found.scope !== 'accounts' ? found : null;
  return (
    <OrganizationsList
      key={`${fixed ?? 'all'}/${inner ? `${inner.scope}/${inner.id}` : ''}`}
      fixedAccountId={fixed}
      inner={inner}
    />
  );
}

function OrganizationsList({
  fixedAccountId,
  inner,
}: {
  fixedAccountId: number | undefined;
  inner: ListScopeRef | null;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const canCreate = canManageOrganizations(policy, 'create') && inner === null;
  // provider and domain staff see many districts: they may filter by one
  const manyAccounts = user?.account_id === null && fixedAccountId === undefined && inner === null;
  const [accountSearch, setAccountSearch] = useState('');
  const { data: accounts = [], isFetching: accountsLoading } = useListOrganizationAccountsQuery(accountSearch, {
    skip: !manyAccounts,
  });
  const [accountId, setAccountId] = useState<number | undefined>(fixedAccountId);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListOrganizationsQuery({
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(accountId !== undefined ? { account_id: accountId } : {}),
    ...(schoolsFilterOf(inner) ?? {}),
  });
  const none = <Typography.Text type="secondary">—</Typography.Text>;

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex vertical gap={4}>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
            {fixedAccountId !== undefined && !inner ? t('organizations.titleOfAccount') : t('organizations.title')}
          </h1>
          {inner && (
            <Typography.Text type="secondary">
              {t('people.common.scopedTo', {
                list: t('organizations.title'),
                scope: t(`people.common.scopes.${inner.scope}`),
                id: inner.id,
              })}
            </Typography.Text>
          )}
        </Flex>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(createOrganizationHref(accountId))}>
            {t('organizations.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('organizations.filters')}>
        <Input.Search
          allowClear
          aria-label={t('organizations.search')}
          placeholder={t('organizations.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        {manyAccounts && (
          <Select<number>
            allowClear
            showSearch
            filterOption={false}
            aria-label={t('organizations.account')}
            placeholder={t('organizations.allAccounts')}
            style={{ width: 260 }}
            loading={accountsLoading}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            onSearch={setAccountSearch}
            value={accountId}
            onChange={(v) => {
              setAccountId(v ?? undefined);
              setPage(1);
            }}
          />
        )}
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Organization>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('organizations.empty') }}
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
              title: t('organizations.columns.name'),
              render: (_v, o) => <Link to={organizationHref(o.id)}>{o.name}</Link>,
            },
            { key: 'nces', title: t('organizations.columns.ncesId'), render: (_v, o) => o.nces_id ?? none },
            { key: 'city', title: t('organizations.columns.city'), render: (_v, o) => o.city ?? none },
            { key: 'state', title: t('organizations.columns.state'), render: (_v, o) => o.state ?? none },
            { key: 'source', title: t('organizations.columns.source'), render: (_v, o) => sourceLabel(t, o.source) },
          ]}
        />
      </div>
    </Flex>
  );
}

type T = ReturnType<typeof useT>;
const SOURCES = ['manual', 'oneroster', 'clever', 'classlink', 'google', 'lti'] as const;

export function sourceLabel(t: T, source: string): string {
  const known = SOURCES.find((s) => s === source);
  return known ? t(`organizations.source.${known}`) : source;
}
