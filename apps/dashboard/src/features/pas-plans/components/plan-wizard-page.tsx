import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { calendarDateIn, isTimeZone } from '@aula/domain/calendar-dates';
import {
  cronDayKind,
  DEFAULT_ASSIGN_TIME,
  editRefusal,
  MAX_ACTIVITIES_PER_ASSIGNMENT,
  missingPlanDetails,
  PLAN_TYPES,
  type PlanDetailDto,
  type PlanDetailField,
  type PlanDetailsInput,
} from '@aula/domain/pas-plans';
import type { RecurrenceCode } from '@aula/domain/plan-generation';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  ConfigProvider,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Steps,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useCreatePlanMutation,
  useGetPlanQuery,
  useProductActivitiesQuery,
  useProductsQuery,
  useSessionsQuery,
  useUpdatePlanMutation,
} from '../api';
import { assignPlanHref, editPlanHref, plansHref } from '../lib/pas-paths';
import {
  deleteActivity,
  distribute,
  fromSaved,
  moveActivity,
  redateAssignment,
  renameAssignment,
  toAssignmentsInput,
  toggleLock,
  unassignedCount,
  type ScheduleAssignment,
} from '../lib/schedule';
import { ScheduleCard } from './schedule-card';

// the times a plan's assignments may open, every quarter of an hour
const TIMES = Array.from({ length: 96 }, (_v, i) => {
  const hhmm = `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  return { value: hhmm, label: hhmm };
});

interface DetailsForm {
  name?: string;
  product_id?: number;
  academic_session_id?: number;
  plan_type?: RecurrenceCode;
  activities_per_assignment?: number;
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
  cron_day?: number;
  assign_time?: string;
}

function toDetails(v: DetailsForm, timeZone: string): PlanDetailsInput {
  return {
    name: v.name ?? null,
    product_id: v.product_id ?? null,
    academic_session_id: v.academic_session_id ?? null,
    plan_type: v.plan_type ?? null,
    activities_per_assignment: v.activities_per_assignment ?? null,
    cron_day: v.cron_day ?? null,
    start_date: v.start_date ? v.start_date.format('YYYY-MM-DD') : null,
    end_date: v.end_date ? v.end_date.format('YYYY-MM-DD') : null,
    assign_time: v.assign_time ?? DEFAULT_ASSIGN_TIME,
    time_zone: timeZone,
  };
}

const browserZone = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
};

/** /pas/create and /pas/:pasId: the plan wizard (details, activities, schedule). */
export function PlanWizardPage() {
  const { pasId } = useParams();
  if (pasId === undefined) return <PlanWizard plan={null} />;
  if (!/^\d{1,9}$/.test(pasId)) return <NotFoundPage />;
  return <SavedPlanWizard id={Number(pasId)} />;
}

function SavedPlanWizard({ id }: { id: number }) {
  const { data, isLoading, isError } = useGetPlanQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <PlanWizard key={data.id} plan={data} />;
}

function PlanWizard({ plan }: { plan: PlanDetailDto | null }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<DetailsForm>();
  const timeZone = plan?.time_zone ?? browserZone();
  const [step, setStep] = useState(0);
  const [detailsError, setDetailsError] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const saved = useMemo(() => (plan ? fromSaved(plan.assignments) : []), [plan]);
  const [schedule, setSchedule] = useState<ScheduleAssignment[]>(saved);
  const [chosen, setChosen] = useState<{ id: number; title: string }[]>(() =>
    saved.flatMap((a) => a.activities.map((x) => ({ id: x.id, title: x.title }))),
  );
  const planType = Form.useWatch('plan_type', form);
  const productId = Form.useWatch('product_id', form);
  const { data: products } = useProductsQuery();
  const { data: sessions } = useSessionsQuery();
  const { data: activities, isFetching: loadingActivities } = useProductActivitiesQuery(productId ?? 0, {
    skip: !productId,
  });
  const [create, { isLoading: creating }] = useCreatePlanMutation();
  const [update, { isLoading: updating }] = useUpdatePlanMutation();
  const locked = plan ? editRefusal(plan) === 'published' : false;

  const initial: DetailsForm = plan
    ? {
        name: plan.name,
        ...(plan.product_id !== null ? { product_id: plan.product_id } : {}),
        ...(plan.academic_session_id !== null ? { academic_session_id: plan.academic_session_id } : {}),
        plan_type: plan.plan_type,
        activities_per_assignment: plan.activities_per_assignment,
        ...(plan.cron_day !== null ? { cron_day: plan.cron_day } : {}),
        start_date: plan.start_date ? dayjs(plan.start_date) : null,
        end_date: plan.end_date ? dayjs(plan.end_date) : null,
        assign_time: plan.assign_time,
      }
    : { plan_type: 0, activities_per_assignment: 1, assign_time: DEFAULT_ASSIGN_TIME };

  const details = () => toDetails(form.getFieldsValue(true) as DetailsForm, timeZone);

  /** 'Please enter all the details': every missing detail is marked and the step stays. */
  const checkDetails = (): boolean => {
    const missing = missingPlanDetails(details());
    form.setFields(
      (
        [
          'name',
          'product_id',
          'academic_session_id',
          'plan_type',
          'activities_per_assignment',
          'start_date',
          'cron_day',
        ] as PlanDetailField[]
      ).map((f) => ({
        name: f,
        errors: missing.includes(f) ? [t(`pasPlans.errors.missing.${f}` as MessageKey)] : [],
      })),
    );
    setDetailsError(missing.length > 0);
    return missing.length === 0;
  };

  const today = calendarDateIn(new Date(), timeZone);
  const redistribute = () => {
    const d = details();
    setSchedule((current) =>
      distribute(
        {
          plan_type: d.plan_type!,
          start_date: d.start_date!,
          end_date: d.end_date ?? null,
          cron_day: d.cron_day!,
          activities_per_assignment: d.activities_per_assignment!,
        },
        chosen,
        current,
        today,
      ),
    );
  };

  const next = () => {
    setStepError(null);
    if (step === 0) {
      if (checkDetails()) setStep(1);
      return;
    }
    if (step === 1) {
      if (chosen.length === 0) return setStepError(t('pasPlans.wizard.pickAtLeastOne'));
      redistribute();
      setStep(2);
    }
  };

  const save = async (finish: boolean) => {
    if (!checkDetails()) return setStep(0);
    if (finish && unassignedCount(schedule) > 0) return setStepError(t('pasPlans.wizard.unassignedHelp'));
    const body = { ...details(), assignments: toAssignmentsInput(schedule) };
    try {
      const out = plan ? await update({ id: plan.id, body }).unwrap() : await create(body).unwrap();
      void message.success(t('pasPlans.wizard.saved'));
      void navigate(finish ? assignPlanHref(out.id) : editPlanHref(out.id));
    } catch {
      // 422/409 toasted by the shared handler
    }
  };

  const toggleChosen = (a: { id: number; title: string }, on: boolean) =>
    setChosen((list) => (on ? [...list, a] : list.filter((x) => x.id !== a.id)));
  const moveChosen = (index: number, by: -1 | 1) =>
    setChosen((list) => {
      const out = [...list];
      const [item] = out.splice(index, 1);
      out.splice(index + by, 0, item!);
      return out;
    });

  const kind = cronDayKind(planType ?? 0);
  const unassigned = unassignedCount(schedule);
  const dated = schedule.filter((a) => a.date !== null);

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960 }}>
      <Link to={plansHref()}>{t('pasPlans.title')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {plan ? `${t('pasPlans.edit')}: ${plan.name}` : t('pasPlans.create')}
      </h1>
      {locked && <Alert type="warning" showIcon message={t('pasPlans.errors.alreadyPublished')} />}
      <Steps
        current={step}
        items={(['details', 'activities', 'schedule'] as const).map((s) => ({
          title: t(`pasPlans.wizard.steps.${s}` as MessageKey),
        }))}
      />

      <ConfigProvider theme={{ token: { colorError: '#cf1322' } }}>
        <Form
          form={form}
          layout="vertical"
          initialValues={initial}
          hidden={step !== 0}
          requiredMark
          onValuesChange={(changed: Partial<DetailsForm>) =>
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof DetailsForm, errors: [] })))
          }
        >
          {detailsError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={t('pasPlans.errors.enterAllDetails')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item name="name" label={t('pasPlans.wizard.name')} required>
            <Input maxLength={200} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item name="product_id" label={t('pasPlans.wizard.product')} required style={{ minWidth: 260 }}>
              <Select
                options={(products ?? []).map((p) => ({ value: p.id, label: p.name }))}
                onChange={() => setChosen([])}
              />
            </Form.Item>
            <Form.Item
              name="academic_session_id"
              label={t('pasPlans.wizard.session')}
              required
              style={{ minWidth: 260 }}
            >
              <Select
                options={(sessions ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.title} (${dates.day(s.start_date)} - ${dates.day(s.end_date)})`,
                }))}
              />
            </Form.Item>
          </Flex>
          <Flex gap="middle" wrap>
            <Form.Item name="plan_type" label={t('pasPlans.wizard.type')} required style={{ minWidth: 200 }}>
              <Select
                options={PLAN_TYPES.map((p) => ({ value: p.id, label: t(`pasPlans.types.${p.id}` as MessageKey) }))}
                onChange={() => form.setFieldValue('cron_day', undefined)}
              />
            </Form.Item>
            <Form.Item
              name="activities_per_assignment"
              label={t('pasPlans.wizard.perAssignment')}
              required
              style={{ minWidth: 200 }}
            >
              <InputNumber min={1} max={MAX_ACTIVITIES_PER_ASSIGNMENT} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap="middle" wrap>
            <Form.Item name="start_date" label={t('pasPlans.wizard.startDate')} required>
              <DatePicker format={dates.picker.date} />
            </Form.Item>
            <Form.Item name="end_date" label={t('pasPlans.wizard.endDate')} extra={t('pasPlans.wizard.endDateHelp')}>
              <DatePicker format={dates.picker.date} />
            </Form.Item>
            {kind === 'weekday' ? (
              <Form.Item name="cron_day" label={t('pasPlans.wizard.weekday')} required style={{ minWidth: 180 }}>
                <Select
                  options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({
                    value: d,
                    label: t(`pasPlans.weekdays.${d}` as MessageKey),
                  }))}
                />
              </Form.Item>
            ) : (
              <Form.Item name="cron_day" label={t('pasPlans.wizard.monthday')} required>
                <InputNumber min={1} max={31} precision={0} />
              </Form.Item>
            )}
            <Form.Item
              name="assign_time"
              label={t('pasPlans.wizard.time')}
              extra={t('pasPlans.wizard.timeZone', { zone: timeZone })}
            >
              <Select showSearch options={TIMES} style={{ width: 120 }} />
            </Form.Item>
          </Flex>
        </Form>
      </ConfigProvider>

      {step === 1 && (
        <Flex vertical gap="middle">
          <Typography.Text>{t('pasPlans.wizard.chooseActivities')}</Typography.Text>
          <Flex gap="large" wrap align="start">
            <Card size="small" style={{ flex: '1 1 320px' }} loading={loadingActivities}>
              {(activities ?? []).length === 0 ? (
                <Typography.Text type="secondary">{t('pasPlans.wizard.noActivities')}</Typography.Text>
              ) : (
                <Flex vertical gap={4}>
                  {(activities ?? []).map((a) => (
                    <Checkbox
                      key={a.id}
                      checked={chosen.some((c) => c.id === a.id)}
                      onChange={(e) => toggleChosen(a, e.target.checked)}
                    >
                      {a.title}
                    </Checkbox>
                  ))}
                </Flex>
              )}
            </Card>
            <Card
              size="small"
              style={{ flex: '1 1 320px' }}
              title={t('pasPlans.wizard.selectedCount', { count: chosen.length })}
            >
              <List
                size="small"
                dataSource={chosen}
                renderItem={(a, i) => (
                  <List.Item
                    actions={[
                      <Button
                        key="up"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        disabled={i === 0}
                        aria-label={`${t('pasPlans.wizard.moveUp')}: ${a.title}`}
                        onClick={() => moveChosen(i, -1)}
                      />,
                      <Button
                        key="down"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        disabled={i === chosen.length - 1}
                        aria-label={`${t('pasPlans.wizard.moveDown')}: ${a.title}`}
                        onClick={() => moveChosen(i, 1)}
                      />,
                    ]}
                  >
                    {i + 1}. {a.title}
                  </List.Item>
                )}
              />
            </Card>
          </Flex>
        </Flex>
      )}

      {step === 2 && (
        <Flex vertical gap="middle">
          <Flex justify="space-between" align="center" wrap gap="small">
            <Typography.Text>
              {t('pasPlans.wizard.summary', {
                assignments: dated.filter((a) => a.activities.length > 0).length,
                activities: chosen.length,
              })}
            </Typography.Text>
            <Space>
              <Typography.Text type="secondary">{t('pasPlans.wizard.regenerateHelp')}</Typography.Text>
              <Button onClick={redistribute}>{t('pasPlans.wizard.regenerate')}</Button>
            </Space>
          </Flex>
          {schedule.map((a) => (
            <ScheduleCard
              key={a.key}
              assignment={a}
              targets={schedule.filter((x) => x.key !== a.key && x.date !== null)}
              onMove={(activityId, to) => setSchedule((l) => moveActivity(l, activityId, to))}
              onLock={(activityId) => setSchedule((l) => toggleLock(l, activityId))}
              onDelete={(activityId) => {
                setSchedule((l) => deleteActivity(l, activityId));
                setChosen((l) => l.filter((x) => x.id !== activityId));
              }}
              onRename={(title) => setSchedule((l) => renameAssignment(l, a.key, title))}
              onRedate={(date) => setSchedule((l) => redateAssignment(l, a.key, date))}
            />
          ))}
          {unassigned > 0 && <Alert type="warning" showIcon message={t('pasPlans.wizard.unassignedHelp')} />}
        </Flex>
      )}

      {stepError && <Alert type="error" showIcon role="alert" message={stepError} />}
      <Flex gap="small" wrap>
        {step > 0 && (
          <Button
            onClick={() => {
              setStepError(null);
              setStep(step - 1);
            }}
          >
            {t('pasPlans.wizard.back')}
          </Button>
        )}
        {step < 2 && (
          <Button type="primary" onClick={next}>
            {t('pasPlans.wizard.next')}
          </Button>
        )}
        {step === 2 && (
          <Button type="primary" disabled={locked} loading={creating || updating} onClick={() => void save(true)}>
            {t('pasPlans.wizard.save')}
          </Button>
        )}
        {step > 0 && (
          <Button disabled={locked} loading={creating || updating} onClick={() => void save(false)}>
            {t('pasPlans.wizard.saveDraft')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
