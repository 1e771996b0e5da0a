import { productCopySchema } from '@aula/domain/products';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Space, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCopyProductMutation, useDeleteProductMutation, useListProductsQuery } from '../api';
import type { Product } from '../products.types';
import { editProductHref, productFormHref } from '../lib/product-paths';

const PER_PAGE = 20;

/**
 * /products (002 section 7): the domain's products with pagination and search; create (the /create-product page),
 * edit, copy (with its activities and folders) and delete.
 */
export function ProductsPage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'product', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'product', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'product', ['view', 'delete']) : false;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [copying, setCopying] = useState<Product | null>(null);
  const { data, isFetching } = useListProductsQuery({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });
  const [remove] = useDeleteProductMutation();

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('products.title')}</h1>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(productFormHref())}>
            {t('products.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('products.search')}>
        <Input.Search
          allowClear
          aria-label={t('products.search')}
          placeholder={t('products.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Product>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('products.empty') }}
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
              title: t('products.name'),
              render: (_v, p) => (
                <Flex vertical gap={2}>
                  {canUpdate ? <Link to={editProductHref(p.id)}>{p.name}</Link> : <span>{p.name}</span>}
                  {p.description && <Typography.Text type="secondary">{p.description}</Typography.Text>}
                </Flex>
              ),
            },
            { key: 'activities', title: t('products.activities'), dataIndex: 'activities_count' },
            { key: 'folders', title: t('products.folders'), dataIndex: 'folders_count' },
            {
              key: 'updated',
              title: t('products.updated'),
              render: (_v, p) => dates.date(p.updated_at),
            },
            {
              key: 'actions',
              title: t('products.actions'),
              render: (_v, p) => (
                <Space size={4} wrap>
                  {canUpdate && (
                    <Button
                      size="small"
                      aria-label={`${t('products.edit')}: ${p.name}`}
                      onClick={() => void navigate(editProductHref(p.id))}
                    >
                      {t('products.edit')}
                    </Button>
                  )}
                  {canCreate && (
                    <Button size="small" aria-label={`${t('products.copy')}: ${p.name}`} onClick={() => setCopying(p)}>
                      {t('products.copy')}
                    </Button>
                  )}
                  {canDelete && (
                    <Popconfirm
                      title={t('products.deleteConfirm', { name: p.name })}
                      description={t('products.deleteHint')}
                      okText={t('products.delete')}
                      cancelText={t('products.cancel')}
                      onConfirm={async () => {
                        try {
                          await remove(p.id).unwrap();
                          void message.success(t('products.deleted'));
                        } catch {
                          // toasted by the shared handler (a product a PAS plan uses is a 409 with its reason)
                        }
                      }}
                    >
                      <Button size="small" aria-label={`${t('products.delete')}: ${p.name}`}>
                        {t('products.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      {copying && <CopyModal product={copying} onClose={() => setCopying(null)} />}
    </Flex>
  );
}

function CopyModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [copy, { isLoading }] = useCopyProductMutation();
  const submit = async ({ name }: { name: string }) => {
    try {
      const made = await copy({ product_id: product.id, name: name.trim() }).unwrap();
      void message.success(t('products.copied', { name: made.name }));
      onClose();
    } catch {
      // toasted by the shared handler
    }
  };
  return (
    <Modal
      open
      title={t('products.copyTitle', { name: product.name })}
      okText={t('products.copy')}
      cancelText={t('products.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('products.copyHint', { name: product.name })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: t('activityCopy.duplicateTitle', { title: product.name }) }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="name"
          label={t('products.copyName')}
          rules={[schemaRule(productCopySchema.shape.name.unwrap(), () => translate('fields.name'))]}
        >
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
