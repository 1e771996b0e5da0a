import {
  DEFAULT_SSO_ISSUERS,
  ssoConfigProblems,
  ssoConfigSaveSchema,
  type SsoConfigDto,
  type SsoConfigSaveInput,
  type SsoConfigTestInput,
  type SsoConnectionTestResult,
  type SsoProvider,
} from '@aula/domain/sso';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Select, Space, Switch, Tag, theme } from 'antd';
import { useState } from 'react';
import { ConnectionTestResult } from '../../../components/connection-test-result';

const FIELDS = ['issuer', 'client_id', 'client_secret', 'tenant', 'hosted_domains'] as const;
type Values = Required<Pick<SsoConfigSaveInput, 'issuer' | 'client_id' | 'is_active'>> & {
  client_secret: string;
  tenant: string;
  hosted_domains: string[];
};

export interface SsoProviderCardProps {
  provider: SsoProvider;
  /** whose connection it is: a district's, or a domain's (Google only) */
  ownerKind?: 'account' | 'domain';
  config: SsoConfigDto | null;
  canEdit: boolean;
  /** rejects with the API's error: 422 field errors are shown on their fields, anything else by onError */
  onSave: (body: SsoConfigSaveInput) => Promise<void>;
  onTest: (body: SsoConfigTestInput) => Promise<SsoConnectionTestResult | null>;
  onDelete: () => Promise<void>;
  onError: (error: unknown) => void;
}

const rule = (field: 'issuer' | 'client_id' | 'client_secret') =>
  schemaRule(ssoConfigSaveSchema.shape[field], () => translate(`fields.${field}`));

