import { readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, DatePicker, Drawer, Flex, Form, Input, List, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { BuilderContent } from '../activity-builder.types';
import {
  useCreateVersionMutation,
  useLoadVersionMutation,
  usePublishVersionMutation,
  useScheduleVersionMutation,
  useUnscheduleMutation,
} from '../api';
import { StatusTag } from '../../../components/status-tag';

// Version history (001 section 4): create a version from the saved screens (added to the history), load one
// (after a confirm: it replaces the working screens), publish one (when the server refuses, the user may publish
// anyway with force), schedule publishing at a date and time, and unschedule.

export function VersionHistory({
  open,
  onClose,
  activityId,
  content,
  dirty,
  onLoaded,
}: {
  open: boolean;
  onClose: () => void;
  activityId: number;
  content: BuilderContent | undefined;
  dirty: boolean;
  onLoaded: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const { modal, message } = App.useApp();
  const [create, { isLoading: creating }] = useCreateVersionMutation();
  const [load] = useLoadVersionMutation();
  const [publish] = usePublishVersionMutation();
  const [schedule, { isLoading: scheduling }] = useScheduleVersionMutation();
  const [unschedule, { isLoading: unscheduling }] = useUnscheduleMutation();
  const [form] = Form.useForm<{ title?: string; note?: string }>();
  const [when, setWhen] = useState<Record<number, Dayjs | null>>({});
  const history = [...(content?.history ?? [])].sort((a, b) => b.number - a.number);

  const confirmLoad = (versionId: number, number: number) =>
    modal.confirm({
      title: t('dashboard.builder.versions.loadTitle', { n: number }),
      content: dirty ? t('dashboard.builder.versions.loadDirty') : t('dashboard.builder.versions.loadText'),
      okText: t('dashboard.builder.versions.load'),
      cancelText: t('dashboard.builder.cancel'),
      onOk: async () => {
        await load({ activityId, versionId }).unwrap();
        onLoaded();
        void message.success(t('dashboard.builder.versions.loaded', { n: number }));
      },
    });

  const doPublish = async (versionId: number, number: number, force: boolean) => {
    try {
      await publish({ activityId, versionId, force }).unwrap();
      void message.success(t('dashboard.builder.versions.published', { n: number }));
    } catch (error) {
      const { status } = readError(error as never);
      if (force || (status !== 409 && status !== 422)) return;
      modal.confirm({
        title: t('dashboard.builder.versions.forceTitle'),
        content: t('dashboard.builder.versions.forceText'),
        okText: t('dashboard.builder.versions.forcePublish'),
        cancelText: t('dashboard.builder.cancel'),
        onOk: () => doPublish(versionId, number, true),
      });
    }
  };

  const confirmPublish = (versionId: number, number: number) =>
    modal.confirm({
      title: t('dashboard.builder.versions.publishTitle', { n: number }),
      content: t('dashboard.builder.versions.publishText'),
      okText: t('dashboard.builder.versions.publish'),
      cancelText: t('dashboard.builder.cancel'),
      onOk: () => doPublish(versionId, number, false),
    });

  return (
    <Drawer open={open} onClose={onClose} title={t('dashboard.builder.versions.title')} width={520} destroyOnHidden>
      <Flex vertical gap="large">
        <section aria-labelledby="new-version">
          <Typography.Title level={3} id="new-version" style={{ fontSize: 15 }}>
            {t('dashboard.builder.versions.create')}
          </Typography.Title>
          {dirty && <Typography.Paragraph strong>{t('dashboard.builder.versions.saveFirst')}</Typography.Paragraph>}
          <Form
            form={form}
            layout="vertical"
            disabled={dirty}
            onFinish={(v) =>
              void create({ activityId, ...(v.title ? { title: v.title } : {}), ...(v.note ? { note: v.note } : {}) })
                .unwrap()
                .then((version) => {
                  form.resetFields();
                  void message.success(t('dashboard.builder.versions.created', { n: version.number }));
                })
                .catch(() => undefined)
            }
          >
            <Form.Item name="title" label={t('dashboard.builder.versions.versionTitle')}>
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item name="note" label={t('dashboard.builder.versions.note')}>
              <Input.TextArea autoSize={{ minRows: 2 }} maxLength={2000} />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={creating}>
              {t('dashboard.builder.versions.create')}
            </Button>
          </Form>
        </section>
        {content?.scheduled_at && (
          <Flex gap="small" align="center" wrap role="status">
            <Typography.Text>
              {t('dashboard.builder.versions.scheduledAt', { at: dates.dateTime(content.scheduled_at) })}
            </Typography.Text>
            <Button size="small" loading={unscheduling} onClick={() => void unschedule(activityId)}>
              {t('dashboard.builder.versions.unschedule')}
            </Button>
          </Flex>
        )}
        <section aria-labelledby="history">
          <Typography.Title level={3} id="history" style={{ fontSize: 15 }}>
            {t('dashboard.builder.versions.history')}
          </Typography.Title>
          <List
            dataSource={history}
            locale={{ emptyText: t('dashboard.builder.versions.none') }}
            renderItem={(v) => (
              <List.Item>
                <Flex vertical gap={6} style={{ width: '100%' }}>
                  <Flex gap="small" align="center" wrap>
                    <Typography.Text strong>
                      {t('dashboard.builder.versions.versionN', { n: v.number })}
                      {v.title ? ` — ${v.title}` : ''}
                    </Typography.Text>
                    {v.id === content?.published_version_id && (
                      <StatusTag tone="green">{t('dashboard.builder.status.published')}</StatusTag>
                    )}
                    {v.id === content?.scheduled_version_id && (
                      <StatusTag tone="blue">{t('dashboard.builder.versions.scheduled')}</StatusTag>
                    )}
                  </Flex>
                  <Typography.Text type="secondary">
                    {dates.dateTime(v.created_at)}
                    {v.created_by_name ? ` · ${v.created_by_name}` : ''}
                  </Typography.Text>
                  {v.note && <Typography.Text>{v.note}</Typography.Text>}
                  <Space wrap>
                    <Button size="small" onClick={() => confirmLoad(v.id, v.number)}>
                      {t('dashboard.builder.versions.load')}
                    </Button>
                    <Button size="small" type="primary" onClick={() => confirmPublish(v.id, v.number)}>
                      {t('dashboard.builder.versions.publish')}
                    </Button>
                  </Space>
                  <Space.Compact>
                    <DatePicker
                      showTime
                      size="small"
                      aria-label={t('dashboard.builder.versions.publishAtN', { n: v.number })}
                      format={dates.picker.dateTime}
                      disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                      value={when[v.id] ?? null}
                      onChange={(d) => setWhen((w) => ({ ...w, [v.id]: d }))}
                    />
                    <Button
                      size="small"
                      loading={scheduling}
                      disabled={!when[v.id]}
                      onClick={() =>
                        void schedule({ activityId, versionId: v.id, publishAt: when[v.id]!.toISOString() })
                          .unwrap()
                          .then(() => void message.success(t('dashboard.builder.versions.scheduledOk')))
                          .catch(() => undefined)
                      }
                    >
                      {t('dashboard.builder.versions.schedule')}
                    </Button>
                  </Space.Compact>
                </Flex>
              </List.Item>
            )}
          />
        </section>
      </Flex>
    </Drawer>
  );
}
