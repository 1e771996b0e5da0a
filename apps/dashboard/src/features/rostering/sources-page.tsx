import { can } from '@aula/domain/permissions';
import {
  DEFAULT_ROSTER_SCHEDULE,
  ROSTER_AUTHORIZATION_TYPES,
  ROSTER_SSO_PROVIDERS,
  rosterSourceSaveSchema,
  type RosterSourceDto,
  type RosterSourceTestResult,
} from '@aula/domain/rostering-sources';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Alert, App, Button, Flex, Form, Input, Popconfirm, Select, Space, Switch, Typography, theme } from 'antd';
import { useState } from 'react';
import { ConnectionTestResult } from '../../components/connection-test-result';
import {
  useDeleteRosterSourceMutation,
  useImportFromRosterSourceMutation,
  useListRosterAccountOptionsQuery,
  useListRosterSourcesQuery,
  useSaveRosterSourceMutation,
  useTestRosterSourceMutation,
  useToggleRosterSourceMutation,
  type RosterSourceForm,
} from './sources-api';

const FIELDS = [
  'endpoint_url',
  'token_url',
  'tenant',
  'client_id',
  'client_secret',
  'authorization_type',
  'sso_provider',
  'schedule',
] as const;
type Values = Omit<RosterSourceForm, 'sso_provider'> & { sso_provider: RosterSourceForm['sso_provider'] | '' };

/**
 * /one-roster-sources (issue 16 item 9): the district's OneRoster server, with a connection test, import now and the
 * nightly schedule. District staff see their own district; domain and provider staff pick one. Viewers read only.
 */
export function RosterSourcesPage() {
  const t = useT();
  const { token } = theme.useToken();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const canEdit = policy ? can(policy, 'one-roster', ['view', 'update']) : false;
  const domainStaff = user?.account_id === null || user?.account_id === undefined;
  const [picked, setPicked] = useState<number | undefined>();
  const accountId = domainStaff ? picked : (user?.account_id ?? undefined);
  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('rosteringSources.title')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('rosteringSources.intro')}</p>
      </div>
      {domainStaff && <AccountPicker value={picked} onChange={setPicked} />}
      {accountId ? (
        <SourceLoader key={accountId} accountId={accountId} canEdit={canEdit} />
      ) : (
        <Typography.Text type="secondary">{t('rosteringSources.chooseAccountHint')}</Typography.Text>
      )}
    </Flex>
  );
}

function AccountPicker({ value, onChange }: { value: number | undefined; onChange: (id: number) => void }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useListRosterAccountOptionsQuery(search);
  return (
    <Select<number>
      showSearch
      filterOption={false}
      loading={isFetching}
      style={{ width: 280 }}
      aria-label={t('rosteringSources.account')}
      placeholder={t('rosteringSources.chooseAccount')}
      value={value}
      onSearch={(v) => setSearch(v.trim())}
      onChange={onChange}
      options={data.map((a) => ({ value: a.id, label: a.name }))}
    />
  );
}

function SourceLoader({ accountId, canEdit }: { accountId: number; canEdit: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const { data, isLoading, error } = useListRosterSourcesQuery(accountId);
  const [save, { isLoading: saving }] = useSaveRosterSourceMutation();
  const [test, { isLoading: testing }] = useTestRosterSourceMutation();
  const [toggle, { isLoading: toggling }] = useToggleRosterSourceMutation();
  const [remove, { isLoading: removing }] = useDeleteRosterSourceMutation();
  const [importNow, { isLoading: importing }] = useImportFromRosterSourceMutation();
  if (isLoading) return <PageLoader />;
  if (error) return <Alert type="error" showIcon message={errorMessages(error, t('rosteringSources.failed'))[0]} />;
  const fail = (err: unknown) => {
    for (const text of errorMessages(err as Parameters<typeof errorMessages>[0], t('rosteringSources.failed')))
      void message.error(text);
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
    } catch (err) {
      fail(err);
    }
  };
  return (
    <SourceForm
      source={data?.[0] ?? null}
      canEdit={canEdit}
      busy={saving || toggling || removing || importing}
      testing={testing}
      onSave={async (values) => {
        await save({ ...values, account_id: accountId }).unwrap();
        void message.success(t('rosteringSources.saved'));
      }}
      onTest={async (values) => {
        try {
          return await test({ ...values, account_id: accountId }).unwrap();
        } catch (err) {
          fail(err);
          return null;
        }
      }}
      onToggle={() => void run(() => toggle(accountId).unwrap(), t('rosteringSources.saved'))}
      onDelete={() => void run(() => remove(accountId).unwrap(), t('rosteringSources.removed'))}
      onImport={() => void run(() => importNow(accountId).unwrap(), t('rosteringSources.importQueued'))}
      onError={fail}
    />
  );
}

export interface SourceFormProps {
  source: RosterSourceDto | null;
  canEdit: boolean;
  busy: boolean;
  testing: boolean;
  /** rejects with the API's error: 422 field errors are shown on their fields, anything else by onError */
  onSave: (values: RosterSourceForm) => Promise<void>;
  onTest: (values: Partial<RosterSourceForm>) => Promise<RosterSourceTestResult | null>;
  onToggle: () => void;
  onDelete: () => void;
  onImport: () => void;
  onError: (error: unknown) => void;
}

const rule = (field: (typeof FIELDS)[number]) =>
  schemaRule(rosterSourceSaveSchema.shape[field], () => translate(`fields.${field}`));

