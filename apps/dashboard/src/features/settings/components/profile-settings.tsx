import { userSettingsPatchSchema } from '@aula/domain/auth';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { useUpdateMySettingsMutation } from '@aula/web/features/auth/api.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Form, Input, Typography } from 'antd';

const FIELDS = ['first_name', 'middle_name', 'last_name'] as const;
interface Values {
  first_name: string;
  middle_name: string;
  last_name: string;
}

const { shape } = userSettingsPatchSchema;

/** The user's names, saved with PATCH /dashboard/settings; /my is reloaded so the header shows the new name. */
export function ProfileSettings() {
  const t = useT();
  const { message } = App.useApp();
  const user = useAppSelector(selectCurrentUser);
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateMySettingsMutation();
  if (!user) return null;

  const onFinish = async (values: Values) => {
    try {
      await update({
        first_name: values.first_name.trim(),
        middle_name: values.middle_name.trim() === '' ? null : values.middle_name.trim(),
        last_name: values.last_name.trim(),
      }).unwrap();
      void message.success(t('dashboard.settings.profileSaved'));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else void message.error(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('dashboard.settings.profileIntro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 480 }}
        initialValues={{ first_name: user.first_name, middle_name: user.middle_name ?? '', last_name: user.last_name }}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        <Form.Item
          name="first_name"
          label={t('dashboard.settings.firstName')}
          rules={[schemaRule(shape.first_name.unwrap(), () => t('fields.first_name'))]}
        >
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item
          name="middle_name"
          label={t('dashboard.settings.middleName')}
          rules={[schemaRule(shape.middle_name.unwrap().unwrap(), () => t('fields.middle_name'))]}
        >
          <Input autoComplete="additional-name" />
        </Form.Item>
        <Form.Item
          name="last_name"
          label={t('dashboard.settings.lastName')}
          rules={[schemaRule(shape.last_name.unwrap(), () => t('fields.last_name'))]}
        >
          <Input autoComplete="family-name" />
        </Form.Item>
        {user.email && (
          <Form.Item label={t('dashboard.settings.email')} htmlFor="settings-email">
            <Input id="settings-email" value={user.email} readOnly variant="filled" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('dashboard.settings.save')}
        </Button>
      </Form>
    </>
  );
}
