import { Form, Input, Modal, Typography } from 'antd';
import { useAppSelector } from '../../../app/hooks';
import { errorMessages } from '../../../lib/api-errors';
import { toastSuccess } from '../../../lib/notifier';
import { useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useChangePasswordMutation } from '../api';
import { selectCurrentUser } from '../auth.slice';
import { confirmPasswordRules, newPasswordRules } from '../lib/password-rules';

interface Values {
  password: string;
  password_confirmation: string;
}

/**
 * 001 section 5: both fields required, minimum 8, the confirmation equal to the password; Enter submits after
 * validation. The current password is the email (that is why the modal is shown), so the user is not asked for it.
 */
export function ChangePasswordModal() {
  const t = useT();
  const user = useAppSelector(selectCurrentUser);
  const [form] = Form.useForm<Values>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (values: Values) => {
    try {
      const result = await changePassword({ current_password: user?.email ?? '', ...values }).unwrap();
      toastSuccess(result.message ?? t('auth.passwordUpdated'));
    } catch (error) {
      const fields = serverFieldErrors(error, ['password', 'password_confirmation']);
      if (fields.length > 0) form.setFields(fields);
      else
        form.setFields([
          {
            name: 'password',
            errors: errorMessages(
              error as Parameters<typeof errorMessages>[0],
              t(`${__AULA_APP__}.toasts.unreachable`),
            ),
          },
        ]);
    }
  };

  return (
    <Modal
      open
      title={t(`${__AULA_APP__}.account.changePasswordTitle`)}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText={t(`${__AULA_APP__}.account.changePasswordSubmit`)}
      okButtonProps={{ htmlType: 'submit', form: 'change-password-form', loading: isLoading }}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(`${__AULA_APP__}.account.changePasswordIntro`)}</Typography.Paragraph>
      <Form<Values>
        id="change-password-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        <input type="hidden" autoComplete="username" value={user?.email ?? ''} readOnly />
        <Form.Item
          name="password"
          label={t(`${__AULA_APP__}.account.newPassword`)}
          extra={t(`${__AULA_APP__}.account.passwordHint`)}
          rules={newPasswordRules()}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t(`${__AULA_APP__}.account.confirmPassword`)}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          {/* Enter in either field submits the form, which validates first */}
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
