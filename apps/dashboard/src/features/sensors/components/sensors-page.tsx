import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Input, Popconfirm, Space, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteSensorKindMutation, useListSensorKindsQuery } from '../api';
import type { Sensor } from '../sensors.types';
import { sensorCreateHref, sensorEditHref } from '../lib/sensor-paths';

const PER_PAGE = 20;

/**
 * /sensors (001 section 2, the sensor resource): the sensor kinds activities can read, the provider's and the
 * domain's own, with search and paging; create, edit and delete for sensor managers. A provider-wide kind is the
 * provider staff's to change.
 */
export function SensorsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const user = useAppSelector(selectCurrentUser);
  const canCreate = policy ? can(policy, 'sensor', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'sensor', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'sensor', ['view', 'delete']) : false;
  const mine = (s: Sensor) => s.domain_id !== null || user?.domain_id === null;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListSensorKindsQuery({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });
  const [remove] = useDeleteSensorKindMutation();

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('sensors.title')}</h1>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('sensors.intro')}</p>
        </div>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(sensorCreateHref())}>
            {t('sensors.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('sensors.search')}>
        <Input.Search
          allowClear
          aria-label={t('sensors.search')}
          placeholder={t('sensors.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Sensor>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search ? t('sensors.noMatch') : t('sensors.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'name', title: t('sensors.name'), dataIndex: 'name' },
            { key: 'code', title: t('sensors.code'), dataIndex: 'code' },
            {
              key: 'scope',
              title: t('sensors.availability'),
              render: (_v, s) =>
                s.domain_id === null ? (
                  <Tag>{t('sensors.everyDomain')}</Tag>
                ) : (
                  <Tag color="blue">{t('sensors.thisDomain')}</Tag>
                ),
            },
            {
              key: 'actions',
              title: t('sensors.actions'),
              render: (_v, s) =>
                mine(s) && (
                  <Space>
                    {canUpdate && (
                      <Button
                        size="small"
                        aria-label={`${t('sensors.edit')}: ${s.name}`}
                        onClick={() => void navigate(sensorEditHref(s.id))}
                      >
                        {t('sensors.edit')}
                      </Button>
                    )}
                    {canDelete && (
                      <Popconfirm
                        title={t('sensors.deleteConfirm', { name: s.name })}
                        description={t('sensors.deleteHint')}
                        okText={t('sensors.delete')}
                        cancelText={t('sensors.cancel')}
                        onConfirm={async () => {
                          try {
                            await remove(s.id).unwrap();
                            void message.success(t('sensors.deleted'));
                          } catch {
                            // toasted by the shared handler
                          }
                        }}
                      >
                        <Button size="small" danger aria-label={`${t('sensors.delete')}: ${s.name}`}>
                          {t('sensors.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
