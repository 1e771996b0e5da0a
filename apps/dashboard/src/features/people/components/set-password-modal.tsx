import { confirmPasswordRules, newPasswordRules } from '@aula/web/features/auth/lib/password-rules.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSetStudentPasswordMutation } from '../api';

const FIELDS = ['password', 'password_confirmation'] as const;
interface Values {
  password: string;
  password_confirmation: string;
}

/**
 * Set a student's password (001 section 7, PATCH password). The screen shows the call's failures itself (001
 * section 8 lists 'student set password' among them): the server's messages on their fields, anything else above.
 */
export function SetPasswordModal({
  student,
  open,
  onClose,
}: {
  student: { id: number; full_name: string; username: string | null; email: string | null };
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [setPassword, { isLoading }] = useSetStudentPasswordMutation();

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  const onFinish = async (values: Values) => {
    setFailure(null);
    try {
      await setPassword({ id: student.id, ...values }).unwrap();
      void message.success(t('people.password.saved', { name: student.full_name }));
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
      title={t('people.password.title', { name: student.full_name })}
      okText={t('people.password.submit')}
      cancelText={t('people.common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('people.password.intro')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        <input type="hidden" autoComplete="username" value={student.username ?? student.email ?? ''} readOnly />
        <Form.Item
          name="password"
          label={t('people.password.password')}
          extra={t('people.password.hint')}
          rules={newPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('people.password.confirm')}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
