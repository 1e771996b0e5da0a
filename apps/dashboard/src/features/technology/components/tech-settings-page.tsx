import { TECHNOLOGY_FIELDS } from '@aula/domain/tenancy';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Flex, Input, Switch, Table, Tag, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTechAccountsQuery, useTechFlagsQuery, useTechToggleMutation } from '../api';
import type { AccountRow, TechnologyField } from '../technology.types';

const PER_PAGE = 20;
type Key = `${number}:${TechnologyField}`;

/**
 * /tech-settings (the technology resource, the super administrator's): the provider-wide technology settings, one
 * switch per account and setting. A switch writes at once (toggle technology setting) and shows the saved state,
 * read back in one call for the page of accounts.
 */
export function TechSettingsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const accounts = useTechAccountsQuery(
    { page, per_page: PER_PAGE, ...(search ? { search } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const ids = useMemo(() => (accounts.data?.data ?? []).map((a) => a.id), [accounts.data]);
  const flags = useTechFlagsQuery(ids, { skip: ids.length === 0, refetchOnMountOrArgChange: true });
  const byAccount = useMemo(() => new Map((flags.data ?? []).map((f) => [f.account_id, f])), [flags.data]);
  // what a switch says between its saved answer and the re-read of the page's flags
  const [saved, setSaved] = useState<Partial<Record<Key, boolean>>>({});
  const [pending, setPending] = useState<Partial<Record<Key, boolean>>>({});
  const [toggle] = useTechToggleMutation();

  const onToggle = async (account: AccountRow, field: TechnologyField, value: boolean) => {
    const key: Key = `${account.id}:${field}`;
    setPending((p) => ({ ...p, [key]: true }));
    try {
      const settings = await toggle({ id: account.id, field, value }).unwrap();
      const enabled = settings.find((s) => s.setting === field)?.value.enabled === true;
      setSaved((s) => ({ ...s, [key]: enabled }));
      void message.success(
        t(enabled ? 'technology.turnedOn' : 'technology.turnedOff', {
          setting: t(`technology.fields.${field}`),
          account: account.name,
        }),
      );
    } catch {
      // toasted by the shared handler; the switch keeps the saved state
    } finally {
      setPending((p) => ({ ...p, [key]: false }));
    }
  };

  const checked = (account: AccountRow, field: TechnologyField) =>
    saved[`${account.id}:${field}`] ?? byAccount.get(account.id)?.[field] ?? false;

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('technology.settingsTitle')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('technology.settingsIntro')}</p>
      </div>
      <Flex wrap gap="small" role="search" aria-label={t('technology.search')}>
        <Input.Search
          allowClear
          aria-label={t('technology.search')}
          placeholder={t('technology.search')}
          style={{ width: 300 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
            setSaved({});
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<AccountRow>
          rowKey="id"
          loading={accounts.isFetching || (ids.length > 0 && flags.isLoading)}
          dataSource={accounts.data?.data ?? []}
          locale={{ emptyText: search ? t('technology.noMatch') : t('technology.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: accounts.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => {
              setPage(p);
              setSaved({});
            },
          }}
          columns={[
            {
              key: 'account',
              title: t('technology.account'),
              render: (_v, a) => (
                <Flex vertical gap={2}>
                  <span>
                    {a.name} {a.is_demo && <Tag>{t('technology.demo')}</Tag>}
                  </span>
                  <Typography.Text type="secondary">{a.district_id}</Typography.Text>
                </Flex>
              ),
            },
            ...TECHNOLOGY_FIELDS.map((field) => ({
              key: field,
              title: t(`technology.fields.${field}`),
              render: (_v: unknown, a: AccountRow) => (
                <Switch
                  aria-label={`${t(`technology.fields.${field}`)}: ${a.name}`}
                  checked={checked(a, field)}
                  loading={pending[`${a.id}:${field}`] === true}
                  disabled={!byAccount.has(a.id)}
                  onChange={(value) => void onToggle(a, field, value)}
                />
              ),
            })),
          ]}
        />
      </div>
    </Flex>
  );
}
