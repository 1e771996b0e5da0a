import { canManageOrganizations, organizationCreateSchema } from '@aula/domain/organizations';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Col, ConfigProvider, Flex, Form, Input, InputNumber, Row, Select, Space, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NoPermissionPage } from '../../../components/no-permission-page';
import {
  useCreateOrganizationMutation,
  useGetOrganizationQuery,
  useListOrganizationAccountsQuery,
  useUpdateOrganizationMutation,
} from '../api';
import { organizationHref, organizationsHref } from '../lib/organization-paths';
import type { Organization, OrganizationInput } from '../organizations.types';

const TEXT_FIELDS = [
  'name',
  'nces_id',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'phone',
  'website',
] as const;
const FIELDS = [...TEXT_FIELDS, 'latitude', 'longitude', 'account_id'] as const;
type Values = Partial<Record<(typeof TEXT_FIELDS)[number], string>> & {
  latitude?: number | null;
  longitude?: number | null;
  account_id?: number;
};
const shape = organizationCreateSchema.shape;

// Labels on the form and the field names inside validation messages ('Please enter a valid website').
const LABELS = {
  name: 'name',
  nces_id: 'ncesId',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  country: 'country',
  phone: 'phone',
  website: 'website',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

/** /organization/create: a new school (provider and domain staff pick its district; ?account_id= preselects one). */
export function CreateOrganizationPage() {
  const policy = useAppSelector(selectPolicy);
  if (!canManageOrganizations(policy, 'create')) return <NoPermissionPage />;
  return <OrganizationForm />;
}

/** /organization/:orgId: the same form, editing one school. */
export function EditOrganizationPage() {
  const { orgId: raw } = useParams();
  const policy = useAppSelector(selectPolicy);
  if (!canManageOrganizations(policy, 'update')) return <NoPermissionPage />;
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <EditOrganization key={raw} id={Number(raw)} />;
}

function EditOrganization({ id }: { id: number }) {
  const { data, isLoading, isError } = useGetOrganizationQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <OrganizationForm organization={data} />;
}

const blankToNull = (v: string | undefined): string | null => (v && v.trim() ? v.trim() : null);

function OrganizationForm({ organization }: { organization?: Organization }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useAppSelector(selectCurrentUser);
  // provider and domain staff say which district a new school belongs to
  const pickAccount = !organization && user?.account_id === null;
  const [accountSearch, setAccountSearch] = useState('');
  const { data: accounts = [], isFetching: accountsLoading } = useListOrganizationAccountsQuery(accountSearch, {
    skip: !pickAccount,
  });
  const preset = params.get('account_id');
  const [form] = Form.useForm<Values>();
  const [create, { isLoading: creating }] = useCreateOrganizationMutation();
  const [update, { isLoading: updating }] = useUpdateOrganizationMutation();
  const busy = creating || updating;
  const back = organization ? organizationHref(organization.id) : organizationsHref();

  const submit = async (v: Values) => {
    const input: OrganizationInput = {
      name: v.name?.trim() ?? '',
      nces_id: blankToNull(v.nces_id),
      address1: blankToNull(v.address1),
      address2: blankToNull(v.address2),
      city: blankToNull(v.city),
      state: blankToNull(v.state),
      country: blankToNull(v.country),
      latitude: v.latitude ?? null,
      longitude: v.longitude ?? null,
      phone: blankToNull(v.phone),
      website: blankToNull(v.website),
      ...(pickAccount && v.account_id ? { account_id: v.account_id } : {}),
    };
    try {
      const saved = organization
        ? await update({ id: organization.id, ...input }).unwrap()
        : await create(input).unwrap();
      void message.success(t('organizations.saved'));
      void navigate(organizationHref(saved.id));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  const label = (f: keyof typeof LABELS) => t(`organizations.fields.${LABELS[f]}`);
  const text = (f: (typeof TEXT_FIELDS)[number], max: number) => (
    <Form.Item name={f} label={label(f)} rules={[schemaRule(shape[f], () => translate(`fields.${f}`))]}>
      <Input maxLength={max} />
    </Form.Item>
  );
  const coordinate = (f: 'latitude' | 'longitude') => (
    <Form.Item
      name={f}
      label={label(f)}
      rules={[
        schemaRule({ safeParse: (v: unknown) => shape[f].safeParse(v === '' ? null : v) }, () =>
          translate(`fields.${f}`),
        ),
      ]}
    >
      <InputNumber style={{ width: '100%' }} step={0.000001} />
    </Form.Item>
  );

  return (
    <Flex vertical gap="large">
      <Link to={back}>
        {organization ? t('organizations.backToSchool', { name: organization.name }) : t('organizations.back')}
      </Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {organization ? t('organizations.editTitle') : t('organizations.createTitle')}
      </h1>
      {/* validation messages in the theme's error text colour (AntD's own red is 3.3:1 on white) */}
      <ConfigProvider theme={{ token: { colorError: token.colorErrorText } }}>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          style={{ maxWidth: 720 }}
          disabled={busy}
          initialValues={
            organization
              ? {
                  name: organization.name,
                  nces_id: organization.nces_id ?? '',
                  address1: organization.address1 ?? '',
                  address2: organization.address2 ?? '',
                  city: organization.city ?? '',
                  state: organization.state ?? '',
                  country: organization.country ?? '',
                  latitude: organization.latitude,
                  longitude: organization.longitude,
                  phone: organization.phone ?? '',
                  website: organization.website ?? '',
                }
              : preset && /^\d{1,9}$/.test(preset)
                ? { account_id: Number(preset) }
                : {}
          }
          onFinish={(v) => void submit(v)}
        >
          {pickAccount && (
            <Form.Item
              name="account_id"
              label={t('organizations.account')}
              rules={[
                { required: true, message: translate('validation.select', { field: translate('fields.account_id') }) },
              ]}
            >
              <Select<number>
                showSearch
                filterOption={false}
                loading={accountsLoading}
                onSearch={setAccountSearch}
                options={accounts.map((a) => ({ value: a.id, label: a.name }))}
              />
            </Form.Item>
          )}
          {text('name', 255)}
          {text('nces_id', 32)}
          {text('address1', 255)}
          {text('address2', 255)}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              {text('city', 255)}
            </Col>
            <Col xs={24} md={8}>
              {text('state', 255)}
            </Col>
            <Col xs={24} md={8}>
              {text('country', 255)}
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {coordinate('latitude')}
            </Col>
            <Col xs={24} md={12}>
              {coordinate('longitude')}
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('phone', 32)}
            </Col>
            <Col xs={24} md={12}>
              {text('website', 255)}
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('organizations.save')}
            </Button>
            <Button onClick={() => void navigate(back)}>{t('organizations.cancel')}</Button>
          </Space>
        </Form>
      </ConfigProvider>
    </Flex>
  );
}
