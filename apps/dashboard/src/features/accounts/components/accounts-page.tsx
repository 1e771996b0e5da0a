import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Button, Flex, Input, Select, Space, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useListAccountsQuery } from '../api';
import type { Account } from '../accounts.types';
import {
  accountHref,
  accountOptionsHref,
  accountSettingsHref,
  createAccountHref,
  deleteAccountHref,
  editAccountHref,
} from '../lib/account-paths';
import { ACCOUNT_TYPE_VALUES, typeKey } from '../lib/account-types';
import { useAccountAbilities } from '../lib/use-account-abilities';

const PER_PAGE = 20;

/**
 * /accounts (001 section 2): the accounts the viewer can see (provider staff: all; a domain admin: their domain's; a
 * district admin: their own), searched by name or Account ID, filtered by type and paged. Each name opens the
 * account's page; edit, settings, options and delete show only when the viewer's role allows them.
 */
export function AccountsPage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { canCreate, canUpdate, canDelete } = useAccountAbilities();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<number | undefined>();
  const { data, isFetching } = useListAccountsQuery(
    { page, per_page: PER_PAGE, ...(search ? { search } : {}), ...(type ? { type } : {}) },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('accounts.title')}</h1>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(createAccountHref())}>
            {t('accounts.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('accounts.search')}>
        <Input.Search
          allowClear
          aria-label={t('accounts.search')}
          placeholder={t('accounts.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<number>
          aria-label={t('accounts.typeFilter')}
          style={{ width: 200 }}
          value={type ?? 0}
          options={[
            { value: 0, label: t('accounts.allTypes') },
            ...ACCOUNT_TYPE_VALUES.map((v) => ({ value: v, label: t(typeKey(v)) })),
          ]}
          onChange={(v) => {
            setType(v === 0 ? undefined : v);
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Account>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search || type ? t('accounts.noMatch') : t('accounts.empty') }}
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
              title: t('accounts.name'),
              render: (_v, a) => (
                <Space size={6} wrap>
                  <Link to={accountHref(a.id)}>{a.name}</Link>
                  {a.is_demo && <Tag>{t('accounts.demo')}</Tag>}
                </Space>
              ),
            },
            {
              key: 'district',
              title: t('accounts.districtId'),
              render: (_v, a) => <span style={{ whiteSpace: 'nowrap' }}>{a.district_id}</span>,
            },
            { key: 'type', title: t('accounts.type'), render: (_v, a) => t(typeKey(a.type)) },
            { key: 'zip', title: t('accounts.zipCode'), dataIndex: 'zip_code' },
            { key: 'created', title: t('accounts.created'), render: (_v, a) => dates.date(a.created_at) },
            ...(canUpdate || canDelete
              ? [
                  {
                    key: 'actions',
                    title: t('accounts.actions'),
                    render: (_v: unknown, a: Account) => (
                      <Space size={4} wrap>
                        {canUpdate && (
                          <>
                            <Button
                              size="small"
                              aria-label={`${t('accounts.edit')}: ${a.name}`}
                              onClick={() => void navigate(editAccountHref(a.id))}
                            >
                              {t('accounts.edit')}
                            </Button>
                            <Button
                              size="small"
                              aria-label={`${t('accounts.settings')}: ${a.name}`}
                              onClick={() => void navigate(accountSettingsHref(a.id))}
                            >
                              {t('accounts.settings')}
                            </Button>
                            <Button
                              size="small"
                              aria-label={`${t('accounts.options')}: ${a.name}`}
                              onClick={() => void navigate(accountOptionsHref(a.id))}
                            >
                              {t('accounts.options')}
                            </Button>
                          </>
                        )}
                        {canDelete && (
                          <Button
                            size="small"
                            aria-label={`${t('accounts.delete')}: ${a.name}`}
                            onClick={() => void navigate(deleteAccountHref(a.id))}
                          >
                            {t('accounts.delete')}
                          </Button>
                        )}
                      </Space>
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
