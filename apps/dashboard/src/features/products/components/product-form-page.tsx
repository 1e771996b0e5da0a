import { productCreateSchema } from '@aula/domain/products';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Flex, Form, Input, Select, Space, theme } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateProductMutation, useGetProductQuery, useListMyDomainsQuery, useUpdateProductMutation } from '../api';
import type { Product } from '../products.types';
import { productsHref } from '../lib/product-paths';

const FIELDS = ['name', 'description', 'domain_id'] as const;
interface Values {
  name: string;
  description?: string;
  domain_id?: number;
}

/** /create-product: a new product; with ?product_id= the same form edits that product. */
export function ProductFormPage() {
  const [params] = useSearchParams();
  const raw = params.get('product_id');
  if (raw === null) return <ProductForm key="new" />;
  if (!/^\d{1,9}$/.test(raw)) return <NotFoundPage />;
  return <EditProduct key={raw} id={Number(raw)} />;
}

function EditProduct({ id }: { id: number }) {
  const { data, isLoading, isError } = useGetProductQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <ProductForm product={data} />;
}

function ProductForm({ product }: { product?: Product }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  // provider staff (no domain) say which domain a new product belongs to
  const multiDomain = !product && (user?.domain_id === null || user?.multi_domain === true);
  const { data: domains = [] } = useListMyDomainsQuery(undefined, { skip: !multiDomain });
  const [form] = Form.useForm<Values>();
  const [create, { isLoading: creating }] = useCreateProductMutation();
  const [update, { isLoading: updating }] = useUpdateProductMutation();
  const busy = creating || updating;

  const submit = async (values: Values) => {
    const input = {
      name: values.name,
      description: values.description?.trim() ? values.description.trim() : null,
      ...(values.domain_id ? { domain_id: values.domain_id } : {}),
    };
    try {
      if (product) await update({ id: product.id, ...input }).unwrap();
      else await create(input).unwrap();
      void message.success(t('products.saved'));
      void navigate(productsHref());
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={productsHref()}>{t('products.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {product ? t('products.editTitle') : t('products.createTitle')}
      </h1>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        disabled={busy}
        initialValues={product ? { name: product.name, description: product.description ?? '' } : {}}
        onFinish={(values) => void submit(values)}
      >
        {multiDomain && (
          <Form.Item
            name="domain_id"
            label={t('products.domain')}
            rules={[
              { required: true, message: translate('validation.select', { field: translate('fields.domain_id') }) },
            ]}
          >
            <Select options={domains.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('products.name')}
          rules={[schemaRule(productCreateSchema.shape.name, () => translate('fields.name'))]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="description" label={t('products.description')}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('products.save')}
          </Button>
          <Button onClick={() => void navigate(productsHref())}>{t('products.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
