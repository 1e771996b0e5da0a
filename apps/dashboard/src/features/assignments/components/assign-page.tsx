import { alreadyInClass, assignmentNameSchema, dueNotBeforeStart } from '@aula/domain/assignments';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { schemaRule } from '@aula/web/lib/form-rules.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Steps,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useCreateAssignmentMutation,
  useGetAssignTargetsQuery,
  useGetAssignmentQuery,
  useListAssignableActivitiesQuery,
  useListAssignmentSetsQuery,
  useUpdateAssignmentMutation,
} from '../api';
import type { Assignment, AssignmentInput, TargetsFilter } from '../assignments.types';
import { assignmentViewHref, assignmentsHref, idParam, scopeFromParams, type ScopeRef } from '../lib/assignment-paths';
import { fullName, keyOf, parseKey, type MemberKey } from '../lib/member-keys';
import { AssignToStep } from './assign-to-step';
import { NameTags } from './assignments-page';
import { PresetActivityNotice, usePresetActivity, type PresetActivity } from './preset-activity';

// 001 section 2, 'new assignment (name, assign-to, due date, confirmation)': a step-by-step form, with the
// activities between assign-to and the dates. The same form edits an assignment.

const STEPS = ['name', 'assignTo', 'activities', 'dueDate', 'confirmation'] as const;
type Step = (typeof STEPS)[number];

/** /assign, /{scope}/{id}/assign, /assignment-set/{id}/assign (new) and /{scope}/{id}/assign/{assignmentId} (edit). */
export function AssignPage() {
  const params = useParams();
  const scope = scopeFromParams(params);
  const assignmentId = idParam(params.assignmentId);
  const setId = idParam(params.assignmentSetId);
  const { loading, preset } = usePresetActivity(params.assignmentId === undefined);
  if (
    (params.assignmentId !== undefined && assignmentId === null) ||
    (params.assignmentSetId !== undefined && setId === null)
  )
    return <NotFoundPage />;
  if (assignmentId !== null) return <EditAssignment key={assignmentId} id={assignmentId} scope={scope} />;
  if (loading) return <PageLoader />;
  return <AssignmentForm key={`${scope?.scope}/${scope?.id}/${setId}`} scope={scope} setId={setId} preset={preset} />;
}

function EditAssignment({ id, scope }: { id: number; scope: ScopeRef | null }) {
  const { data, isLoading, isError } = useGetAssignmentQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <AssignmentForm scope={scope} setId={data.assignment_set_id} existing={data} />;
}

/** What the picker is narrowed to when the flow was opened under a scope (a new assignment only). */
function targetsFilterOf(scope: ScopeRef | null, existing?: Assignment): TargetsFilter {
  if (existing) return { exclude_assignment_id: existing.id };
  switch (scope?.scope) {
    case 'accounts':
      return { account_id: scope.id };
    case 'organizations':
      return { organization_id: scope.id };
    case 'classes':
      return { class_id: scope.id };
    case 'groups':
      return { group_id: scope.id };
    case 'students':
      return { student_id: scope.id };
    case 'teachers':
      return { teacher_id: scope.id };
    default:
      return {};
  }
}

function preselected(scope: ScopeRef | null): MemberKey[] {
  if (scope?.scope === 'classes') return [keyOf('class', scope.id)];
  if (scope?.scope === 'groups') return [keyOf('group', scope.id)];
  if (scope?.scope === 'students') return [keyOf('student', scope.id)];
  return [];
}

