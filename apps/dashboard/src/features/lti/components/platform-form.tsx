import { ltiPlatformSaveSchema, type LtiPlatformDto, type LtiPlatformSaveInput } from '@aula/domain/lti';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Button, Form, Input, Space } from 'antd';

const FIELDS = ['name', 'issuer', 'client_id', 'key_set_url', 'access_token_url', 'oidc_auth_url'] as const;
const LABELS: Record<(typeof FIELDS)[number], MessageKey> = {
  name: 'lti.platforms.name',
  issuer: 'lti.platforms.issuer',
  client_id: 'lti.platforms.clientId',
  key_set_url: 'lti.platforms.keySetUrl',
  access_token_url: 'lti.platforms.accessTokenUrl',
  oidc_auth_url: 'lti.platforms.oidcAuthUrl',
};
const rule = (field: (typeof FIELDS)[number]) =>
  schemaRule(ltiPlatformSaveSchema.shape[field], () => translate(`fields.${field}`));

export interface PlatformFormProps {
  platform: LtiPlatformDto | null;
  canEdit: boolean;
  busy: boolean;
  /** rejects with the API's error: 422 field errors are shown on their fields */
  onSave: (values: LtiPlatformSaveInput) => Promise<void>;
  onCancel: () => void;
}

/** The platform's LTI 1.3 registration values (002 section 3); checked here as the API checks them. */
export function PlatformForm({ platform, canEdit, busy, onSave, onCancel }: PlatformFormProps) {
  const t = useT();
  const [form] = Form.useForm<LtiPlatformSaveInput>();
  const submit = async (values: LtiPlatformSaveInput) => {
    try {
      await onSave(values);
    } catch (err) {
      const fields = serverFieldErrors(err, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };
  return (
    <Form<LtiPlatformSaveInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canEdit || busy}
      style={{ maxWidth: 640 }}
      initialValues={{
        name: platform?.name ?? '',
        issuer: platform?.issuer ?? '',
        client_id: platform?.client_id ?? '',
        key_set_url: platform?.key_set_url ?? '',
        access_token_url: platform?.access_token_url ?? '',
        oidc_auth_url: platform?.oidc_auth_url ?? '',
      }}
      onFinish={(v) => void submit(v)}
    >
      {FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(LABELS[field])} rules={[rule(field)]}>
          <Input autoComplete="off" />
        </Form.Item>
      ))}
      {canEdit && (
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('lti.save')}
          </Button>
          <Button onClick={onCancel} disabled={false}>
            {t('lti.cancel')}
          </Button>
        </Space>
      )}
    </Form>
  );
}
