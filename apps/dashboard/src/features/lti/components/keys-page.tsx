import type { LtiKeyDto, LtiKeyState } from '@aula/domain/lti';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { jwksUrl } from '../lib/tool-urls';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Alert, App, Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import {
  useCreateLtiKeyMutation,
  useDeleteLtiKeyMutation,
  useListLtiKeysQuery,
  useRotateLtiKeysMutation,
  useToggleLtiKeyMutation,
} from '../api';
import { LtiHeading, LtiTabs } from './lti-tabs';

const STATE_COLORS: Record<LtiKeyState, string> = {
  standby: 'blue',
  scheduled: 'gold',
  active: 'green',
  retired: 'default',
  expired: 'default',
  deactivated: 'red',
};

/** /lti-keys (issue 18 item 1): Aula's signing keys with create, rotate, the active toggle and delete. */
export function LtiKeysPage() {
  const t = useT();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const { data, isLoading, error } = useListLtiKeysQuery();
  const [create, { isLoading: creating }] = useCreateLtiKeyMutation();
  const [rotate, { isLoading: rotating }] = useRotateLtiKeysMutation();
  const [toggle, { isLoading: toggling }] = useToggleLtiKeyMutation();
  const [remove, { isLoading: removing }] = useDeleteLtiKeyMutation();
  const { dateTime } = useDates();
  const run = async (action: () => Promise<unknown>, done: (out: unknown) => string) => {
    try {
      void message.success(done(await action()));
    } catch {
      // toasted by the shared handler
    }
  };
  return (
    <Flex vertical gap="large">
      <LtiTabs active="keys" />
      <KeysView
        keys={data ?? []}
        loading={isLoading}
        error={error ? errorMessages(error, t('lti.failed'))[0]! : null}
        busy={creating || rotating || toggling || removing}
        canCreate={!!policy && can(policy, 'lti', ['view', 'create'])}
        canUpdate={!!policy && can(policy, 'lti', ['view', 'update'])}
        canDelete={!!policy && can(policy, 'lti', ['view', 'delete'])}
        onCreate={() =>
          void run(
            () => create().unwrap(),
            () => t('lti.keys.created'),
          )
        }
        onRotate={(keyId) =>
          void run(
            () => rotate(keyId ? { key_id: keyId } : {}).unwrap(),
            (out) => t('lti.keys.rotated', { date: dateTime((out as LtiKeyDto).signs_from ?? '') }),
          )
        }
        onToggle={(key) =>
          void run(
            () => toggle(key.id).unwrap(),
            () => t(key.state === 'deactivated' ? 'lti.keys.reactivated' : 'lti.keys.deactivated'),
          )
        }
        onDelete={(key) =>
          void run(
            () => remove(key.id).unwrap(),
            () => t('lti.keys.removed'),
          )
        }
      />
    </Flex>
  );
}

export interface KeysViewProps {
  keys: LtiKeyDto[];
  loading: boolean;
  error: string | null;
  busy: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onCreate: () => void;
  /** without a key id: a fresh key */
  onRotate: (keyId?: number) => void;
  onToggle: (key: LtiKeyDto) => void;
  onDelete: (key: LtiKeyDto) => void;
}

export function KeysView(props: KeysViewProps) {
  const { keys, canUpdate, canDelete, busy } = props;
  const t = useT();
  const { dateTime } = useDates();
  const when = (v: string | null) => (v ? dateTime(v) : '—');
  const hasSigner = keys.some((k) => k.state === 'active');
  const pending = keys.some((k) => k.state === 'scheduled');
  return (
    <Flex vertical gap="middle">
      <LtiHeading
        title={t('lti.keys.title')}
        intro={t('lti.keys.intro')}
        extra={
          <Space>
            {props.canCreate && (
              <Button onClick={props.onCreate} loading={busy} type={hasSigner ? 'default' : 'primary'}>
                {t('lti.keys.create')}
              </Button>
            )}
            {canUpdate && hasSigner && (
              <Popconfirm
                title={t('lti.keys.rotateConfirm')}
                okText={t('lti.keys.rotate')}
                cancelText={t('lti.cancel')}
                onConfirm={() => props.onRotate()}
              >
                <Button type="primary" disabled={pending || busy}>
                  {t('lti.keys.rotate')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('lti.keys.jwksUrl')}:{' '}
        <Typography.Text copyable code>
          {jwksUrl()}
        </Typography.Text>
      </Typography.Paragraph>
      {props.error ? (
        <Alert type="error" showIcon message={props.error} />
      ) : (
        <div style={{ minWidth: 0, overflowX: 'auto' }}>
          <Table<LtiKeyDto>
            rowKey="id"
            loading={props.loading}
            dataSource={keys}
            pagination={false}
            locale={{ emptyText: t('lti.keys.empty') }}
            columns={[
              {
                key: 'kid',
                title: t('lti.keys.kid'),
                render: (_v, k) => <Typography.Text code>{k.kid}</Typography.Text>,
              },
              {
                key: 'state',
                title: t('lti.keys.state'),
                render: (_v, k) => <Tag color={STATE_COLORS[k.state]}>{t(`lti.keys.states.${k.state}`)}</Tag>,
              },
              { key: 'created', title: t('lti.keys.createdAt'), render: (_v, k) => when(k.created_at) },
              { key: 'signs', title: t('lti.keys.signsFrom'), render: (_v, k) => when(k.signs_from) },
              { key: 'retires', title: t('lti.keys.retiresAt'), render: (_v, k) => when(k.retires_at) },
              { key: 'until', title: t('lti.keys.publishedUntil'), render: (_v, k) => when(k.published_until) },
              {
                key: 'actions',
                title: t('lti.actions'),
                render: (_v, k) => (
                  <Space wrap>
                    {canUpdate && k.state === 'standby' && hasSigner && !pending && (
                      <Button size="small" disabled={busy} onClick={() => props.onRotate(k.id)}>
                        {t('lti.keys.rotateTo')}
                      </Button>
                    )}
                    {canUpdate && k.state !== 'active' && k.state !== 'expired' && (
                      <Button
                        size="small"
                        disabled={busy}
                        aria-label={`${t(k.state === 'deactivated' ? 'lti.keys.reactivate' : 'lti.keys.deactivate')}: ${k.kid}`}
                        onClick={() => props.onToggle(k)}
                      >
                        {t(k.state === 'deactivated' ? 'lti.keys.reactivate' : 'lti.keys.deactivate')}
                      </Button>
                    )}
                    {canDelete && (k.state === 'deactivated' || k.state === 'expired') && (
                      <Popconfirm
                        title={t('lti.keys.removeConfirm')}
                        okText={t('lti.keys.remove')}
                        cancelText={t('lti.cancel')}
                        onConfirm={() => props.onDelete(k)}
                      >
                        <Button size="small" danger disabled={busy} aria-label={`${t('lti.keys.remove')}: ${k.kid}`}>
                          {t('lti.keys.remove')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </div>
      )}
    </Flex>
  );
}
