import { accountInputSchema } from '@aula/domain/tenancy';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { readError } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Flex, Form, Input, Select, Space, theme, type FormRule } from 'antd';
import { Link, useNavigate } from 'react-router';
import { NoPermissionPage } from '../../../components/no-permission-page';
import {
  useCheckDistrictIdMutation,
  useCreateAccountMutation,
  useListAccountDomainsQuery,
  useUpdateAccountMutation,
} from '../api';
import type { Account } from '../accounts.types';
import { accountHref, accountsHref } from '../lib/account-paths';
import { ACCOUNT_TYPE_VALUES, typeKey } from '../lib/account-types';
import { useAccountAbilities } from '../lib/use-account-abilities';
import { AccountTarget } from './account-target';

const FIELDS = ['name', 'district_id', 'zip_code', 'type', 'domain_id'] as const;
interface Values {
  name: string;
  district_id: string;
  zip_code: string;
  type?: number;
  domain_id?: number;
}

/** /create-account: a new account (provider staff and domain admins); after saving, the new account's page. */
export function CreateAccountPage() {
  const { canCreate } = useAccountAbilities();
  if (!canCreate) return <NoPermissionPage />;
  return <AccountForm />;
}

/** /edit-account/:accountId, and /edit-account for the viewer's own account (a district admin's). */
export function EditAccountPage() {
  return <AccountTarget>{(account) => <AccountForm key={account.id} account={account} />}</AccountTarget>;
}

function AccountForm({ account }: { account?: Account }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  // provider staff (no domain) say which domain a new account belongs to
  const multiDomain = !account && (user?.domain_id === null || user?.multi_domain === true);
  const { data: domains = [] } = useListAccountDomainsQuery(undefined, { skip: !multiDomain });
  const [form] = Form.useForm<Values>();
  const [check] = useCheckDistrictIdMutation();
  const [create, { isLoading: creating }] = useCreateAccountMutation();
  const [update, { isLoading: updating }] = useUpdateAccountMutation();
  const busy = creating || updating;
  const back = account ? accountHref(account.id) : accountsHref();
  const field = (name: (typeof FIELDS)[number]) => () => translate(`fields.${name}`);

  // 001 section 5: 'Account ID required and unique', checked by its call on leaving the field and on saving
  const uniqueDistrictId: FormRule = {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const districtId = typeof value === 'string' ? value.trim() : '';
      if (!districtId || !accountInputSchema.shape.district_id.safeParse(districtId).success) return;
      try {
        await check({ districtId, ...(account ? { id: account.id } : {}) }).unwrap();
      } catch (error) {
        const fieldError = serverFieldErrors(error, ['district_id'])[0];
        if (fieldError) throw new Error(fieldError.errors[0]);
        const { message: text } = readError(error as never);
        throw new Error(text ?? t('accounts.checkFailed'));
      }
    },
  };

  const submit = async (values: Values) => {
    const input = {
      name: values.name.trim(),
      district_id: values.district_id.trim(),
      zip_code: values.zip_code.trim(),
      type: values.type ?? 0,
      ...(values.domain_id ? { domain_id: values.domain_id } : {}),
    };
    try {
      const saved = account ? await update({ id: account.id, ...input }).unwrap() : await create(input).unwrap();
      void message.success(account ? t('accounts.updated') : t('accounts.createdToast', { name: saved.name }));
      void navigate(accountHref(saved.id));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={back}>{account ? t('accounts.backToAccount') : t('accounts.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {account ? t('accounts.editTitle', { name: account.name }) : t('accounts.createTitle')}
      </h1>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        disabled={busy}
        initialValues={
          account
            ? { name: account.name, district_id: account.district_id, zip_code: account.zip_code, type: account.type }
            : {}
        }
        onFinish={(values) => void submit(values)}
      >
        {multiDomain && (
          <Form.Item
            name="domain_id"
            label={t('accounts.domain')}
            rules={[
              { required: true, message: translate('validation.select', { field: translate('fields.domain_id') }) },
            ]}
          >
            <Select options={domains.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('accounts.name')}
          rules={[schemaRule(accountInputSchema.shape.name, field('name'))]}
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="district_id"
          label={t('accounts.districtId')}
          extra={t('accounts.districtIdHint')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[schemaRule(accountInputSchema.shape.district_id, field('district_id')), uniqueDistrictId]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="zip_code"
          label={t('accounts.zipCode')}
          rules={[schemaRule(accountInputSchema.shape.zip_code, field('zip_code'))]}
        >
          <Input maxLength={10} autoComplete="postal-code" style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('accounts.type')}
          rules={[{ required: true, message: translate('validation.select', { field: translate('fields.type') }) }]}
        >
          <Select
            style={{ maxWidth: 240 }}
            placeholder={t('accounts.selectType')}
            options={ACCOUNT_TYPE_VALUES.map((v) => ({ value: v, label: t(typeKey(v)) }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {account ? t('accounts.save') : t('accounts.create')}
          </Button>
          <Button onClick={() => void navigate(back)}>{t('accounts.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
