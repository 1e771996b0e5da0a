import { ACTIVITY_KINDS, type ActivityKind } from '@aula/domain/activity-content';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Form, Input, Modal, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useListMyDomainsQuery } from '../../products/api';
import { builderHref } from '../lib/builder-paths';
import { useCreateActivityMutation, useListTagsQuery } from '../api';

interface Values {
  title: string;
  kind: ActivityKind;
  description?: string;
  tags?: string[];
  domain_id?: number;
}

const FIELDS = ['domain_id', 'title', 'kind', 'description', 'tags'] as const;

/**
 * Create activity: title, kind, description and tags; on success the builder opens on the new activity. A user
 * without a domain of their own (provider staff, multi-domain roles) also picks the domain it belongs to, from the
 * domains they may work in (GET /domains/my-list; the only one is preselected); everyone else never sees the field.
 */
export function CreateActivityModal({
  open,
  folderId,
  onClose,
}: {
  open: boolean;
  folderId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateActivityMutation();
  const { data: tags = [] } = useListTagsQuery();
  const user = useAppSelector(selectCurrentUser);
  const multiDomain = user?.domain_id === null || user?.multi_domain === true;
  const { data: domains = [], isLoading: domainsLoading } = useListMyDomainsQuery(undefined, {
    skip: !open || !multiDomain,
  });

  const onFinish = async (values: Values) => {
    try {
      const activity = await create({
        title: values.title.trim(),
        kind: values.kind,
        ...(values.description ? { description: values.description } : {}),
        ...(values.tags?.length ? { tags: values.tags } : {}),
        ...(folderId !== null ? { folder_id: folderId } : {}),
        ...(multiDomain && values.domain_id ? { domain_id: values.domain_id } : {}),
      }).unwrap();
      form.resetFields();
      onClose();
      void message.success(t('dashboard.builder.list.created'));
      void navigate(builderHref(activity.id));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      // anything else is toasted by the shared response handler
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dashboard.builder.list.createTitle')}
      okText={t('dashboard.builder.list.create')}
      cancelText={t('dashboard.builder.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        {/* mounted once the domains are known, so that the only one can be its initial value */}
        {multiDomain && !domainsLoading && (
          <Form.Item
            name="domain_id"
            initialValue={domains.length === 1 ? domains[0]!.id : undefined}
            label={t('dashboard.builder.fields.domain')}
            extra={t('dashboard.builder.fields.domainHelp')}
            rules={[{ required: true, message: t('errors.domainRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={domains.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('dashboard.builder.fields.title')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.enter', { field: t('dashboard.builder.fields.titleField') }),
            },
          ]}
        >
          <Input maxLength={255} autoFocus />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('dashboard.builder.fields.kind')}
          rules={[
            { required: true, message: t('validation.select', { field: t('dashboard.builder.fields.kindField') }) },
          ]}
        >
          <Select options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`dashboard.builder.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('dashboard.builder.fields.description')}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="tags" label={t('dashboard.builder.fields.tags')}>
          <Select mode="tags" options={tags.map((tag) => ({ value: tag.name, label: tag.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
