import { GROUP_NAME_MAX, LEARNER_TYPES, canRestoreGroup, type LearnerType } from '@aula/domain/groups';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { serverFieldErrors } from '@aula/web/lib/server-field-errors.ts';
import { Alert, App, Button, Flex, Form, Input, Select, Space, theme } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { personName } from '../../classes/lib/class-paths';
import {
  useCreateGroupMutation,
  useGetGroupQuery,
  useGroupRelationsQuery,
  useListGroupSchoolsQuery,
  useRestoreGroupMutation,
  useUpdateGroupMutation,
} from '../api';
import type { GroupDetail, GroupMember } from '../groups.types';
import { groupHref, groupsHref } from '../lib/group-paths';

interface Values {
  name: string;
  learner_type: LearnerType;
  class_ids: number[];
  student_ids: number[];
  teacher_ids: number[];
  organization_id?: number;
}

const FIELDS = ['name', 'learner_type', 'class_ids', 'student_ids', 'teacher_ids', 'organization_id'] as const;

/** /groups/create: a new group (name, learners, teachers, relations to classes, learner type). */
export function CreateGroupPage() {
  const [query] = useSearchParams();
  const classId = query.get('class_id');
  return <GroupForm group={null} classId={classId && /^\d{1,9}$/.test(classId) ? Number(classId) : undefined} />;
}

/** /groups/update/:groupId: edit a group; a deleted one is restored here first ('reactivated through edit'). */
export function UpdateGroupPage() {
  const { groupId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <UpdateGroup groupId={Number(raw)} />;
}

function UpdateGroup({ groupId }: { groupId: number }) {
  const { data, isLoading, isError } = useGetGroupQuery(groupId);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <GroupForm key={`${data.id}-${String(data.deleted)}`} group={data} />;
}

/** A person's option, and the people of a list merged with those already chosen (who may not be offered any more). */
function personOptions(people: readonly GroupMember[], kept: readonly GroupMember[] = []) {
  const byId = new Map<number, GroupMember>();
  for (const p of [...kept, ...people]) byId.set(p.id, p);
  return [...byId.values()]
    .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name))
    .map((p) => ({ value: p.id, label: personName(p) }));
}

function GroupForm({ group, classId }: { group: GroupDetail | null; classId?: number | undefined }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const me = useAppSelector(selectCurrentUser);
  const canSchools = !group && (policy ? can(policy, 'organization', 'view') : false);
  const [form] = Form.useForm<Values>();
  const chosenClasses = Form.useWatch('class_ids', form) ?? [];
  const { data: relations, isFetching: loadingPeople } = useGroupRelationsQuery({});
  const { data: schools = [] } = useListGroupSchoolsQuery(undefined, { skip: !canSchools });
  const [create, { isLoading: creating }] = useCreateGroupMutation();
  const [update, { isLoading: updating }] = useUpdateGroupMutation();
  const [restore, { isLoading: restoring }] = useRestoreGroupMutation();
  const deleted = group !== null && canRestoreGroup(group);

  // learners and teachers of the chosen classes (of all the caller's classes while none is chosen)
  const inChosen = (p: { class_ids: number[] }) =>
    chosenClasses.length === 0 || p.class_ids.some((id) => chosenClasses.includes(id));
  const studentOptions = personOptions((relations?.students ?? []).filter(inChosen), group?.users.students);
  // a teacher making a group teaches it (the API adds them too), so they are always offered
  const meAsTeacher: GroupMember[] =
    me?.role === 'teacher'
      ? [
          {
            id: me.id,
            first_name: me.first_name,
            last_name: me.last_name,
            middle_name: null,
            username: null,
            email: me.email,
          },
        ]
      : [];
  const teacherOptions = personOptions((relations?.teachers ?? []).filter(inChosen), [
    ...meAsTeacher,
    ...(group?.users.teachers ?? []),
  ]);
  const classOptions = [
    ...(relations?.classes ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...(group?.classes ?? [])
      .filter((c) => !(relations?.classes ?? []).some((r) => r.id === c.id))
      .map((c) => ({ value: c.id, label: c.name })),
  ];

  const onFinish = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      learner_type: v.learner_type,
      class_ids: v.class_ids,
      student_ids: v.student_ids,
      teacher_ids: v.teacher_ids,
      ...(v.organization_id !== undefined ? { organization_id: v.organization_id } : {}),
    };
    try {
      if (group) {
        const saved = await update({ id: group.id, ...body }).unwrap();
        void message.success(t('groups.form.saved', { name: saved.name }));
        void navigate(groupHref(saved.id));
      } else {
        const saved = await create(body).unwrap();
        void message.success(t('groups.form.created', { name: saved.name }));
        void navigate(groupsHref());
      }
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
    }
  };

  const onRestore = async () => {
    if (!group) return;
    try {
      const saved = await restore(group.id).unwrap();
      void message.success(t('groups.form.restored', { name: saved.name }));
    } catch {
      // toasted by the shared response handler
    }
  };

  return (
    <Flex vertical gap="large" style={{ maxWidth: 720 }}>
      <Link to={group ? groupHref(group.id) : groupsHref()}>
        {group ? t('groups.form.backToGroup') : t('groups.summary.back')}
      </Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {group ? t('groups.form.updateTitle') : t('groups.form.createTitle')}
      </h1>
      {deleted && (
        <Alert
          type="warning"
          showIcon
          message={t('groups.form.deletedNotice', { date: dates.date(group.deleted_at) })}
          action={
            <Button type="primary" loading={restoring} onClick={() => void onRestore()}>
              {t('groups.form.restore')}
            </Button>
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={deleted}
        initialValues={
          group
            ? {
                name: group.name,
                learner_type: group.learner_type,
                class_ids: group.classes.map((c) => c.id),
                student_ids: group.users.students.map((s) => s.id),
                teacher_ids: group.users.teachers.map((s) => s.id),
              }
            : {
                learner_type: 'student',
                class_ids: classId === undefined ? [] : [classId],
                student_ids: [],
                teacher_ids: me?.role === 'teacher' ? [me.id] : [],
              }
        }
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="name"
          label={t('groups.form.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.enter', { field: t('fields.name') }) }]}
        >
          <Input maxLength={GROUP_NAME_MAX} autoFocus={!group} />
        </Form.Item>
        <Form.Item name="learner_type" label={t('groups.form.learnerType')}>
          <Select options={LEARNER_TYPES.map((l) => ({ value: l, label: t(`groups.learnerTypes.${l}`) }))} />
        </Form.Item>
        {canSchools && (
          <Form.Item name="organization_id" label={t('groups.form.school')} extra={t('groups.form.schoolHelp')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={schools.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="class_ids" label={t('groups.form.classes')} extra={t('groups.form.classesHelp')}>
          <Select mode="multiple" optionFilterProp="label" options={classOptions} />
        </Form.Item>
        <Form.Item name="student_ids" label={t('groups.form.learners')} extra={t('groups.form.learnersHelp')}>
          <Select mode="multiple" optionFilterProp="label" loading={loadingPeople} options={studentOptions} />
        </Form.Item>
        <Form.Item name="teacher_ids" label={t('groups.form.teachers')}>
          <Select mode="multiple" optionFilterProp="label" loading={loadingPeople} options={teacherOptions} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={creating || updating}>
            {group ? t('groups.form.save') : t('groups.form.create')}
          </Button>
          <Button onClick={() => void navigate(group ? groupHref(group.id) : groupsHref())}>
            {t('groups.form.cancel')}
          </Button>
        </Space>
      </Form>
    </Flex>
  );
}