/** One provider: its stored settings and state, the form to set it up or change it, and the connection test. */
export function SsoProviderCard(props: SsoProviderCardProps) {
  const { provider, config, canEdit } = props;
  const t = useT();
  const { token } = theme.useToken();
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SsoConnectionTestResult | null>(null);
  const name = t(`ssoSettings.providers.${provider}`);
  // a domain's card sits under the domain page's own section heading
  const Heading = props.ownerKind === 'domain' ? 'h3' : 'h2';

  const test = async (body: SsoConfigTestInput) => {
    setResult(null);
    setTesting(true);
    try {
      setResult(await props.onTest(body));
    } finally {
      setTesting(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await props.onDelete();
      setResult(null);
    } catch (err) {
      props.onError(err);
    } finally {
      setBusy(false);
    }
  };

  const state = !config ? (
    <Tag>{t('ssoSettings.notSetUp')}</Tag>
  ) : config.is_active ? (
    <Tag color="green">{t('ssoSettings.on')}</Tag>
  ) : (
    <Tag>{t('ssoSettings.off')}</Tag>
  );

  return (
    <Card
      title={<Heading style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{name}</Heading>}
      extra={state}
      style={{ maxWidth: 720 }}
    >
      <Flex vertical gap="middle">
        {editing ? (
          <ProviderForm
            {...props}
            busy={busy}
            testing={testing}
            onTest={test}
            onSave={async (body) => {
              setBusy(true);
              try {
                await props.onSave(body);
                setEditing(false);
              } finally {
                setBusy(false);
              }
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          config && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('ssoSettings.issuer')}>{config.issuer}</Descriptions.Item>
              <Descriptions.Item label={t('ssoSettings.clientId')}>{config.client_id}</Descriptions.Item>
              {provider === 'classlink' && (
                <Descriptions.Item label={t('ssoSettings.tenant')}>{config.tenant}</Descriptions.Item>
              )}
              {provider === 'google' && config.hosted_domains.length > 0 && (
                <Descriptions.Item label={t('ssoSettings.hostedDomains')}>
                  {config.hosted_domains.join(', ')}
                </Descriptions.Item>
              )}
            </Descriptions>
          )
        )}
        {!editing && canEdit && (
          <Space wrap>
            <Button type={config ? 'default' : 'primary'} onClick={() => setEditing(true)} disabled={busy}>
              {config ? t('ssoSettings.edit') : t('ssoSettings.setUp')}
            </Button>
            {config && (
              <Button onClick={() => void test({})} loading={testing}>
                {t('ssoSettings.test')}
              </Button>
            )}
            {config && (
              <Popconfirm
                title={t(
                  props.ownerKind === 'domain' ? 'ssoSettings.removeConfirmDomain' : 'ssoSettings.removeConfirm',
                  {
                    provider: name,
                  },
                )}
                onConfirm={() => void remove()}
              >
                <Button danger disabled={busy}>
                  {t('ssoSettings.remove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
        {result && (
          <ConnectionTestResult
            ok={result.ok}
            message={
              result.ok
                ? result.client === 'accepted'
                  ? t('ssoSettings.testOk')
                  : t('ssoSettings.testOkUnchecked')
                : t('ssoSettings.testFailed')
            }
            description={result.ok ? null : result.message}
          />
        )}
      </Flex>
    </Card>
  );
}

function ProviderForm(
  props: Omit<SsoProviderCardProps, 'onTest'> & {
    busy: boolean;
    testing: boolean;
    onTest: (body: SsoConfigTestInput) => Promise<void>;
    onCancel: () => void;
  },
) {
  const { provider, config, busy, testing } = props;
  const t = useT();
  const [form] = Form.useForm<Values>();
  const body = (v: Values): SsoConfigSaveInput => ({
    issuer: v.issuer.trim(),
    client_id: v.client_id,
    is_active: v.is_active,
    ...(v.client_secret ? { client_secret: v.client_secret } : {}),
    ...(provider === 'classlink' ? { tenant: v.tenant } : {}),
    ...(provider === 'google' ? { hosted_domains: v.hosted_domains } : {}),
  });
  const submit = async (v: Values) => {
    const problems = ssoConfigProblems(provider, body(v));
    if (problems.length > 0) {
      form.setFields(
        problems.map((p) => ({ name: p.field, errors: [translate(p.key, { field: translate(`fields.${p.field}`) })] })),
      );
      return;
    }
    try {
      await props.onSave(body(v));
    } catch (err) {
      const fields = serverFieldErrors(err, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else props.onError(err);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      initialValues={{
        issuer: config?.issuer ?? DEFAULT_SSO_ISSUERS[provider],
        client_id: config?.client_id ?? '',
        client_secret: '',
        tenant: config?.tenant ?? '',
        hosted_domains: config?.hosted_domains ?? [],
        is_active: config?.is_active ?? true,
      }}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item
        name="issuer"
        label={t('ssoSettings.issuer')}
        extra={t('ssoSettings.issuerHint')}
        rules={[rule('issuer')]}
      >
        <Input maxLength={2048} inputMode="url" />
      </Form.Item>
      <Form.Item name="client_id" label={t('ssoSettings.clientId')} rules={[rule('client_id')]}>
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="client_secret"
        label={t('ssoSettings.clientSecret')}
        extra={config?.has_secret ? t('ssoSettings.secretKept') : undefined}
        rules={config?.has_secret ? [] : [rule('client_secret')]}
      >
        <Input.Password maxLength={4096} autoComplete="new-password" />
      </Form.Item>
      {provider === 'classlink' && (
        <Form.Item name="tenant" label={t('ssoSettings.tenant')} extra={t('ssoSettings.tenantHint')}>
          <Input maxLength={255} />
        </Form.Item>
      )}
      {provider === 'google' && (
        <Form.Item
          name="hosted_domains"
          label={t('ssoSettings.hostedDomains')}
          extra={t('ssoSettings.hostedDomainsHint')}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('ssoSettings.hostedDomains')} />
        </Form.Item>
      )}
      <Form.Item name="is_active" label={t('ssoSettings.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('ssoSettings.save')}
        </Button>
        <Button
          onClick={() => {
            const v = form.getFieldsValue();
            // an unchanged connection is tested as stored (its secret is never in the page)
            void props.onTest(config ? onlyTyped(body(v)) : body(v));
          }}
          loading={testing}
        >
          {t('ssoSettings.test')}
        </Button>
        <Button onClick={props.onCancel}>{t('ssoSettings.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** The form's values without the empty ones: the stored settings stand in for them. */
function onlyTyped(v: SsoConfigSaveInput): SsoConfigTestInput {
  return Object.fromEntries(
    Object.entries(v).filter(([, x]) => x !== '' && x !== null && x !== undefined && !(Array.isArray(x) && !x.length)),
  );
}
