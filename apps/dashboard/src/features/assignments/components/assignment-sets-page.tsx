import { assignmentNameSchema } from '@aula/domain/assignments';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { formatDate } from '@aula/web/lib/date-format.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Form, Input, Modal, Select, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useCreateAssignmentSetMutation,
  useGetAssignmentSetQuery,
  useListAssignmentSetsQuery,
  useListDistrictsQuery,
} from '../api';
import type { AssignmentSet } from '../assignments.types';
import {
  assignInSetHref,
  assignmentLtiSetViewHref,
  assignmentSetViewHref,
  assignmentSetsHref,
  assignmentsHref,
  idParam,
} from '../lib/assignment-paths';
import { AssignmentsTable } from './assignments-page';

const PER_PAGE = 20;

/** /assignment-set: the assignment sets of the caller's districts. */
export function AssignmentSetsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'assignment-set', ['view', 'create']) : false;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const { data, isFetching } = useListAssignmentSetsQuery({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });

  return (
    <Flex vertical gap="large">
      <Link to={assignmentsHref()}>{t('assignments.view.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('assignments.sets.title')}</h1>
        {canCreate && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('assignments.sets.add')}
          </Button>
        )}
      </Flex>
      <Flex role="search" aria-label={t('assignments.sets.search')}>
        <Input.Search
          allowClear
          aria-label={t('assignments.sets.search')}
          placeholder={t('assignments.sets.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim() || undefined);
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<AssignmentSet>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('assignments.sets.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'name',
              title: t('assignments.sets.columns.name'),
              render: (_v, s) => <Link to={assignmentSetViewHref(s.id)}>{s.name}</Link>,
            },
            { key: 'count', title: t('assignments.sets.columns.assignments'), dataIndex: 'assignments_count' },
            {
              key: 'createdBy',
              title: t('assignments.sets.columns.createdBy'),
              render: (_v, s) => (s.created_by ? `${s.created_by.first_name} ${s.created_by.last_name}` : ''),
            },
            {
              key: 'created',
              title: t('assignments.sets.columns.created'),
              render: (_v, s) => formatDate(s.created_at, i18n.language),
            },
          ]}
        />
      </div>
      {creating && (
        <CreateSetModal
          onClose={() => setCreating(false)}
          onCreated={(s) => void navigate(assignmentSetViewHref(s.id))}
        />
      )}
    </Flex>
  );
}

function CreateSetModal({ onClose, onCreated }: { onClose: () => void; onCreated: (s: AssignmentSet) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const user = useAppSelector(selectCurrentUser);
  // provider and domain staff belong to no district: they name the one the set is for
  const needsDistrict = !user?.account_id;
  const districts = useListDistrictsQuery(undefined, { skip: !needsDistrict });
  const [form] = Form.useForm<{ name: string; account_id?: number }>();
  const [create, { isLoading }] = useCreateAssignmentSetMutation();

  return (
    <Modal
      open
      title={t('assignments.sets.createTitle')}
      okText={t('assignments.sets.save')}
      cancelText={t('assignments.sets.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          try {
            const set = await create(values).unwrap();
            void message.success(t('assignments.sets.created'));
            onClose();
            onCreated(set);
          } catch {
            // the shared handler shows the server's messages
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('assignments.sets.name')}
          rules={[schemaRule(assignmentNameSchema, () => t('assignments.sets.name'))]}
        >
          <Input maxLength={255} autoFocus />
        </Form.Item>
        {needsDistrict && (
          <Form.Item
            name="account_id"
            label={t('assignments.sets.account')}
            rules={[{ required: true, message: t('validation.select', { field: t('fields.account_id') }) }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={districts.isFetching}
              options={(districts.data?.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /assignment-set/view/:assignmentSetId: a set and the assignments in it the caller reaches. */
export function AssignmentSetViewPage() {
  const id = idParam(useParams().assignmentSetId);
  if (id === null) return <NotFoundPage />;
  return <AssignmentSetView key={id} id={id} />;
}

function AssignmentSetView({ id }: { id: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'assignment', ['view', 'create']) : false;
  const { data, isLoading, isFetching, isError } = useGetAssignmentSetQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return (
    <Flex vertical gap="large">
      <Link to={assignmentSetsHref()}>{t('assignments.sets.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('assignments.sets.viewTitle', { name: data.name })}
        </h1>
        <Flex gap="small" wrap>
          <Button onClick={() => void navigate(assignmentLtiSetViewHref(data.id))}>{t('lti.setLink.getLink')}</Button>
          {canCreate && (
            <Button type="primary" onClick={() => void navigate(assignInSetHref(data.id))}>
              {t('assignments.sets.assignInSet')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
        {t('assignments.sets.inSet')}
      </Typography.Title>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <AssignmentsTable rows={data.assignments} loading={isFetching} scope={null} pagination={false} />
      </div>
    </Flex>
  );
}
