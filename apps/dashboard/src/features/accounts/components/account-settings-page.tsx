import { DEFAULT_ACCOUNT_SETTINGS, ROSTERING_METHODS, type AccountSettingValue } from '@aula/domain/tenancy';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Select, Space, Switch, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useGetAccountSettingsQuery, useSaveAccountSettingsMutation } from '../api';
import type { Account, AccountSetting } from '../accounts.types';
import { accountHref, accountOptionsHref } from '../lib/account-paths';
import { AccountTarget } from './account-target';

const SSO_PROVIDERS = ['classlink', 'clever', 'google', 'lti'] as const;

/** The form holds each kind's value under its name; Save sends all five as one batch. */
interface Values {
  rostering: AccountSettingValue<'rostering'>;
  sso: AccountSettingValue<'sso'>;
  ai: AccountSettingValue<'ai'>;
  immersive_reader: AccountSettingValue<'immersive_reader'>;
  lab_groups: AccountSettingValue<'lab_groups'>;
}

function toValues(settings: AccountSetting[]): Values {
  const values: Values = { ...DEFAULT_ACCOUNT_SETTINGS };
  for (const s of settings) (values as unknown as Record<string, unknown>)[s.setting] = s.value;
  return values;
}

function toBatch(v: Values): AccountSetting[] {
  return [
    { setting: 'rostering', value: v.rostering },
    { setting: 'sso', value: v.sso },
    { setting: 'ai', value: v.ai },
    { setting: 'immersive_reader', value: v.immersive_reader },
    { setting: 'lab_groups', value: v.lab_groups },
  ];
}

/**
 * /accounts/:accountId/settings (001 section 3, account settings): rostering, single sign-on, AI, Immersive Reader
 * and lab groups, read with GET settings and written together with one Save (POST settings, all or nothing).
 */
export function AccountSettingsPage() {
  return <AccountTarget>{(account) => <LoadSettings key={account.id} account={account} />}</AccountTarget>;
}

function LoadSettings({ account }: { account: Account }) {
  const t = useT();
  const { data, isLoading, isError, refetch } = useGetAccountSettingsQuery(account.id, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <PageLoader />;
  if (isError || !data)
    return (
      <Alert
        type="error"
        showIcon
        message={t('accounts.settingsLoadFailed')}
        action={<Button onClick={() => void refetch()}>{t('accounts.retry')}</Button>}
      />
    );
  return <SettingsForm key={JSON.stringify(data)} account={account} settings={data} />;
}

function SettingsForm({ account, settings }: { account: Account; settings: AccountSetting[] }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [save, { isLoading }] = useSaveAccountSettingsMutation();
  const aiEnabled = Form.useWatch(['ai', 'enabled'], form) as boolean | undefined;

  const submit = async (values: Values) => {
    try {
      const saved = await save({ id: account.id, settings: toBatch(values) }).unwrap();
      form.setFieldsValue(toValues(saved));
      void message.success(t('accounts.settingsSaved'));
    } catch {
      // toasted by the shared handler; nothing was written (the batch is all or nothing)
    }
  };

  const toggle = (name: (string | number)[], label: string, hint?: string) => (
    <Flex align="start" gap="middle">
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={label} />
      </Form.Item>
      <Flex vertical>
        <span>{label}</span>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </Flex>
    </Flex>
  );

  return (
    <Flex vertical gap="large">
      <Space wrap>
        <Link to={accountHref(account.id)}>{t('accounts.backToAccount')}</Link>
        <Link to={accountOptionsHref(account.id)}>{t('accounts.options')}</Link>
      </Space>
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('accounts.settingsTitle')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>
          {t('accounts.settingsIntro', { name: account.name })}
        </p>
      </div>
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={isLoading}
        initialValues={toValues(settings)}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 720 }}
      >
        <Flex vertical gap="middle">
          <Card
            title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.kinds.rostering')}</h2>}
          >
            <Flex vertical gap="middle">
              {toggle(['rostering', 'enabled'], t('accounts.rosteringEnabled'))}
              <Form.Item name={['rostering', 'method']} label={t('accounts.rosteringMethod')} style={{ margin: 0 }}>
                <Select
                  style={{ maxWidth: 260 }}
                  options={ROSTERING_METHODS.map((m) => ({ value: m, label: t(`accounts.rosteringMethods.${m}`) }))}
                />
              </Form.Item>
            </Flex>
          </Card>
          <Card title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.kinds.sso')}</h2>}>
            <Flex vertical gap="middle">
              {toggle(['sso', 'enabled'], t('accounts.ssoEnabled'))}
              <Form.Item name={['sso', 'providers']} label={t('accounts.ssoProviders')} style={{ margin: 0 }}>
                <Checkbox.Group
                  options={SSO_PROVIDERS.map((p) => ({ value: p, label: t(`accounts.ssoProviderNames.${p}`) }))}
                />
              </Form.Item>
            </Flex>
          </Card>
          <Card title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.kinds.ai')}</h2>}>
            <Flex vertical gap="middle">
              {toggle(['ai', 'enabled'], t('accounts.aiEnabled'))}
              {toggle(['ai', 'automatic_scoring_assignment'], t('accounts.aiScoringAssignment'))}
              {toggle(['ai', 'automatic_scoring_assessment'], t('accounts.aiScoringAssessment'))}
              {toggle(['ai', 'automatic_scoring_pas'], t('accounts.aiScoringPas'))}
              {aiEnabled === false && <Typography.Text type="secondary">{t('accounts.aiOffHint')}</Typography.Text>}
            </Flex>
          </Card>
          <Card
            title={
              <h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.kinds.immersive_reader')}</h2>
            }
          >
            {toggle(['immersive_reader', 'enabled'], t('accounts.immersiveReaderEnabled'))}
          </Card>
          <Card
            title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.kinds.lab_groups')}</h2>}
          >
            {toggle(['lab_groups', 'enabled'], t('accounts.labGroupsEnabled'))}
          </Card>
          <Space>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {t('accounts.save')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('accounts.reset')}</Button>
          </Space>
        </Flex>
      </Form>
    </Flex>
  );
}
