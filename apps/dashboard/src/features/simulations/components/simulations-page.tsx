import { SIMULATION_PROVIDERS, type SimulationDto, type SimulationProvider } from '@aula/domain/simulations';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Input, Select, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useListSimulationsQuery } from '../api';
import { SimulationPreview } from './simulation-preview';

const PER_PAGE = 20;
const PROVIDER_COLOURS: Record<SimulationProvider, string> = {
  tuva: 'purple',
  phet: 'blue',
  codap: 'cyan',
  vernier: 'green',
};

/**
 * /simulations (002 section 7, simulations-view): the simulation embeds of the caller's library and of the published
 * activities they may use, filtered by title or address and provider, paged; each opens in a preview and links to
 * the activities that show it.
 */
export function SimulationsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [provider, setProvider] = useState<SimulationProvider | undefined>();
  const [open, setOpen] = useState<SimulationDto | null>(null);
  const list = useListSimulationsQuery({ page, per_page: PER_PAGE, search, provider });
  const filtered = !!search || !!provider;

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('simulations.title')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('simulations.intro')}</p>
      </div>
      <Flex wrap gap="small" role="search" aria-label={t('simulations.search')}>
        <Input.Search
          allowClear
          aria-label={t('simulations.search')}
          placeholder={t('simulations.search')}
          style={{ width: 300, maxWidth: '100%' }}
          maxLength={255}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<SimulationProvider | ''>
          aria-label={t('simulations.provider')}
          style={{ width: 200 }}
          value={provider ?? ''}
          onChange={(v) => {
            setProvider(v || undefined);
            setPage(1);
          }}
          options={[
            { value: '', label: t('simulations.allProviders') },
            ...SIMULATION_PROVIDERS.map((p) => ({ value: p, label: t(`simulations.providers.${p}`) })),
          ]}
        />
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('simulations.loadFailed')}
          action={<Button onClick={() => void list.refetch()}>{t('simulations.retry')}</Button>}
        />
      ) : (
        <div style={{ minWidth: 0, overflowX: 'auto' }}>
          <Table<SimulationDto>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.data ?? []}
            locale={{ emptyText: filtered ? t('simulations.noMatch') : t('simulations.empty') }}
            pagination={{
              current: page,
              pageSize: PER_PAGE,
              total: list.data?.meta.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
            columns={[
              { key: 'title', title: t('simulations.name'), dataIndex: 'title' },
              {
                key: 'provider',
                title: t('simulations.provider'),
                render: (_v, s) => (
                  <Tag color={PROVIDER_COLOURS[s.provider]}>{t(`simulations.providers.${s.provider}`)}</Tag>
                ),
              },
              {
                key: 'activities',
                title: t('simulations.usedIn'),
                render: (_v, s) =>
                  s.activities.length === 0 ? (
                    <Typography.Text type="secondary">{t('simulations.notUsed')}</Typography.Text>
                  ) : (
                    <Flex vertical gap={2}>
                      {s.activities.map((a) => (
                        <Link key={a.id} to={`/activity/view/${a.id}`}>
                          {a.title}
                        </Link>
                      ))}
                    </Flex>
                  ),
              },
              {
                key: 'actions',
                title: t('simulations.actions'),
                render: (_v, s) => (
                  <Button
                    size="small"
                    aria-label={t('simulations.previewOf', { title: s.title })}
                    onClick={() => setOpen(s)}
                  >
                    {t('simulations.preview')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      )}
      <SimulationPreview simulation={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
