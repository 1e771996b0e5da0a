import { LAB_GROUP_MEMBERS_MAX, LAB_GROUP_NAME_MAX } from '@aula/domain/classes';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useCreateClassLabGroupMutation,
  useDeleteClassLabGroupMutation,
  useGetClassQuery,
  useGetClassSettingsQuery,
  useListClassUsersQuery,
  useListClassLabGroupsQuery,
  useUpdateClassLabGroupMutation,
} from '../api';
import type { ClassUser, LabGroup } from '../classes.types';
import { classSettingsHref, personName } from '../lib/class-paths';
import { ClassHeader } from './class-header';

/**
 * /classes/:classId/lab-groups: the class's lab groups (small teams for lab work, one student holding the sensor).
 * Teachers and admins who may change the class create, edit and delete them while lab groups are on for the class.
 */
export function LabGroupsPage() {
  const { classId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <LabGroups classId={Number(raw)} />;
}

function LabGroups({ classId }: { classId: number }) {
  const t = useT();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'class', ['view', 'update']) : false;
  const cls = useGetClassQuery(classId);
  const settings = useGetClassSettingsQuery(classId);
  const { data: groups = [], isFetching } = useListClassLabGroupsQuery(classId);
  const { data: students } = useListClassUsersQuery({ id: classId, user_type: 'student', per_page: 300 });
  const [remove] = useDeleteClassLabGroupMutation();
  const [editing, setEditing] = useState<LabGroup | 'new' | null>(null);

  if (cls.isLoading || settings.isLoading) return <PageLoader />;
  if (cls.isError || !cls.data) return <NotFoundPage />;
  const on = settings.data?.find((s) => s.setting === 'lab_groups')?.value.enabled ?? false;

  return (
    <Flex vertical gap="large">
      <ClassHeader cls={cls.data} current="labGroups" title={t('classes.labGroups.title')} />
      {!on && (
        <Alert
          type="info"
          showIcon
          message={t('classes.labGroups.off')}
          {...(canUpdate
            ? { action: <Link to={classSettingsHref(classId)}>{t('classes.labGroups.openSettings')}</Link> }
            : {})}
        />
      )}
      {canUpdate && (
        <Flex justify="end">
          <Button type="primary" disabled={!on} onClick={() => setEditing('new')}>
            {t('classes.labGroups.create')}
          </Button>
        </Flex>
      )}
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<LabGroup>
          rowKey="id"
          loading={isFetching}
          dataSource={groups}
          pagination={false}
          locale={{ emptyText: t('classes.labGroups.empty') }}
          columns={[
            { key: 'name', title: t('classes.labGroups.name'), dataIndex: 'name' },
            {
              key: 'students',
              title: t('classes.labGroups.students'),
              render: (_v, g) => (
                <Flex wrap gap={4}>
                  {g.students.map((s) => (
                    <Tag key={s.id} color={s.is_owner ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
                      {personName(s)}
                      {s.is_owner ? ` (${t('classes.labGroups.ownerTag')})` : ''}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            ...(canUpdate
              ? [
                  {
                    key: 'actions',
                    title: t('classes.labGroups.actions'),
                    render: (_v: unknown, g: LabGroup) => (
                      <Space wrap>
                        <Button
                          size="small"
                          disabled={!on}
                          onClick={() => setEditing(g)}
                          aria-label={t('classes.labGroups.editOf', { name: g.name })}
                        >
                          {t('classes.labGroups.edit')}
                        </Button>
                        <Popconfirm
                          title={t('classes.labGroups.deleteConfirm', { name: g.name })}
                          okText={t('classes.labGroups.delete')}
                          cancelText={t('classes.labGroups.cancel')}
                          onConfirm={async () => {
                            await remove({ classId, id: g.id }).unwrap();
                            void message.success(t('classes.labGroups.deleted', { name: g.name }));
                          }}
                        >
                          <Button size="small" aria-label={t('classes.labGroups.deleteOf', { name: g.name })}>
                            {t('classes.labGroups.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      {editing && (
        <LabGroupModal
          classId={classId}
          group={editing === 'new' ? null : editing}
          groups={groups}
          students={students?.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

interface Values {
  name: string;
  student_ids: number[];
  owner_id?: number;
}

function LabGroupModal({
  classId,
  group,
  groups,
  students,
  onClose,
}: {
  classId: number;
  group: LabGroup | null;
  groups: LabGroup[];
  students: ClassUser[];
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('student_ids', form) ?? [];
  const [create, { isLoading: creating }] = useCreateClassLabGroupMutation();
  const [update, { isLoading: updating }] = useUpdateClassLabGroupMutation();
  // a student is in one lab group of the class: those in another are shown with it, and cannot be chosen
  const elsewhere = new Map<number, string>();
  for (const g of groups) if (g.id !== group?.id) for (const s of g.students) elsewhere.set(s.id, g.name);

  const onFinish = async (v: Values) => {
    const body = { name: v.name.trim(), student_ids: v.student_ids, owner_id: v.owner_id ?? null };
    try {
      const saved = group
        ? await update({ classId, id: group.id, ...body }).unwrap()
        : await create({ classId, ...body }).unwrap();
      void message.success(t('classes.labGroups.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error, ['name', 'student_ids', 'owner_id'] as const);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Modal
      open
      title={group ? t('classes.labGroups.editTitle') : t('classes.labGroups.create')}
      okText={t('classes.labGroups.save')}
      cancelText={t('classes.labGroups.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating || updating}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          group
            ? { name: group.name, student_ids: group.students.map((s) => s.id), owner_id: group.owner_id ?? undefined }
            : { student_ids: [] }
        }
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="name"
          label={t('classes.labGroups.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.enter', { field: t('fields.name') }) }]}
        >
          <Input maxLength={LAB_GROUP_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item
          name="student_ids"
          label={t('classes.labGroups.students')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: t('validation.select', { field: t('fields.student_ids') }),
            },
          ]}
        >
          <Select
            mode="multiple"
            maxCount={LAB_GROUP_MEMBERS_MAX}
            optionFilterProp="label"
            options={students.map((s) => {
              const other = elsewhere.get(s.id);
              return {
                value: s.id,
                label: other ? `${personName(s)} (${t('classes.labGroups.inOther', { group: other })})` : personName(s),
                disabled: other !== undefined,
              };
            })}
          />
        </Form.Item>
        <Form.Item name="owner_id" label={t('classes.labGroups.owner')} extra={t('classes.labGroups.ownerHelp')}>
          <Select
            allowClear
            options={students.filter((s) => chosen.includes(s.id)).map((s) => ({ value: s.id, label: personName(s) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
