import { useAppSelector } from '@aula/web/app/hooks.ts';
import { useChangePasswordMutation } from '@aula/web/features/auth/api.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { confirmPasswordRules, newPasswordRules } from '@aula/web/features/auth/lib/password-rules.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Form, Input, Typography } from 'antd';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * Change password with the current one (001 sections 5 and 8): the server's messages show on their fields
 * ('Current password is incorrect.'), success says 'Your password has been successfully updated'.
 */
export function SecuritySettings() {
  const t = useT();
  const { message } = App.useApp();
  const user = useAppSelector(selectCurrentUser);
  const [form] = Form.useForm<Values>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (values: Values) => {
    try {
      const result = await changePassword(values).unwrap();
      form.resetFields();
      void message.success(result.message ?? t('auth.passwordUpdated'));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else
        form.setFields([
          { name: 'current_password', errors: errorMessages(error as never, t('auth.currentPasswordIncorrect')) },
        ]);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('dashboard.settings.securityIntro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 480 }}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        <input type="hidden" autoComplete="username" value={user?.email ?? ''} readOnly />
        <Form.Item
          name="current_password"
          label={t('dashboard.account.currentPassword')}
          rules={[
            {
              required: true,
              message: translate('validation.enter', { field: translate('fields.current_password') }),
            },
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('dashboard.account.newPassword')}
          extra={t('dashboard.account.passwordHint')}
          rules={newPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('dashboard.account.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('dashboard.account.changePasswordSubmit')}
        </Button>
      </Form>
    </>
  );
}
