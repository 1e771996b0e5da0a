import { ltiDeploymentSaveSchema, type LtiDeploymentDto, type LtiDeploymentSaveInput } from '@aula/domain/lti';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, Button, Form, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';

const FIELDS = ['platform_id', 'deployment_id', 'account_id', 'name', 'is_catalog', 'is_active'] as const;
type Values = Omit<LtiDeploymentSaveInput, 'name'> & { name: string };
const rule = (field: 'platform_id' | 'deployment_id' | 'account_id' | 'name') =>
  schemaRule(ltiDeploymentSaveSchema.shape[field], () => translate(`fields.${field}`));

export interface DeploymentFormProps {
  deployment: LtiDeploymentDto | null;
  /** preselected on a new deployment opened from a platform's page */
  platformId?: number | undefined;
  platforms: { id: number; name: string }[];
  accounts: { id: number; name: string }[];
  onSearchAccounts: (search: string) => void;
  canEdit: boolean;
  busy: boolean;
  /** rejects with the API's error: 422 field errors show on their fields, anything else above the form */
  onSave: (values: LtiDeploymentSaveInput) => Promise<void>;
  onCancel: () => void;
}

/** A deployment: its platform, the platform's deployment id, the district it belongs to, catalog and active. */
export function DeploymentForm(props: DeploymentFormProps) {
  const { deployment, canEdit, busy } = props;
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  // the current district stays choosable even when the search list does not hold it
  const accounts =
    deployment && !props.accounts.some((a) => a.id === deployment.account_id)
      ? [{ id: deployment.account_id, name: deployment.account_name }, ...props.accounts]
      : props.accounts;
  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await props.onSave({ ...v, name: v.name.trim() || null });
    } catch (err) {
      const fields = serverFieldErrors(err, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessages(err as Parameters<typeof errorMessages>[0], t('lti.failed'))[0]!);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canEdit || busy}
      style={{ maxWidth: 640 }}
      initialValues={{
        platform_id: deployment?.platform_id ?? props.platformId,
        deployment_id: deployment?.deployment_id ?? '',
        account_id: deployment?.account_id,
        name: deployment?.name ?? '',
        is_catalog: deployment?.is_catalog ?? false,
        is_active: deployment?.is_active ?? true,
      }}
      onFinish={(v) => void submit(v)}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form.Item name="platform_id" label={t('lti.deployments.platform')} rules={[rule('platform_id')]}>
        <Select<number> options={props.platforms.map((p) => ({ value: p.id, label: p.name }))} />
      </Form.Item>
      <Form.Item name="deployment_id" label={t('lti.deployments.deploymentId')} rules={[rule('deployment_id')]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="account_id" label={t('lti.deployments.account')} rules={[rule('account_id')]}>
        <Select<number>
          showSearch
          filterOption={false}
          onSearch={(v) => props.onSearchAccounts(v.trim())}
          options={accounts.map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <Form.Item name="name" label={t('lti.deployments.name')} rules={[rule('name')]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="is_catalog"
        label={t('lti.deployments.catalog')}
        valuePropName="checked"
        extra={t('lti.deployments.catalogHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="is_active" label={t('lti.deployments.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {canEdit && (
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('lti.save')}
          </Button>
          <Button onClick={props.onCancel} disabled={false}>
            {t('lti.cancel')}
          </Button>
        </Space>
      )}
    </Form>
  );
}