/** The source's settings form; without a source, a new one. Read only for viewers. */
export function SourceForm(props: SourceFormProps) {
  const { source, canEdit, busy, testing } = props;
  const t = useT();
  const { dateTime } = useDates();
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<RosterSourceTestResult | null>(null);
  const values = (v: Values): RosterSourceForm => ({
    ...v,
    token_url: v.token_url || null,
    tenant: v.tenant || null,
    sso_provider: v.sso_provider || null,
    ...(v.client_secret ? { client_secret: v.client_secret } : { client_secret: undefined }),
  });
  const submit = async (v: Values) => {
    try {
      await props.onSave(values(v));
      form.setFieldValue('client_secret', '');
    } catch (err) {
      const fields = serverFieldErrors(err, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else props.onError(err);
    }
  };
  const runTest = async () => {
    setResult(null);
    const v = form.getFieldsValue();
    const out = await props.onTest(source ? stripEmpty(values(v)) : values(v));
    setResult(out);
  };
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640 }}>
      {!source && <Typography.Text type="secondary">{t('rosteringSources.empty')}</Typography.Text>}
      {!canEdit && source && <Typography.Text type="secondary">{t('rosteringSources.readOnly')}</Typography.Text>}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit || busy}
        initialValues={{
          endpoint_url: source?.endpoint_url ?? '',
          token_url: source?.token_url ?? '',
          tenant: source?.tenant ?? '',
          client_id: source?.client_id ?? '',
          client_secret: '',
          authorization_type: source?.authorization_type ?? 'oauth2',
          sso_provider: source?.sso_provider ?? '',
          allow_automatic: source?.allow_automatic ?? false,
          schedule: source?.schedule ?? DEFAULT_ROSTER_SCHEDULE,
        }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<Values>) => {
          // ClassLink's Roster Server signs its requests (OAuth 1.0a); a new ClassLink source starts with that
          if (!source && changed.sso_provider === 'classlink') form.setFieldValue('authorization_type', 'oauth1');
        }}
      >
        <Form.Item
          name="endpoint_url"
          label={t('rosteringSources.endpointUrl')}
          extra={t('rosteringSources.endpointHint')}
          rules={[rule('endpoint_url')]}
        >
          <Input maxLength={2048} inputMode="url" />
        </Form.Item>
        <Form.Item name="token_url" label={t('rosteringSources.tokenUrl')} extra={t('rosteringSources.tokenHint')}>
          <Input maxLength={2048} inputMode="url" />
        </Form.Item>
        <Form.Item name="tenant" label={t('rosteringSources.tenant')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="client_id" label={t('rosteringSources.clientId')} rules={[rule('client_id')]}>
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="client_secret"
          label={t('rosteringSources.clientSecret')}
          extra={source?.has_secret ? t('rosteringSources.secretKept') : undefined}
          rules={source?.has_secret ? [] : [rule('client_secret')]}
        >
          <Input.Password maxLength={4096} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="authorization_type" label={t('rosteringSources.authorizationType')}>
          <Select
            options={ROSTER_AUTHORIZATION_TYPES.map((type) => ({ value: type, label: t(`rosteringSources.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="sso_provider"
          label={t('rosteringSources.ssoProvider')}
          extra={t('rosteringSources.ssoProviderHint')}
        >
          <Select
            options={[
              { value: '', label: t('rosteringSources.none') },
              ...ROSTER_SSO_PROVIDERS.map((p) => ({ value: p, label: SSO_NAMES[p] })),
            ]}
          />
        </Form.Item>
        <Form.Item name="allow_automatic" label={t('rosteringSources.automatic')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="schedule" label={t('rosteringSources.schedule')} rules={[rule('schedule')]}>
          <Input maxLength={100} style={{ maxWidth: 200 }} />
        </Form.Item>
        {source && (
          <p>
            {t('rosteringSources.lastRun')}:{' '}
            {source.last_run_at ? dateTime(source.last_run_at) : t('rosteringSources.never')}
          </p>
        )}
        {canEdit && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('rosteringSources.save')}
            </Button>
            <Button onClick={() => void runTest()} loading={testing}>
              {t('rosteringSources.test')}
            </Button>
          </Space>
        )}
      </Form>
      {result && (
        <ConnectionTestResult
          ok={result.ok}
          message={
            result.ok
              ? result.orgs_total === null
                ? t('rosteringSources.testOkNoCount')
                : t('rosteringSources.testOk', { count: result.orgs_total })
              : (result.message ?? t('rosteringSources.failed'))
          }
        />
      )}
      {source && canEdit && (
        <Space wrap>
          <Switch
            checked={source.is_active}
            onChange={props.onToggle}
            disabled={busy}
            aria-label={t('rosteringSources.active')}
          />
          <span>{t('rosteringSources.active')}</span>
          <Button onClick={props.onImport} disabled={busy || !source.is_active}>
            {t('rosteringSources.importNow')}
          </Button>
          <Popconfirm title={t('rosteringSources.removeConfirm')} onConfirm={props.onDelete}>
            <Button danger disabled={busy}>
              {t('rosteringSources.remove')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </Flex>
  );
}

// product names: the same in every language
const SSO_NAMES: Record<(typeof ROSTER_SSO_PROVIDERS)[number], string> = {
  clever: 'Clever',
  classlink: 'ClassLink',
  google: 'Google',
};

/** Test with the stored settings where the form leaves a field empty. */
function stripEmpty(v: RosterSourceForm): Partial<RosterSourceForm> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null && x !== undefined));
}
