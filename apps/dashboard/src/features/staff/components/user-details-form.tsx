import { emailSchema } from '@aula/domain/auth';
import { userCreateSchema } from '@aula/domain/tenancy';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useUpdateUserMutation } from '../api';
import type { User } from '../staff.types';

const FIELDS = ['first_name', 'last_name', 'email'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** Names and email (PUT /dashboard/users/:id). */
export function UserDetailsForm({ user, readOnly }: { user: User; readOnly: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateUserMutation();

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await update({ id: user.id, first_name: v.first_name, last_name: v.last_name, email: v.email }).unwrap();
      void message.success(t('staff.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 560 }}
      disabled={isLoading || readOnly}
      initialValues={{ first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' }}
      onFinish={(v) => void submit(v)}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="first_name"
        label={t('staff.firstName')}
        rules={[schemaRule(userCreateSchema.shape.first_name, () => translate('fields.first_name'))]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="last_name"
        label={t('staff.lastName')}
        rules={[schemaRule(userCreateSchema.shape.last_name, () => translate('fields.last_name'))]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('staff.email')}
        rules={[schemaRule(emailSchema, () => translate('fields.email'))]}
      >
        <Input type="email" />
      </Form.Item>
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('staff.save')}
        </Button>
      )}
    </Form>
  );
}
