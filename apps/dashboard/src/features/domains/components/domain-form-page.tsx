import { domainInputSchema } from '@aula/domain/tenancy';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Flex, Form, Input, Space, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { DomainGoogleSso } from '../../sso-settings/components/domain-google-sso';
import { useDomainCreateMutation, useDomainGetQuery, useDomainUpdateMutation } from '../api';
import type { Domain } from '../domains.types';
import { domainsHref } from '../lib/domain-paths';

interface Values {
  name: string;
}

/** /domain/create: a new domain. */
export function DomainCreatePage() {
  return <DomainForm />;
}

/**
 * /domain/:domainId: edits one domain (ids are 1 to 9 digits; anything else is not found), and its Google sign-in
 * connection below the form.
 */
export function DomainEditPage() {
  const { domainId = '' } = useParams();
  if (!/^\d{1,9}$/.test(domainId)) return <NotFoundPage />;
  return <EditDomain key={domainId} id={Number(domainId)} />;
}

function EditDomain({ id }: { id: number }) {
  const { data, isLoading, isError } = useDomainGetQuery(id, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return (
    <Flex vertical gap="large">
      <DomainForm domain={data} />
      <DomainGoogleSso domain={data} />
    </Flex>
  );
}

function DomainForm({ domain }: { domain?: Domain }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading: creating }] = useDomainCreateMutation();
  const [update, { isLoading: updating }] = useDomainUpdateMutation();
  const busy = creating || updating;

  const submit = async (values: Values) => {
    try {
      if (domain) await update({ id: domain.id, name: values.name.trim() }).unwrap();
      else await create({ name: values.name.trim() }).unwrap();
      void message.success(domain ? t('domains.saved') : t('domains.createdMessage'));
      void navigate(domainsHref());
    } catch (error) {
      // a 422 shows under the field; other errors are toasted by the shared handler
      const fields = serverFieldErrors(error, ['name'] as const);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={domainsHref()}>{t('domains.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {domain ? t('domains.editTitle') : t('domains.createTitle')}
      </h1>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        disabled={busy}
        initialValues={domain ? { name: domain.name } : {}}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('domains.name')}
          rules={[schemaRule(domainInputSchema.shape.name, () => translate('fields.name'))]}
        >
          <Input />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('domains.save')}
          </Button>
          <Button onClick={() => void navigate(domainsHref())}>{t('domains.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
