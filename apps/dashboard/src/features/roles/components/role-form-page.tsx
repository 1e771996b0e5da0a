import { ROLE_LABELS, type RoleLabel } from '@aula/domain/roles';
import { roleInputSchema } from '@aula/domain/tenancy';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Flex, Form, Input, Select, Space, theme } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import {
  useCreateRoleMutation,
  useGetRoleQuery,
  usePermissionCatalogueQuery,
  useRoleDomainsQuery,
  useUpdateRoleMutation,
} from '../api';
import { offeredPermissions } from '../lib/permission-grants';
import { rolesHref } from '../lib/role-paths';
import type { CatalogueEntry, ListedRole } from '../roles.types';
import { GrantsSummary } from './grants-summary';
import { PermissionPicker } from './permission-picker';

const FIELDS = ['name', 'description', 'label', 'permissions', 'domain_id'] as const;
/** The placement select's value for a role of all domains (multi-domain). */
const ALL_DOMAINS = 0;

interface Values {
  name: string;
  description?: string;
  label?: RoleLabel;
  permissions: string[];
  domain_id: number;
}

/** /role (no id): the roles are listed on /roles. */
export function RoleIndexPage() {
  return <Navigate to={rolesHref()} replace />;
}

/** /role/create */
export function CreateRolePage() {
  const { data: catalogue, isLoading, isError, refetch } = usePermissionCatalogueQuery();
  if (isLoading) return <PageLoader />;
  if (isError || !catalogue) return <LoadFailed retry={() => void refetch()} />;
  return <RoleForm catalogue={catalogue} />;
}

/** /role/:roleId: edit a custom role (read-only when the caller may see it but not change it). */
export function EditRolePage() {
  const { roleId = '' } = useParams();
  if (!/^\d{1,9}$/.test(roleId)) return <NotFoundPage />;
  return <EditRole key={roleId} id={Number(roleId)} />;
}

function EditRole({ id }: { id: number }) {
  const role = useGetRoleQuery(id);
  const catalogue = usePermissionCatalogueQuery();
  if (role.isLoading || catalogue.isLoading) return <PageLoader />;
  if (role.isError && 'status' in role.error && role.error.status === 404) return <NotFoundPage />;
  if (role.isError || catalogue.isError || !role.data || !catalogue.data) {
    return (
      <LoadFailed
        retry={() => {
          void role.refetch();
          void catalogue.refetch();
        }}
      />
    );
  }
  return <RoleForm role={role.data} catalogue={catalogue.data} />;
}

function LoadFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <Flex vertical gap="middle" align="start">
      <Link to={rolesHref()}>{t('roles.back')}</Link>
      <Alert type="error" showIcon message={t('roles.loadFailed')} />
      <Button onClick={retry}>{t('roles.retry')}</Button>
    </Flex>
  );
}

function RoleForm({ role, catalogue }: { role?: ListedRole; catalogue: readonly CatalogueEntry[] }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const callerIsGlobal = user?.domain_id === null || user?.multi_domain === true;
  // provider staff say where a new role applies: all domains, or one domain
  const choosePlacement = !role && callerIsGlobal;
  const { data: domains = [] } = useRoleDomainsQuery(undefined, { skip: !choosePlacement });
  const [form] = Form.useForm<Values>();
  const [create, { isLoading: creating }] = useCreateRoleMutation();
  const [update, { isLoading: updating }] = useUpdateRoleMutation();
  const busy = creating || updating;
  const readOnly = role !== undefined && !role.manageable;

  const placement = Form.useWatch('domain_id', form) ?? ALL_DOMAINS;
  const selected = Form.useWatch('permissions', form) ?? role?.permissions ?? [];
  const multiDomain = role ? role.domain_id === null : callerIsGlobal && placement === ALL_DOMAINS;
  const { offered, hiddenMultiDomain } = readOnly
    ? { offered: catalogue.filter((p) => role.permissions.includes(p.name)), hiddenMultiDomain: 0 }
    : offeredPermissions(catalogue, multiDomain);

  const onPlacement = (domainId: number) => {
    if (domainId === ALL_DOMAINS) return;
    // a role of one domain cannot hold the multi-domain-only permissions
    const only = new Set(catalogue.filter((p) => p.multi_domain_only).map((p) => p.name as string));
    form.setFieldValue(
      'permissions',
      (form.getFieldValue('permissions') as string[] | undefined)?.filter((p) => !only.has(p)) ?? [],
    );
  };

  const submit = async (values: Values) => {
    const input = {
      name: values.name,
      description: values.description?.trim() ? values.description.trim() : null,
      label: values.label!,
      permissions: values.permissions,
      ...(choosePlacement && values.domain_id !== ALL_DOMAINS ? { domain_id: values.domain_id } : {}),
    };
    try {
      if (role) await update({ id: role.id, ...input }).unwrap();
      else await create(input).unwrap();
      void message.success(t('roles.saved'));
      void navigate(rolesHref());
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  const title = !role
    ? t('roles.createTitle')
    : readOnly
      ? t('roles.viewTitle', { name: role.name })
      : t('roles.editTitle', { name: role.name });

  return (
    <Flex vertical gap="large">
      <Link to={rolesHref()}>{t('roles.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{title}</h1>
      {readOnly && <Alert type="info" showIcon message={t('roles.readOnly')} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy || readOnly}
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          label: role?.label,
          permissions: role?.permissions ?? [],
          domain_id: ALL_DOMAINS,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Flex wrap gap="large" align="start">
          <Flex vertical style={{ flex: '1 1 420px', minWidth: 0, maxWidth: 640 }}>
            {choosePlacement && (
              <Form.Item name="domain_id" label={t('roles.placement')} extra={t('roles.placementHint')}>
                <Select
                  onChange={onPlacement}
                  options={[
                    { value: ALL_DOMAINS, label: t('roles.placeAll') },
                    ...domains.map((d) => ({ value: d.id, label: t('roles.placeDomainNamed', { name: d.name }) })),
                  ]}
                />
              </Form.Item>
            )}
            <Form.Item
              name="name"
              label={t('roles.name')}
              rules={[schemaRule(roleInputSchema.shape.name, () => translate('fields.name'))]}
            >
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item
              name="label"
              label={t('roles.label')}
              rules={[schemaRule(roleInputSchema.shape.label, () => translate('fields.label'))]}
            >
              <Select options={ROLE_LABELS.map((l) => ({ value: l, label: t(`roles.labels.${l}`) }))} />
            </Form.Item>
            <Form.Item name="description" label={t('roles.description')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
            <Form.Item
              name="permissions"
              label={<span id="role-permissions-label">{t('roles.permissions')}</span>}
              extra={
                readOnly ? undefined : (
                  <>
                    {t('roles.onlyGrantable')}
                    {hiddenMultiDomain > 0 && ` ${t('roles.multiDomainHidden', { count: hiddenMultiDomain })}`}
                  </>
                )
              }
              rules={[schemaRule(roleInputSchema.shape.permissions, () => translate('fields.permissions'))]}
            >
              <PermissionPicker entries={offered} />
            </Form.Item>
          </Flex>
          <Flex vertical gap="middle" style={{ flex: '1 1 320px', minWidth: 0, position: 'sticky', top: 16 }}>
            <GrantsSummary selected={selected} multiDomain={multiDomain} />
          </Flex>
        </Flex>
        {!readOnly && (
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('roles.save')}
            </Button>
            <Button onClick={() => void navigate(rolesHref())}>{t('roles.cancel')}</Button>
          </Space>
        )}
      </Form>
    </Flex>
  );
}
