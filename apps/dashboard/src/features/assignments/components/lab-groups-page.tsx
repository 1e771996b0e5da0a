import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useCreateLabGroupMutation,
  useDeleteLabGroupMutation,
  useGetAssignTargetsQuery,
  useGetAssignmentQuery,
  useListLabGroupsQuery,
  useUpdateLabGroupMutation,
} from '../api';
import type { Assignment, LabGroup, PersonRef, Targets } from '../assignments.types';
import { assignmentViewHref, idParam } from '../lib/assignment-paths';

/** /assignment/view/:assignmentId/lab-groups: small teams of one class's students for the assignment's labs. */
export function LabGroupsPage() {
  const id = idParam(useParams().assignmentId);
  if (id === null) return <NotFoundPage />;
  return <LabGroups key={id} assignmentId={id} />;
}

interface EligibleClass {
  id: number;
  name: string;
  students: PersonRef[];
}

/**
 * The classes a lab group can be made in and their students who have the assignment: every student of a class it
 * is for; of other classes, the students it reaches through its groups or by name (the server checks the same).
 */
function eligibleClasses(assignment: Assignment, targets: Targets): EligibleClass[] {
  const memberIds = (type: string) =>
    new Set(assignment.members.filter((m) => m.member_type === type).map((m) => m.member_id));
  const classIds = memberIds('class');
  const groupIds = memberIds('group');
  const reached = new Set([
    ...memberIds('student'),
    ...targets.groups.filter((g) => groupIds.has(g.id)).flatMap((g) => g.student_ids),
  ]);
  return targets.classes
    .map((c) => ({
      id: c.id,
      name: c.name,
      students: classIds.has(c.id) ? c.students : c.students.filter((s) => reached.has(s.id)),
    }))
    .filter((c) => c.students.length > 0);
}

const fullName = (p: PersonRef) => `${p.first_name} ${p.last_name}`;

