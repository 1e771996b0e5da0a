import { confirmPasswordRules, newPasswordRules } from '@aula/web/features/auth/lib/password-rules.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSetUserPasswordMutation } from '../api';

const FIELDS = ['password', 'password_confirmation'] as const;
interface Values {
  password: string;
  password_confirmation: string;
}

/** Reset a staff user's password (PATCH /dashboard/users/:id/password): both fields, the spec's rules. */
export function UserPasswordModal({
  user,
  open,
  onClose,
}: {
  user: { id: number; name: string; email: string | null };
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [setPassword, { isLoading }] = useSetUserPasswordMutation();

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: Values) => {
    setFailure(null);
    try {
      await setPassword({ id: user.id, ...values }).unwrap();
      void message.success(t('staff.passwordSaved', { name: user.name }));
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
      title={t('staff.passwordTitle', { name: user.name })}
      okText={t('staff.passwordSubmit')}
      cancelText={t('staff.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('staff.passwordIntro')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        <input type="hidden" autoComplete="username" value={user.email ?? ''} readOnly />
        <Form.Item
          name="password"
          label={t('staff.password')}
          extra={t('staff.passwordHint')}
          rules={newPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('staff.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
