import {
  academicSessionCreateSchema,
  DEFAULT_ACADEMIC_YEAR,
  schoolYearLabel,
  schoolYearOf,
  type AcademicSessionType,
} from '@aula/domain/academic-sessions';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { i18n, translate, useT } from '@aula/web/lib/i18n.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Button, Checkbox, DatePicker, Flex, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useListAcademicSessionTemplatesQuery, useListAcademicSessionTypesQuery } from '../api';
import type { AcademicSession, SessionInput } from '../academic-sessions.types';

const FIELDS = ['title', 'type', 'start_date', 'end_date', 'school_year'] as const;
const ISO = 'YYYY-MM-DD';

interface Values {
  title: string;
  type: AcademicSessionType;
  start_date: Dayjs;
  end_date: Dayjs;
  is_template?: boolean;
}

/** The session's values, or the default academic year (08/01/2025 to 05/31/2026, a Full Year) for a new one. */
function initialValues(session?: AcademicSession): Values {
  return session
    ? {
        title: session.title,
        type: session.type,
        start_date: dayjs(session.start_date, ISO),
        end_date: dayjs(session.end_date, ISO),
      }
    : {
        title: translate('academicSessions.defaultTitle'),
        type: 'full_year',
        start_date: dayjs(DEFAULT_ACADEMIC_YEAR.startDate, ISO),
        end_date: dayjs(DEFAULT_ACADEMIC_YEAR.endDate, ISO),
      };
}

/**
 * Create or edit an academic session: title, type (Full Year, Semester, Custom Session), start and end dates, and
 * the school year they fall in ('(2025-2026)'). A new session may start from one of the domain's templates; domain
 * staff may save it as a template instead.
 */
export function SessionForm({
  session,
  canTemplate = false,
  offerTemplates = false,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  session?: AcademicSession;
  canTemplate?: boolean;
  offerTemplates?: boolean;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: SessionInput & { is_template?: boolean }) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const [form] = Form.useForm<Values>();
  const { data: types = [] } = useListAcademicSessionTypesQuery(i18n.language);
  const { data: templates } = useListAcademicSessionTemplatesQuery(
    { page: 1, per_page: 100 },
    { skip: !offerTemplates },
  );
  const start = Form.useWatch('start_date', form);

  const submit = async (values: Values) => {
    try {
      await onSubmit({
        title: values.title,
        type: values.type,
        start_date: values.start_date.format(ISO),
        end_date: values.end_date.format(ISO),
        ...(values.is_template ? { is_template: true } : {}),
      });
    } catch (error) {
      // a school year that does not fit is a problem of the start date, the field the user chose
      const fields = serverFieldErrors(error, FIELDS).map((f) => ({
        name: f.name === 'school_year' ? ('start_date' as const) : f.name,
        errors: f.errors,
      }));
      if (fields.length > 0) form.setFields(fields);
    }
  };

  const applyTemplate = (id: number) => {
    const tpl = templates?.data.find((x) => x.id === id);
    if (!tpl) return;
    form.setFieldsValue({
      title: tpl.title,
      type: tpl.type,
      start_date: dayjs(tpl.start_date, ISO),
      end_date: dayjs(tpl.end_date, ISO),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 520 }}
      initialValues={initialValues(session)}
      disabled={busy}
      onFinish={(values) => void submit(values)}
    >
      {offerTemplates && (templates?.data.length ?? 0) > 0 && (
        <Form.Item label={t('academicSessions.fromTemplate')} htmlFor="session-template">
          <Select<number>
            id="session-template"
            allowClear
            placeholder={t('academicSessions.template')}
            onChange={(id) => id && applyTemplate(id)}
            options={(templates?.data ?? []).map((x) => ({
              value: x.id,
              label: `${x.title} ${x.school_year_label}`,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="title"
        label={t('academicSessions.sessionTitle')}
        rules={[schemaRule(academicSessionCreateSchema.shape.title, () => translate('fields.title'))]}
      >
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('academicSessions.type')}
        rules={[{ required: true, message: translate('validation.select', { field: translate('fields.type') }) }]}
      >
        <Select
          options={types.map((x) => ({ value: x.value, label: x.name }))}
          placeholder={t('academicSessions.type')}
        />
      </Form.Item>
      <Flex wrap gap="large" align="start">
        <Form.Item
          style={{ width: 220 }}
          name="start_date"
          label={t('academicSessions.startDate')}
          rules={[
            { required: true, message: translate('validation.enter', { field: translate('fields.start_date') }) },
          ]}
        >
          <DatePicker format={dates.picker.date} allowClear={false} />
        </Form.Item>
        <Form.Item
          style={{ width: 220 }}
          name="end_date"
          label={t('academicSessions.endDate')}
          dependencies={['start_date']}
          rules={[
            { required: true, message: translate('validation.enter', { field: translate('fields.end_date') }) },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | undefined) => {
                const from = getFieldValue('start_date') as Dayjs | undefined;
                if (value && from && value.isBefore(from, 'day'))
                  throw new Error(translate('errors.academicSessionEndBeforeStart'));
              },
            }),
          ]}
        >
          <DatePicker format={dates.picker.date} allowClear={false} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('academicSessions.schoolYear')}>
        <Typography.Text aria-live="polite" data-testid="school-year-label">
          {start ? schoolYearLabel(schoolYearOf(start.format(ISO))) : t('people.common.none')}
        </Typography.Text>
      </Form.Item>
      {canTemplate && !session && (
        <Form.Item name="is_template" valuePropName="checked">
          <Checkbox>{t('academicSessions.saveAsTemplate')}</Checkbox>
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t('academicSessions.cancel')}</Button>
      </Space>
    </Form>
  );
}