function LabGroups({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'assignment', ['view', 'update']) : false;
  const assignment = useGetAssignmentQuery(assignmentId);
  const targets = useGetAssignTargetsQuery({});
  const groups = useListLabGroupsQuery(assignmentId);
  const [remove] = useDeleteLabGroupMutation();
  const [editing, setEditing] = useState<LabGroup | 'new' | null>(null);
  const classes = useMemo(
    () => (assignment.data && targets.data ? eligibleClasses(assignment.data, targets.data) : []),
    [assignment.data, targets.data],
  );

  if (assignment.isLoading || groups.isLoading) return <PageLoader />;
  if (assignment.isError || !assignment.data) return <NotFoundPage />;
  const a = assignment.data;

  return (
    <Flex vertical gap="large">
      <Link to={assignmentViewHref(a.id)}>{t('assignments.labGroups.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('assignments.labGroups.title', { name: a.name })}
        </h1>
        {canUpdate && (
          <Button type="primary" disabled={classes.length === 0} onClick={() => setEditing('new')}>
            {t('assignments.labGroups.add')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
        {t('assignments.labGroups.intro')}
      </Typography.Paragraph>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<LabGroup>
          rowKey="id"
          loading={groups.isFetching}
          dataSource={groups.data ?? []}
          pagination={false}
          locale={{ emptyText: t('assignments.labGroups.empty') }}
          columns={[
            { key: 'name', title: t('assignments.labGroups.columns.name'), dataIndex: 'name' },
            { key: 'class', title: t('assignments.labGroups.columns.class'), dataIndex: 'class_name' },
            {
              key: 'students',
              title: t('assignments.labGroups.columns.students'),
              render: (_v, g) => g.members.map(fullName).join(', '),
            },
            {
              key: 'owner',
              title: t('assignments.labGroups.columns.owner'),
              render: (_v, g) => {
                const owner = g.members.find((m) => m.is_owner);
                return owner ? fullName(owner) : '';
              },
            },
            ...(canUpdate
              ? [
                  {
                    key: 'actions',
                    title: t('assignments.labGroups.columns.actions'),
                    render: (_v: unknown, g: LabGroup) => (
                      <Space wrap size={4}>
                        <Button
                          size="small"
                          onClick={() => setEditing(g)}
                          aria-label={t('assignments.labGroups.edit', { name: g.name })}
                        >
                          {t('assignments.view.edit')}
                        </Button>
                        <Popconfirm
                          title={t('assignments.labGroups.deleteConfirm', { name: g.name })}
                          okText={t('assignments.delete.ok')}
                          cancelText={t('assignments.delete.cancel')}
                          onConfirm={async () => {
                            await remove({ assignmentId, id: g.id }).unwrap();
                            void message.success(t('assignments.labGroups.deleted'));
                          }}
                        >
                          <Button size="small" aria-label={t('assignments.labGroups.delete', { name: g.name })}>
                            {t('assignments.view.delete')}
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
          assignmentId={assignmentId}
          classes={classes}
          taken={(groups.data ?? []).filter((g) => editing === 'new' || g.id !== editing.id)}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

interface LabGroupValues {
  class_id: number;
  name: string;
  student_ids: number[];
  owner_id?: number | null;
}

function LabGroupModal({
  assignmentId,
  classes,
  taken,
  editing,
  onClose,
}: {
  assignmentId: number;
  classes: EligibleClass[];
  /** the other lab groups: their students cannot join this one */
  taken: LabGroup[];
  editing: LabGroup | null;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<LabGroupValues>();
  const [create, { isLoading: creating }] = useCreateLabGroupMutation();
  const [update, { isLoading: saving }] = useUpdateLabGroupMutation();
  const classId = Form.useWatch('class_id', form) ?? editing?.class_id;
  const chosen = Form.useWatch('student_ids', form) ?? [];
  const busy = new Set(taken.flatMap((g) => g.members.map((m) => m.id)));
  const cls = classes.find((c) => c.id === classId);
  const students = cls?.students ?? editing?.members ?? [];

  async function save(values: LabGroupValues) {
    try {
      if (editing)
        await update({
          assignmentId,
          id: editing.id,
          name: values.name,
          student_ids: values.student_ids,
          owner_id: values.owner_id ?? null,
        }).unwrap();
      else await create({ assignmentId, ...values, owner_id: values.owner_id ?? null }).unwrap();
      void message.success(t('assignments.labGroups.saved'));
      onClose();
    } catch {
      // the shared handler shows the server's messages
    }
  }

  return (
    <Modal
      open
      title={editing ? t('assignments.labGroups.editTitle') : t('assignments.labGroups.createTitle')}
      okText={t('assignments.labGroups.save')}
      cancelText={t('assignments.labGroups.cancel')}
      confirmLoading={creating || saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LabGroupValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={
          editing
            ? {
                class_id: editing.class_id,
                name: editing.name,
                student_ids: editing.members.map((m) => m.id),
                owner_id: editing.owner_id,
              }
            : { class_id: classes.length === 1 ? classes[0]!.id : undefined, student_ids: [] }
        }
      >
        <Form.Item
          name="class_id"
          label={t('assignments.labGroups.class')}
          rules={[{ required: true, message: t('validation.select', { field: t('fields.class_id') }) }]}
        >
          <Select
            disabled={!!editing}
            options={
              editing
                ? [{ value: editing.class_id, label: editing.class_name }]
                : classes.map((c) => ({ value: c.id, label: c.name }))
            }
            onChange={() => form.setFieldsValue({ student_ids: [], owner_id: null })}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('assignments.labGroups.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.enter', { field: t('fields.name') }) }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="student_ids"
          label={t('assignments.labGroups.students')}
          rules={[{ required: true, message: t('validation.select', { field: t('fields.student_ids') }) }]}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={students.map((s) => ({ value: s.id, label: fullName(s), disabled: busy.has(s.id) }))}
          />
        </Form.Item>
        <Form.Item
          name="owner_id"
          label={t('assignments.labGroups.owner')}
          extra={t('assignments.labGroups.ownerHint')}
        >
          <Select
            allowClear
            options={students.filter((s) => chosen.includes(s.id)).map((s) => ({ value: s.id, label: fullName(s) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
