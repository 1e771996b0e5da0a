import { UploadOutlined } from '@ant-design/icons';
import {
  GUIDE_COVER_ACCEPT,
  GUIDE_COVER_MAX_MB,
  GUIDE_FILE_ACCEPT,
  GUIDE_FILE_MAX_MB,
  guideFieldsSchema,
} from '@aula/domain/guides';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Checkbox, Flex, Form, Input, Select, Space, Upload, theme } from 'antd';
import type { UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useListMyDomainsQuery } from '../../products/api';
import {
  useCreateGuideMutation,
  useGetGuideQuery,
  useSearchGuideActivitiesQuery,
  useUpdateGuideMutation,
} from '../api';
import type { Guide } from '../guides.types';
import { guideFileProblem } from '../lib/guide-form-data';
import { guidesHref } from '../lib/guide-paths';

const FIELDS = ['title', 'description', 'file', 'cover', 'activity_ids', 'domain_id'] as const;

interface FormShape {
  title: string;
  description?: string;
  activity_ids: number[];
  domain_id?: number;
  file?: UploadFile[];
  cover?: UploadFile[];
  remove_cover?: boolean;
}

/** /guide: a new guide (multipart: its fields, the file and an optional cover). */
export function GuideCreatePage() {
  return <GuideForm key="new" />;
}

/** /guide/:guideId: edit a guide; its file and cover are replaced only when new ones are chosen. */
export function GuideEditPage() {
  const { guideId } = useParams();
  const valid = /^\d{1,9}$/.test(guideId ?? '');
  const id = Number(guideId);
  const { data, isLoading, isError } = useGetGuideQuery(id, { skip: !valid });
  if (!valid) return <NotFoundPage />;
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <GuideForm key={id} guide={data} />;
}

const lastFile = (e: { fileList?: UploadFile[] } | UploadFile[]) =>
  (Array.isArray(e) ? e : (e.fileList ?? [])).slice(-1);
const fileOf = (list: UploadFile[] | undefined) => list?.[0]?.originFileObj as File | undefined;

function GuideForm({ guide }: { guide?: Guide }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [form] = Form.useForm<FormShape>();
  const [create, { isLoading: creating }] = useCreateGuideMutation();
  const [update, { isLoading: updating }] = useUpdateGuideMutation();
  const busy = creating || updating;
  const multiDomain = !guide && (user?.domain_id === null || user?.multi_domain === true);
  const { data: domains = [], isLoading: domainsLoading } = useListMyDomainsQuery(undefined, { skip: !multiDomain });

  // the activity picker searches as one types; the titles of every option seen stay known for the chosen ones
  const [search, setSearch] = useState('');
  const { data: found = [], isFetching: searching } = useSearchGuideActivitiesQuery(search);
  const [known, setKnown] = useState(() => new Map((guide?.activities ?? []).map((a) => [a.id, a.title])));
  const options = useMemo(() => {
    const all = new Map(known);
    for (const a of found) all.set(a.id, a.title);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [known, found]);

  const fileRule = (required: boolean, maxMb: number, accept: 'file' | 'cover') => ({
    validator: async (_r: unknown, list: UploadFile[] | undefined) => {
      const file = fileOf(list);
      if (!file) {
        if (required) throw new Error(translate('validation.upload', { field: t('guides.fileField') }));
        return;
      }
      const problem =
        accept === 'file'
          ? guideFileProblem(file)
          : !/\.(jpe?g|png)$/i.test(file.name)
            ? 'type'
            : file.size > maxMb * 1024 * 1024
              ? 'size'
              : null;
      if (problem === 'type')
        throw new Error(
          accept === 'file'
            ? t('guides.fileType', { file: file.name })
            : translate('errors.media.wrongType', { file: file.name, type: 'jpeg, png or jpg' }),
        );
      if (problem === 'size') throw new Error(t('guides.fileSize', { file: file.name, size: `${maxMb} MB` }));
      await Promise.resolve();
    },
  });

  const submit = async (values: FormShape) => {
    const body = {
      title: values.title,
      description: values.description ?? '',
      activity_ids: values.activity_ids ?? [],
      ...(values.domain_id ? { domain_id: values.domain_id } : {}),
      ...(fileOf(values.file) ? { file: fileOf(values.file) } : {}),
      ...(fileOf(values.cover) ? { cover: fileOf(values.cover) } : {}),
      ...(values.remove_cover ? { remove_cover: true } : {}),
    };
    try {
      if (guide) await update({ id: guide.id, ...body }).unwrap();
      else await create(body).unwrap();
      void message.success(t('guides.saved'));
      void navigate(guidesHref());
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={guidesHref()}>{t('guides.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {guide ? t('guides.editTitle') : t('guides.createTitle')}
      </h1>
      <Form<FormShape>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 640 }}
        disabled={busy}
        initialValues={{
          title: guide?.title ?? '',
          description: guide?.description ?? '',
          activity_ids: guide?.activities.map((a) => a.id) ?? [],
        }}
        onFinish={(values) => void submit(values)}
      >
        {multiDomain && !domainsLoading && (
          <Form.Item
            name="domain_id"
            label={t('guides.domain')}
            initialValue={domains.length === 1 ? domains[0]!.id : undefined}
            rules={[{ required: true, message: translate('errors.domainRequired') }]}
          >
            <Select options={domains.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('guides.name')}
          rules={[schemaRule(guideFieldsSchema.shape.title, () => translate('fields.title'))]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="description" label={t('guides.description')}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('guides.file')}
          valuePropName="fileList"
          getValueFromEvent={lastFile}
          extra={
            <>
              {guide && <div>{t('guides.currentFile', { name: guide.file.name })}</div>}
              {t('guides.fileHint', { size: `${GUIDE_FILE_MAX_MB} MB` })}
            </>
          }
          rules={[fileRule(!guide, GUIDE_FILE_MAX_MB, 'file')]}
        >
          <Upload accept={GUIDE_FILE_ACCEPT} beforeUpload={() => false} maxCount={1}>
            <Button icon={<UploadOutlined />}>{guide ? t('guides.replaceFile') : t('guides.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="cover"
          label={t('guides.cover')}
          valuePropName="fileList"
          getValueFromEvent={lastFile}
          extra={t('guides.coverHint', { size: `${GUIDE_COVER_MAX_MB} MB` })}
          rules={[fileRule(false, GUIDE_COVER_MAX_MB, 'cover')]}
        >
          <Upload accept={GUIDE_COVER_ACCEPT} beforeUpload={() => false} maxCount={1} listType="picture">
            <Button icon={<UploadOutlined />}>{t('guides.chooseCover')}</Button>
          </Upload>
        </Form.Item>
        {guide?.cover_url && (
          <Form.Item name="remove_cover" valuePropName="checked">
            <Checkbox>
              <Space>
                <img src={guide.cover_url} alt="" style={{ height: 40, borderRadius: 4 }} />
                {t('guides.removeCover')}
              </Space>
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item name="activity_ids" label={t('guides.activities')} extra={t('guides.activitiesHint')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            loading={searching}
            placeholder={t('guides.activitiesPlaceholder')}
            options={options}
            onSearch={setSearch}
            onChange={(ids: number[]) =>
              setKnown((prev) => {
                const next = new Map(prev);
                for (const id of ids) {
                  const label = options.find((o) => o.value === id)?.label;
                  if (label) next.set(id, label);
                }
                return next;
              })
            }
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('guides.save')}
          </Button>
          <Button onClick={() => void navigate(guidesHref())}>{t('guides.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