function AssignmentForm({
  scope,
  setId,
  existing,
  preset = {},
}: {
  scope: ScopeRef | null;
  setId: number | null;
  existing?: Assignment;
  preset?: PresetActivity;
}) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canSeeSets = policy ? can(policy, 'assignment-set', 'view') : false;
  const [form] = Form.useForm<{ name: string; assignment_set_id: number | null }>();

  const [step, setStep] = useState(0);
  const [members, setMembers] = useState<MemberKey[]>(
    existing ? existing.members.map((m) => keyOf(m.member_type, m.member_id)) : preselected(scope),
  );
  const initialActivities = existing ? existing.activities : preset.chosen ? [preset.chosen] : [];
  const [activityIds, setActivityIds] = useState<number[]>(initialActivities.map((a) => a.id));
  const [start, setStart] = useState<Dayjs | null>(existing ? dayjs(existing.start_at) : dayjs().startOf('minute'));
  const [due, setDue] = useState<Dayjs | null>(
    existing ? (existing.due_at ? dayjs(existing.due_at) : null) : dayjs().add(7, 'day').endOf('day').startOf('minute'),
  );
  const [problem, setProblem] = useState<string[] | null>(null);
  const [serverError, setServerError] = useState<string[] | null>(null);
  const [studentSearch, setStudentSearch] = useState('');
  const [activitySearch, setActivitySearch] = useState('');

  const targetsQuery = useGetAssignTargetsQuery(targetsFilterOf(scope, existing));
  const targets = targetsQuery.data;
  const activitiesQuery = useListAssignableActivitiesQuery({ search: activitySearch || undefined });
  const sets = useListAssignmentSetsQuery({ page: 1, per_page: 100 }, { skip: !canSeeSets });
  const [create, { isLoading: creating }] = useCreateAssignmentMutation();
  const [update, { isLoading: saving }] = useUpdateAssignmentMutation();

  const classes = useMemo(() => targets?.classes ?? [], [targets]);
  const groups = useMemo(() => targets?.groups ?? [], [targets]);
  const selectedClassIds = members.filter((k) => k.startsWith('class:')).map((k) => parseKey(k).member_id);

  // every name the form may show: the picker's, the catalogue's and the edited assignment's own
  const memberName = (k: MemberKey): string => {
    const { member_type, member_id } = parseKey(k);
    const known = existing?.members.find((m) => m.member_type === member_type && m.member_id === member_id)?.name;
    if (member_type === 'class') return classes.find((c) => c.id === member_id)?.name ?? known ?? `#${member_id}`;
    if (member_type === 'group') return groups.find((g) => g.id === member_id)?.name ?? known ?? `#${member_id}`;
    const student = [...classes, ...groups].flatMap((x) => x.students).find((s) => s.id === member_id);
    return student ? fullName(student) : (known ?? `#${member_id}`);
  };
  // titles of the chosen activities, kept when a later search no longer lists them
  const [chosenTitles, setChosenTitles] = useState<ReadonlyMap<number, string>>(
    () => new Map(initialActivities.map((a) => [a.id, a.title])),
  );
  const titleOf = (id: number) =>
    chosenTitles.get(id) ?? activitiesQuery.data?.data.find((a) => a.id === id)?.title ?? `#${id}`;
  const classNameOf = (id: number) => classes.find((c) => c.id === id)?.name ?? `#${id}`;

  const activityConflicts = alreadyInClass(classes, selectedClassIds, { activity_ids: activityIds });

  function toggleMember(k: MemberKey, on: boolean) {
    setProblem(null);
    setMembers((list) => {
      const next = list.filter((x) => x !== k);
      if (!on) return next;
      next.push(k);
      // a student named on their own who is in the class just chosen is now included with the class
      const { member_type, member_id } = parseKey(k);
      if (member_type !== 'class') return next;
      const inClass = new Set(classes.find((c) => c.id === member_id)?.student_ids ?? []);
      return next.filter((x) => !(x.startsWith('student:') && inClass.has(parseKey(x).member_id)));
    });
  }

  function toggleActivity(id: number, on: boolean, title?: string) {
    setProblem(null);
    if (title) setChosenTitles((m) => new Map(m).set(id, title));
    setActivityIds((list) => (on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id)));
  }

  /** The current step's checks; true when the flow may go on. */
  async function checkStep(s: Step): Promise<boolean> {
    if (s === 'name') {
      try {
        await form.validateFields(['name']);
        return true;
      } catch {
        return false;
      }
    }
    if (s === 'assignTo' && members.length === 0) {
      setProblem([t('validation.select', { field: t('fields.members') })]);
      return false;
    }
    if (s === 'activities') {
      if (activityIds.length === 0) {
        setProblem([t('validation.select', { field: t('fields.activity_ids') })]);
        return false;
      }
      if (activityConflicts.length > 0) {
        setProblem(
          activityConflicts.map((c) =>
            t('assignments.activityInClass', { title: titleOf(c.id), class: classNameOf(c.class_id) }),
          ),
        );
        return false;
      }
    }
    if (s === 'dueDate') {
      if (!start || !due) {
        setProblem([t('validation.select', { field: t(start ? 'fields.due_at' : 'fields.start_at') })]);
        return false;
      }
      if (!dueNotBeforeStart(start.toDate(), due.toDate())) {
        setProblem([t('assignments.dueBeforeStart')]);
        return false;
      }
    }
    return true;
  }

  async function goTo(target: number) {
    if (target > step) {
      for (let s = step; s < target; s++) {
        if (!(await checkStep(STEPS[s]!))) {
          setStep(s);
          return;
        }
      }
    }
    setProblem(null);
    setStep(target);
  }

  async function submit() {
    setServerError(null);
    const values = form.getFieldsValue(true) as { name: string; assignment_set_id?: number | null };
    const body: AssignmentInput = {
      name: values.name,
      activity_ids: activityIds,
      members: members.map(parseKey),
      start_at: start!.toISOString(),
      due_at: due!.toISOString(),
      assignment_set_id: values.assignment_set_id ?? null,
    };
    try {
      const saved = existing ? await update({ id: existing.id, ...body }).unwrap() : await create(body).unwrap();
      void message.success(t(existing ? 'assignments.form.saved' : 'assignments.form.created'));
      void navigate(assignmentViewHref(saved.id, scope));
    } catch (err) {
      // creating is toasted by the shared handler; an update's failure is this screen's to show (001 section 8)
      if (existing)
        setServerError(errorMessages(err as Parameters<typeof errorMessages>[0], t('dashboard.toasts.unreachable')));
    }
  }

  if (targetsQuery.isLoading) return <PageLoader />;
  if (targetsQuery.isError || !targets) return <Alert type="error" showIcon title={t('assignments.form.loadFailed')} />;

  const current = STEPS[step]!;
  const when = (d: Dayjs | null) => (d ? dates.dateTime(d.toDate()) : t('assignments.view.noDue'));
  const setName = (id: number | null | undefined) =>
    id ? (sets.data?.data.find((s) => s.id === id)?.name ?? existing?.assignment_set?.name ?? `#${id}`) : null;

  const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

  const bodies: Record<Step, ReactNode> = {
    name: (
      <>
        <Form.Item
          name="name"
          label={t('assignments.form.name')}
          rules={[schemaRule(assignmentNameSchema, () => t('assignments.form.name'))]}
        >
          <Input placeholder={t('assignments.form.namePlaceholder')} maxLength={255} autoFocus />
        </Form.Item>
        {canSeeSets && (
          <Form.Item name="assignment_set_id" label={t('assignments.form.set')}>
            <Select<number | null>
              allowClear
              placeholder={t('assignments.form.noSet')}
              loading={sets.isFetching}
              options={(sets.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        )}
      </>
    ),
    assignTo: (
      <AssignToStep
        classes={classes}
        groups={groups}
        members={members}
        onToggle={toggleMember}
        studentSearch={studentSearch}
        onStudentSearch={setStudentSearch}
      />
    ),
    activities: (
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('assignments.form.activitiesHint')}
        </Typography.Paragraph>
        <Input.Search
          allowClear
          aria-label={t('assignments.form.searchActivities')}
          placeholder={t('assignments.form.searchActivities')}
          style={{ maxWidth: 320 }}
          onSearch={(v) => setActivitySearch(v.trim())}
          // Enter searches; it does not also submit the step's form (which moved on to the next step)
          onPressEnter={(e) => e.preventDefault()}
        />
        <Typography.Text aria-live="polite">
          {t('assignments.form.selectedCount', { count: activityIds.length })}
        </Typography.Text>
        {activityIds.length > 0 && (
          <Flex wrap gap={4}>
            {activityIds.map((id) => (
              <Tag key={id} closable onClose={() => toggleActivity(id, false)} style={{ marginInlineEnd: 0 }}>
                {titleOf(id)}
              </Tag>
            ))}
          </Flex>
        )}
        <Flex vertical gap="small" role="group" aria-label={t('assignments.form.steps.activities')}>
          {(activitiesQuery.data?.data ?? []).length === 0 && !activitiesQuery.isFetching && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assignments.form.noActivities')} />
          )}
          {(activitiesQuery.data?.data ?? []).map((a) => {
            const [hit] = alreadyInClass(classes, selectedClassIds, { activity_ids: [a.id] });
            const checked = activityIds.includes(a.id);
            return (
              <Checkbox
                key={a.id}
                checked={checked}
                disabled={!!hit && !checked}
                onChange={(e) => toggleActivity(a.id, e.target.checked, a.title)}
              >
                <Flex gap="small" wrap align="center">
                  <span>{a.title}</span>
                  {hit && secondary(t('assignments.form.alreadyAssigned', { class: classNameOf(hit.class_id) }))}
                </Flex>
              </Checkbox>
            );
          })}
        </Flex>
      </Flex>
    ),
    dueDate: (
      <Flex vertical gap="small">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('assignments.form.datesHint')}
        </Typography.Paragraph>
        <Form.Item label={t('assignments.form.startAt')} htmlFor="assign-start" required>
          <DatePicker
            id="assign-start"
            showTime={{ use12Hours: true, format: 'hh:mm A' }}
            format={dates.picker.dateTime}
            value={start}
            onChange={(v) => {
              setProblem(null);
              setStart(v);
            }}
          />
        </Form.Item>
        <Form.Item label={t('assignments.form.dueAt')} htmlFor="assign-due" required>
          <DatePicker
            id="assign-due"
            showTime={{ use12Hours: true, format: 'hh:mm A' }}
            format={dates.picker.dateTime}
            value={due}
            onChange={(v) => {
              setProblem(null);
              setDue(v);
            }}
          />
        </Form.Item>
      </Flex>
    ),
    confirmation: (
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{t('assignments.form.summary')}</Typography.Paragraph>
        <Descriptions
          bordered
          column={1}
          items={[
            { key: 'name', label: t('assignments.form.name'), children: form.getFieldValue('name') as string },
            ...(setName(form.getFieldValue('assignment_set_id') as number | null)
              ? [
                  {
                    key: 'set',
                    label: t('assignments.form.set'),
                    children: setName(form.getFieldValue('assignment_set_id') as number | null),
                  },
                ]
              : []),
            {
              key: 'members',
              label: t('assignments.form.steps.assignTo'),
              children: <NameTags names={members.map(memberName)} />,
            },
            {
              key: 'activities',
              label: t('assignments.form.steps.activities'),
              children: <NameTags names={activityIds.map(titleOf)} />,
            },
            { key: 'start', label: t('assignments.form.startAt'), children: when(start) },
            { key: 'due', label: t('assignments.form.dueAt'), children: when(due) },
          ]}
        />
      </Flex>
    ),
  };

  return (
    <Flex vertical gap="large" style={{ maxWidth: 880 }}>
      <Link to={existing ? assignmentViewHref(existing.id, scope) : assignmentsHref(scope)}>
        {existing ? t('assignments.labGroups.back') : t('assignments.view.back')}
      </Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {existing ? t('assignments.form.editTitle') : t('assignments.form.newTitle')}
      </h1>
      {existing?.attempted && <Alert type="warning" showIcon title={t('assignments.attempted')} />}
      <PresetActivityNotice preset={preset} />
      {serverError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={serverError.map((m) => (
            <div key={m}>{m}</div>
          ))}
        />
      )}
      <Steps
        current={step}
        onChange={(s) => void goTo(s)}
        items={STEPS.map((s) => ({ key: s, title: t(`assignments.form.steps.${s}`) }))}
      />
      <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}>
        <h2 style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>{t(`assignments.form.steps.${current}`)}</h2>
        <Form
          form={form}
          layout="vertical"
          preserve
          initialValues={{
            name: existing?.name ?? preset.chosen?.title ?? '',
            assignment_set_id: existing?.assignment_set_id ?? setId,
          }}
          onFinish={() => void goTo(step + 1)}
        >
          {bodies[current]}
          {problem && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 16 }}
              title={problem.map((m) => (
                <div key={m}>{m}</div>
              ))}
            />
          )}
          <Flex justify="space-between" gap="small" wrap style={{ marginTop: 24 }}>
            <Button disabled={step === 0} onClick={() => void goTo(step - 1)}>
              {t('assignments.form.back')}
            </Button>
            {current === 'confirmation' ? (
              <Button
                type="primary"
                loading={creating || saving}
                disabled={!!existing?.attempted}
                onClick={() => void submit()}
              >
                {existing ? t('assignments.form.save') : t('assignments.form.assign')}
              </Button>
            ) : (
              <Button type="primary" htmlType="submit">
                {t('assignments.form.next')}
              </Button>
            )}
          </Flex>
        </Form>
      </div>
    </Flex>
  );
}
