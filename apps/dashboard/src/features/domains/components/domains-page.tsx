import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Button, Flex, Input, Table, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDomainListQuery } from '../api';
import type { Domain } from '../domains.types';
import { createDomainHref, editDomainHref, myDomainHref } from '../lib/domain-paths';

const PER_PAGE = 20;

/** /domains (provider staff, multi-domain only): every domain, searched by name and paged; create and edit. */
export function DomainsPage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'domain', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'domain', ['view', 'update']) : false;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isFetching } = useDomainListQuery(
    { page, per_page: PER_PAGE, ...(search ? { search } : {}) },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('domains.title')}</h1>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('domains.intro')}</p>
        </div>
        <Flex gap="small" wrap>
          <Button onClick={() => void navigate(myDomainHref())}>{t('domains.myTitle')}</Button>
          {canCreate && (
            <Button type="primary" onClick={() => void navigate(createDomainHref())}>
              {t('domains.create')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('domains.search')}>
        <Input.Search
          allowClear
          aria-label={t('domains.search')}
          placeholder={t('domains.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Domain>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search ? t('domains.noMatch') : t('domains.empty') }}
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
              title: t('domains.name'),
              render: (_v, d) => (canUpdate ? <Link to={editDomainHref(d.id)}>{d.name}</Link> : d.name),
            },
            { key: 'created', title: t('domains.created'), render: (_v, d) => dates.date(d.created_at) },
            { key: 'updated', title: t('domains.updated'), render: (_v, d) => dates.date(d.updated_at) },
            ...(canUpdate
              ? [
                  {
                    key: 'actions',
                    title: t('domains.actions'),
                    render: (_v: unknown, d: Domain) => (
                      <Button
                        size="small"
                        aria-label={`${t('domains.edit')}: ${d.name}`}
                        onClick={() => void navigate(editDomainHref(d.id))}
                      >
                        {t('domains.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </Flex>
  );
}
