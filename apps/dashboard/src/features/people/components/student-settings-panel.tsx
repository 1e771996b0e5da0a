import { AUTO_LOGOUT_MAX_MINUTES, type StudentSetting, type StudentSettings } from '@aula/domain/people';
import { LANGUAGE_CODES } from '@aula/domain/languages';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useUpdateStudentSettingMutation } from '../api';

/** A student's settings (001 section 7, POST settings update: setting, value), each saved when it changes. */
export function StudentSettingsPanel({ studentId, settings }: { studentId: number; settings: StudentSettings }) {
  const t = useT();
  const { message } = App.useApp();
  const [update, { isLoading }] = useUpdateStudentSettingMutation();
  const save = async (change: StudentSetting) => {
    try {
      await update({ id: studentId, ...change }).unwrap();
      void message.success(t('people.settings.saved'));
    } catch {
      // toasted by the shared handler; the stored value is shown again on refetch
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('people.settings.intro')}</Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 480 }} disabled={isLoading}>
        <Form.Item label={t('people.settings.language_switcher')} extra={t('people.settings.language_switcherHint')}>
          <Switch
            aria-label={t('people.settings.language_switcher')}
            checked={settings.language_switcher}
            onChange={(value) => void save({ setting: 'language_switcher', value })}
          />
        </Form.Item>
        <Form.Item label={t('people.settings.immersive_reader')} extra={t('people.settings.immersive_readerHint')}>
          <Switch
            aria-label={t('people.settings.immersive_reader')}
            checked={settings.immersive_reader}
            onChange={(value) => void save({ setting: 'immersive_reader', value })}
          />
        </Form.Item>
        <Form.Item
          label={t('people.settings.auto_logout')}
          extra={t('people.settings.auto_logoutHint')}
          htmlFor="student-auto-logout"
        >
          <InputNumber
            id="student-auto-logout"
            key={settings.auto_logout}
            min={0}
            max={AUTO_LOGOUT_MAX_MINUTES}
            precision={0}
            defaultValue={settings.auto_logout}
            onBlur={(e) => {
              const value = Number(e.target.value);
              if (Number.isInteger(value) && value !== settings.auto_logout)
                void save({ setting: 'auto_logout', value });
            }}
          />
        </Form.Item>
        <Form.Item label={t('people.settings.language')} htmlFor="student-language">
          <Select
            id="student-language"
            style={{ width: 200 }}
            value={settings.language}
            onChange={(value) => void save({ setting: 'language', value })}
            options={LANGUAGE_CODES.map((code) => ({ value: code, label: t(`common.language.${code}`) }))}
          />
        </Form.Item>
      </Form>
    </>
  );
}
