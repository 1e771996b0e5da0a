import { sensorCreateSchema } from '@aula/domain/media';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { App, Button, Flex, Form, Input, Space, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCreateSensorKindMutation, useGetSensorKindQuery, useUpdateSensorKindMutation } from '../api';
import type { Sensor, SensorInput } from '../sensors.types';
import { sensorsHref } from '../lib/sensor-paths';

const FIELDS = ['name', 'code'] as const;

/** /sensor: a new sensor kind of the caller's domain (provider staff: of every domain). */
export function SensorCreatePage() {
  return <SensorForm key="new" />;
}

/** /sensor/:sensorId: edit one sensor kind's name and code. */
export function SensorEditPage() {
  const { sensorId } = useParams();
  const valid = /^\d{1,9}$/.test(sensorId ?? '');
  const id = Number(sensorId);
  const { data, isLoading, isError } = useGetSensorKindQuery(id, { skip: !valid });
  if (!valid) return <NotFoundPage />;
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <SensorForm key={id} sensor={data} />;
}

function SensorForm({ sensor }: { sensor?: Sensor }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SensorInput>();
  const [create, { isLoading: creating }] = useCreateSensorKindMutation();
  const [update, { isLoading: updating }] = useUpdateSensorKindMutation();
  const busy = creating || updating;

  const submit = async (values: SensorInput) => {
    try {
      if (sensor) await update({ id: sensor.id, ...values }).unwrap();
      else await create(values).unwrap();
      void message.success(t('sensors.saved'));
      void navigate(sensorsHref());
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={sensorsHref()}>{t('sensors.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {sensor ? t('sensors.editTitle') : t('sensors.createTitle')}
      </h1>
      <Form<SensorInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        disabled={busy}
        initialValues={sensor ? { name: sensor.name, code: sensor.code } : {}}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('sensors.name')}
          rules={[schemaRule(sensorCreateSchema.shape.name, () => translate('fields.name'))]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('sensors.code')}
          extra={t('sensors.codeHint')}
          rules={[schemaRule(sensorCreateSchema.shape.code, () => translate('sensors.codeField'))]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('sensors.save')}
          </Button>
          <Button onClick={() => void navigate(sensorsHref())}>{t('sensors.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
