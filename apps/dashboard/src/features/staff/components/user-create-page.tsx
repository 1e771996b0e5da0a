import { userCreateSchema } from '@aula/domain/tenancy';
import type { StaffRole } from '@aula/domain/roles';
import { emailSchema } from '@aula/domain/auth';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { confirmPasswordRules, newPasswordRules } from '@aula/web/features/auth/lib/password-rules.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoPermissionPage } from '../../../components/no-permission-page';
import {
  useCreateUserMutation,
  useListCustomRolesQuery,
  useListUserAccountsQuery,
  useListUserDomainsQuery,
} from '../api';
import { needsAccount, rolesToGrant, viewerLevel } from '../lib/grants';
import { userHref, usersHref } from '../lib/staff-paths';
import { PageHeader } from './page-header';
import { SchoolsSelect } from './schools-select';

const FIELDS = [
  'role',
  'role_id',
  'domain_id',
  'account_id',
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'organization_ids',
] as const;

interface Values {
  role: StaffRole;
  role_id?: number;
  domain_id?: number;
  account_id?: number;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  organization_ids?: number[];
}

const select = (field: (typeof FIELDS)[number]) => [
  { required: true, message: translate('validation.select', { field: translate(`fields.${field}`) }) },
];

/**
 * /user/create: a new staff user with role, account and schools. Only roles the viewer may give are offered; a
 * district (or school) administrator's users go into their own account, provider staff choose the account.
 */
export function UserCreatePage() {
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  if (!user) return null;
  const roles = rolesToGrant(user, policy);
  if (roles.length === 0) return <NoPermissionPage />;
  return <UserCreateForm roles={roles} level={viewerLevel(user, policy)} ownAccount={user.account_id} />;
}

function UserCreateForm({
  roles,
  level,
  ownAccount,
}: {
  roles: StaffRole[];
  level: ReturnType<typeof viewerLevel>;
  ownAccount: number | null;
}) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateUserMutation();
  const role = Form.useWatch('role', form);
  const chosenAccount = Form.useWatch('account_id', form);
  const provider = level === 'global' || level === 'domain';
  const accountRequired = needsAccount(role, level);
  const showAccount = provider && (accountRequired || role === 'custom');
  const showDomain = level === 'global' && (role === 'domain-administrator' || role === 'custom');
  const accountId = provider ? (showAccount ? chosenAccount : undefined) : (ownAccount ?? undefined);
  const { data: accounts = [] } = useListUserAccountsQuery(undefined, { skip: !provider });
  const { data: domains = [] } = useListUserDomainsQuery(undefined, { skip: level !== 'global' });
  const { data: customRoles = [] } = useListCustomRolesQuery(undefined, { skip: !roles.includes('custom') });

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      const created = await create({
        role: v.role,
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        password: v.password,
        password_confirmation: v.password_confirmation,
        organization_ids: accountId ? (v.organization_ids ?? []) : [],
        ...(v.role === 'custom' && v.role_id ? { role_id: v.role_id } : {}),
        ...(showDomain && v.domain_id ? { domain_id: v.domain_id } : {}),
        ...(showAccount && v.account_id ? { account_id: v.account_id } : {}),
      }).unwrap();
      void message.success(t('staff.created'));
      void navigate(userHref(created.id));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={usersHref()}>{t('staff.back')}</Link>
      <PageHeader title={t('staff.createTitle')} />
      {failure && <Alert type="error" showIcon message={failure} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        disabled={isLoading}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<Values>) => {
          if ('account_id' in changed || 'role' in changed) form.setFieldValue('organization_ids', []);
        }}
      >
        <Form.Item name="role" label={t('staff.role')} rules={select('role')}>
          <Select options={roles.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) }))} />
        </Form.Item>
        {role === 'custom' && (
          <Form.Item name="role_id" label={t('staff.customRole')} rules={select('role_id')}>
            <Select options={customRoles.map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
        )}
        {showDomain && (
          <Form.Item
            name="domain_id"
            label={role === 'custom' ? t('staff.domainOptional') : t('staff.domain')}
            rules={role === 'custom' ? [] : select('domain_id')}
          >
            <Select allowClear options={domains.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
        )}
        {showAccount && (
          <Form.Item
            name="account_id"
            label={accountRequired ? t('staff.account') : t('staff.accountOptional')}
            rules={accountRequired ? select('account_id') : []}
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            />
          </Form.Item>
        )}
        {!provider && <Typography.Paragraph type="secondary">{t('staff.yourAccount')}</Typography.Paragraph>}
        {accountId !== undefined && (
          <Form.Item
            name="organization_ids"
            label={t('staff.organizations')}
            rules={level === 'organization' ? select('organization_ids') : []}
          >
            <SchoolsSelect accountId={accountId} />
          </Form.Item>
        )}
        <Form.Item
          name="first_name"
          label={t('staff.firstName')}
          rules={[schemaRule(userCreateSchema.shape.first_name, () => translate('fields.first_name'))]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="last_name"
          label={t('staff.lastName')}
          rules={[schemaRule(userCreateSchema.shape.last_name, () => translate('fields.last_name'))]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('staff.email')}
          rules={[schemaRule(emailSchema, () => translate('fields.email'))]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('staff.password')}
          extra={t('staff.passwordHint')}
          rules={newPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('staff.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {t('staff.save')}
          </Button>
          <Button onClick={() => void navigate(usersHref())}>{t('staff.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
