import { confirmPasswordRules, newPasswordRules } from '@aula/web/features/auth/lib/password-rules.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';

const FIELDS = ['password', 'password_confirmation'] as const;
export interface PasswordValues {
  password: string;
  password_confirmation: string;
}

/** The modal's texts, each already translated (a student's and a staff user's come from their own areas). */
export interface PasswordModalTexts {
  title: string;
  intro: string;
  submit: string;
  cancel: string;
  password: string;
  hint: string;
  confirm: string;
  saved: string;
}

/**
 * Set someone's password: both fields with the spec's rules (001 section 5). The screen shows the call's failures
 * itself (001 section 8): the server's messages on their fields, anything else above them.
 */
export function PasswordModal({
  open,
  onClose,
  username,
  texts,
  save,
  saving,
}: {
  open: boolean;
  onClose: () => void;
  /** for the browser's password manager */
  username: string;
  texts: PasswordModalTexts;
  /** the call; rejects with the API's error */
  save: (values: PasswordValues) => Promise<unknown>;
  saving: boolean;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: PasswordValues) => {
    setFailure(null);
    try {
      await save(values);
      void message.success(texts.saved);
      close();
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
    }
  };

  return (
    <Modal
      open={open}
      title={texts.title}
      okText={texts.submit}
      cancelText={texts.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{texts.intro}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={saving}
      >
        <input type="hidden" autoComplete="username" value={username} readOnly />
        <Form.Item name="password" label={texts.password} extra={texts.hint} rules={newPasswordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={texts.confirm}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
