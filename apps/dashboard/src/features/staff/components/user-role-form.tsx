import type { StaffRole } from '@aula/domain/roles';
import { isStaffRole } from '@aula/domain/roles';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useListCustomRolesQuery, useSetUserOrganizationsMutation, useSetUserRoleMutation } from '../api';
import { rolesToGrant } from '../lib/grants';
import type { User } from '../staff.types';
import { SchoolsSelect } from './schools-select';

const FIELDS = ['role', 'role_id', 'organization_ids'] as const;
interface Values {
  role: StaffRole;
  role_id?: number;
  organization_ids: number[];
}

/**
 * Role and schools: a changed role goes with the schools in one call (PATCH role); schools alone are set with POST
 * organizations (001 section 7).
 */
export function UserRoleForm({ user, readOnly }: { user: User; readOnly: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const me = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const grantable = me ? rolesToGrant(me, policy) : [];
  const current = isStaffRole(user.role) ? user.role : undefined;
  const roles = current && !grantable.includes(current) ? [current, ...grantable] : grantable;
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const [failure, setFailure] = useState<string | null>(null);
  const [setRole, { isLoading: savingRole }] = useSetUserRoleMutation();
  const [setOrganizations, { isLoading: savingOrgs }] = useSetUserOrganizationsMutation();
  const { data: customRoles = [] } = useListCustomRolesQuery(undefined, { skip: !roles.includes('custom') });
  const busy = savingRole || savingOrgs;

  const submit = async (v: Values) => {
    setFailure(null);
    const organizationIds = user.account_id === null ? [] : v.organization_ids;
    try {
      if (v.role !== user.role || (v.role === 'custom' && v.role_id !== user.role_id)) {
        await setRole({
          id: user.id,
          role: v.role,
          ...(v.role === 'custom' && v.role_id ? { role_id: v.role_id } : {}),
          ...(user.account_id === null ? {} : { organization_ids: organizationIds }),
        }).unwrap();
      } else {
        await setOrganizations({ id: user.id, organization_ids: organizationIds }).unwrap();
      }
      void message.success(t('staff.roleSaved'));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else setFailure(errorMessages(error as never, t('dashboard.toasts.errorGeneric')).join(' '));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 560 }}
      disabled={busy || readOnly}
      initialValues={{
        ...(current ? { role: current } : {}),
        ...(user.role_id ? { role_id: user.role_id } : {}),
        organization_ids: user.organization_ids,
      }}
      onFinish={(v) => void submit(v)}
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="role"
        label={t('staff.role')}
        rules={[{ required: true, message: translate('validation.select', { field: translate('fields.role') }) }]}
      >
        <Select options={roles.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) }))} />
      </Form.Item>
      {role === 'custom' && (
        <Form.Item
          name="role_id"
          label={t('staff.customRole')}
          rules={[{ required: true, message: translate('validation.select', { field: translate('fields.role_id') }) }]}
        >
          <Select options={customRoles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      )}
      {user.account_id !== null && (
        <Form.Item name="organization_ids" label={t('staff.organizations')}>
          <SchoolsSelect accountId={user.account_id} />
        </Form.Item>
      )}
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('staff.saveRole')}
        </Button>
      )}
    </Form>
  );
}
