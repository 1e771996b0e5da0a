import type { LtiSetLinkDto } from '@aula/domain/lti-launch';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCreateLtiSetAssignmentMutation, useGetLtiSetLinkMutation } from '../../lti/set-links-api';
import { useGetAssignmentSetQuery, useListAssignableActivitiesQuery } from '../api';
import type { Assignment } from '../assignments.types';
import { assignmentSetViewHref, idParam } from '../lib/assignment-paths';

/**
 * /assignment-lti-set/view/:assignmentSetId (001 section 2, "LTI assignment-set view"; docs/lti.md): where an
 * instructor's launch of a set link lands, and where any staff user who reaches the set gets its LTI link (or one of
 * its assignments') to paste into an LMS by hand, and creates an assignment in it for LMS links.
 */
export function AssignmentLtiSetViewPage() {
  const id = idParam(useParams().assignmentSetId);
  if (id === null) return <NotFoundPage />;
  return <AssignmentLtiSetView key={id} id={id} />;
}

function AssignmentLtiSetView({ id }: { id: number }) {
  const t = useT();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'assignment', ['view', 'create']) : false;
  const { data, isLoading, isFetching, isError } = useGetAssignmentSetQuery(id);
  const [getLink, { isLoading: loadingLink, error: linkError }] = useGetLtiSetLinkMutation();
  const [shown, setShown] = useState<{ link: LtiSetLinkDto; name: string | null } | null>(null);
  const [creating, setCreating] = useState(false);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;

  const show = async (assignment: Assignment | null) => {
    try {
      const link = await getLink({ setId: id, ...(assignment ? { assignment_id: assignment.id } : {}) }).unwrap();
      setShown({ link, name: assignment?.name ?? null });
    } catch {
      // shown below
    }
  };

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960 }}>
      <Link to={assignmentSetViewHref(id)}>{t('lti.setLink.back')}</Link>
      <Typography.Title level={1} style={{ margin: 0 }}>
        {t('lti.setLink.title', { name: data.name })}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('lti.setLink.intro')}</Typography.Paragraph>
      <Flex gap="small" wrap>
        <Button type="primary" loading={loadingLink} onClick={() => void show(null)}>
          {t('lti.setLink.getSetLink')}
        </Button>
        {canCreate && <Button onClick={() => setCreating(true)}>{t('lti.setLink.create')}</Button>}
      </Flex>
      {linkError ? (
        <Alert type="error" showIcon title={errorMessages(linkError, t('lti.setLink.failed')).join(' ')} />
      ) : null}
      {shown ? <LtiSetLinkCard link={shown.link} name={shown.name} /> : null}
      <Table<Assignment>
        rowKey="id"
        loading={isFetching}
        dataSource={data.assignments}
        pagination={false}
        columns={[
          { key: 'name', title: t('assignments.sets.columns.name'), dataIndex: 'name' },
          {
            key: 'link',
            title: t('lti.setLink.getLink'),
            render: (_v, a) => (
              <Button size="small" onClick={() => void show(a)}>
                {t('lti.setLink.getLink')}
              </Button>
            ),
          },
        ]}
      />
      {creating && (
        <CreateLtiAssignmentModal
          setId={id}
          onClose={() => setCreating(false)}
          onCreated={(link, name) => setShown({ link, name })}
        />
      )}
    </Flex>
  );
}

/** The values an instructor pastes into the LMS: launch and login URLs, key set, custom parameters, deployments. */
export function LtiSetLinkCard({ link, name }: { link: LtiSetLinkDto; name: string | null }) {
  const t = useT();
  return (
    <Card
      role="region"
      aria-label={name ? t('lti.setLink.linkOfAssignment', { name }) : t('lti.setLink.linkOfSet')}
      title={name ? t('lti.setLink.linkOfAssignment', { name }) : t('lti.setLink.linkOfSet')}
    >
      <Descriptions
        column={1}
        items={[
          {
            key: 'target',
            label: t('lti.setLink.targetLinkUri'),
            children: <Typography.Text copyable>{link.target_link_uri}</Typography.Text>,
          },
          {
            key: 'login',
            label: t('lti.setLink.loginUrl'),
            children: <Typography.Text copyable>{link.login_url}</Typography.Text>,
          },
          {
            key: 'jwks',
            label: t('lti.setLink.jwksUrl'),
            children: <Typography.Text copyable>{link.jwks_url}</Typography.Text>,
          },
          {
            key: 'custom',
            label: t('lti.setLink.custom'),
            children: (
              <Typography.Text code copyable={{ text: link.custom_text }}>
                {link.custom_text}
              </Typography.Text>
            ),
          },
          {
            key: 'deployments',
            label: t('lti.setLink.deployments'),
            children: link.deployments.length ? (
              <Flex vertical gap={4}>
                {link.deployments.map((d) => (
                  <span key={d.id}>
                    {d.platform_name}: {d.name ?? d.deployment_id} ({d.deployment_id}){' '}
                    {d.is_active ? null : <Tag>{t('lti.setLink.inactive')}</Tag>}
                  </span>
                ))}
              </Flex>
            ) : (
              t('lti.setLink.noDeployments')
            ),
          },
        ]}
      />
    </Card>
  );
}

function CreateLtiAssignmentModal({
  setId,
  onClose,
  onCreated,
}: {
  setId: number;
  onClose: () => void;
  onCreated: (link: LtiSetLinkDto, name: string) => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [search, setSearch] = useState<string | undefined>();
  const activities = useListAssignableActivitiesQuery(search ? { search } : {});
  const [form] = Form.useForm<{ activity_id: number; name?: string }>();
  const [create, { isLoading }] = useCreateLtiSetAssignmentMutation();
  return (
    <Modal
      open
      title={t('lti.setLink.createTitle')}
      okText={t('lti.setLink.create')}
      cancelText={t('lti.setLink.cancel')}
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
            const name = values.name?.trim();
            const made = await create({ setId, activity_id: values.activity_id, ...(name ? { name } : {}) }).unwrap();
            void message.success(t('lti.setLink.created'));
            onClose();
            onCreated(made.link, made.assignment.name);
          } catch {
            // the shared handler shows the server's messages
          }
        }}
      >
        <Form.Item
          name="activity_id"
          label={t('lti.setLink.activity')}
          rules={[{ required: true, message: t('validation.select', { field: t('lti.setLink.activity') }) }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={(v) => setSearch(v.trim() || undefined)}
            loading={activities.isFetching}
            options={(activities.data?.data ?? [])
              .filter((a) => !a.archived)
              .map((a) => ({ value: a.id, label: a.title }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('lti.setLink.name')}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
