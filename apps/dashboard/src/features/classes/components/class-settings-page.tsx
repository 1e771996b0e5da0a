import { CLASS_TITLE_MAX, classroomName, type ClassSettingKind } from '@aula/domain/classes';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Card, Flex, Form, Input, List, Switch, Typography } from 'antd';
import { useParams } from 'react-router';
import {
  useGetClassQuery,
  useGetClassSettingsQuery,
  useSaveClassSettingsMutation,
  useUpdateClassMutation,
} from '../api';
import type { ClassRow, ClassSetting } from '../classes.types';
import { ClassHeader } from './class-header';
import { LtiLinksCard } from './lti-links-card';

/**
 * /classes/:classId/settings: the class's own name (custom title) and its settings. Each setting follows the
 * district's until the class sets its own; one the district has off cannot be switched on here.
 */
export function ClassSettingsPage() {
  const { classId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <ClassSettings classId={Number(raw)} />;
}

function ClassSettings({ classId }: { classId: number }) {
  const t = useT();
  const cls = useGetClassQuery(classId);
  const settings = useGetClassSettingsQuery(classId);
  if (cls.isLoading || settings.isLoading) return <PageLoader />;
  if (cls.isError || !cls.data || settings.isError || !settings.data) return <NotFoundPage />;
  return (
    <Flex vertical gap="large">
      <ClassHeader cls={cls.data} current="settings" title={t('classes.settings.title')} />
      <NameCard cls={cls.data} />
      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('classes.settings.features')}</h2>}>
        <List
          dataSource={settings.data}
          renderItem={(s) => <SettingRow key={s.setting} classId={classId} setting={s} />}
        />
      </Card>
      <LtiLinksCard classId={classId} />
    </Flex>
  );
}

function NameCard({ cls }: { cls: ClassRow }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ custom_title: string }>();
  const [update, { isLoading }] = useUpdateClassMutation();
  const rosterName = classroomName({ title: cls.title, periods: cls.periods });
  const onFinish = async ({ custom_title }: { custom_title: string }) => {
    try {
      const saved = await update({ id: cls.id, custom_title: custom_title.trim() || null }).unwrap();
      void message.success(t('classes.settings.nameSaved', { name: saved.name }));
    } catch (error) {
      const fields = serverFieldErrors(error, ['custom_title'] as const);
      if (fields.length > 0) form.setFields(fields);
    }
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('classes.settings.name')}</h2>}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ custom_title: cls.custom_title ?? '' }}
        onFinish={(v) => void onFinish(v)}
        requiredMark={false}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="custom_title"
          label={t('classes.settings.customTitle')}
          extra={t('classes.settings.customTitleHelp', { name: rosterName })}
        >
          <Input maxLength={CLASS_TITLE_MAX} placeholder={rosterName} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('classes.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}

const SETTING_LABEL: Record<ClassSettingKind, 'classes.settings.labGroups' | 'classes.settings.immersiveReader'> = {
  lab_groups: 'classes.settings.labGroups',
  immersive_reader: 'classes.settings.immersiveReader',
};
const SETTING_HELP: Record<
  ClassSettingKind,
  'classes.settings.labGroupsHelp' | 'classes.settings.immersiveReaderHelp'
> = {
  lab_groups: 'classes.settings.labGroupsHelp',
  immersive_reader: 'classes.settings.immersiveReaderHelp',
};

function SettingRow({ classId, setting }: { classId: number; setting: ClassSetting }) {
  const t = useT();
  const { message } = App.useApp();
  const [save, { isLoading }] = useSaveClassSettingsMutation();
  const label = t(SETTING_LABEL[setting.setting]);
  const change = async (value: { enabled: boolean } | null) => {
    try {
      await save({ id: classId, settings: [{ setting: setting.setting, value }] }).unwrap();
      void message.success(t('classes.settings.saved'));
    } catch {
      // toasted by the shared response handler
    }
  };
  const state = !setting.available
    ? t('classes.settings.offForDistrict')
    : setting.class_value === null
      ? t('classes.settings.inherited')
      : t('classes.settings.own');
  return (
    <List.Item
      actions={[
        ...(setting.available && setting.class_value !== null
          ? [
              <Button key="inherit" type="link" onClick={() => void change(null)} disabled={isLoading}>
                {t('classes.settings.useDistrict')}
              </Button>,
            ]
          : []),
        <Switch
          key="switch"
          aria-label={label}
          checked={setting.value.enabled}
          disabled={!setting.available}
          loading={isLoading}
          onChange={(enabled) => void change({ enabled })}
        />,
      ]}
    >
      <List.Item.Meta
        title={label}
        description={
          <Flex vertical>
            <span>{t(SETTING_HELP[setting.setting])}</span>
            <Typography.Text type="secondary">{state}</Typography.Text>
          </Flex>
        }
      />
    </List.Item>
  );
}
