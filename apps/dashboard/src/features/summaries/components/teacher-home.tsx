import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Flex, Table, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useListAssignmentsQuery } from '../../assignments/api';
import type { Assignment } from '../../assignments/assignments.types';
import { assignmentViewHref, assignmentsHref } from '../../assignments/lib/assignment-paths';
import { useListClassesQuery } from '../../classes/api';
import type { ClassRow } from '../../classes/classes.types';
import { classHref, classesHref } from '../../classes/lib/class-paths';

const CLASSES_SHOWN = 20;
const DUE_SHOWN = 5;
// open assignments (started, not past due), the soonest due first; the list call's own filter and sort
const DUE_FILTER = { page: 1, per_page: DUE_SHOWN, phase: 'current', sort: 'due_at' } as const;

/** A teacher's home (issue 15 item 1): their classes, each linking to its summary, and the assignments due soon. */
export function TeacherHome() {
  return (
    <>
      <MyClasses />
      <DueSoon />
    </>
  );
}

function Section({ id, title, intro, more, children }: SectionProps) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={id}
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 24 }}
    >
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <h2 id={id} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
          {title}
        </h2>
        {more}
      </Flex>
      {intro && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {intro}
        </Typography.Paragraph>
      )}
      <div style={{ marginTop: 12, minWidth: 0, overflowX: 'auto' }}>{children}</div>
    </section>
  );
}

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  more: ReactNode;
  children: ReactNode;
}

function MyClasses() {
  const t = useT();
  const { data, isFetching } = useListClassesQuery(
    { my: true, page: 1, per_page: CLASSES_SHOWN },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <Section
      id="my-classes-heading"
      title={t('summaries.teacher.classes')}
      more={<Link to={classesHref()}>{t('summaries.teacher.allClasses')}</Link>}
    >
      <Table<ClassRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('summaries.teacher.noClasses') }}
        columns={[
          {
            key: 'name',
            title: t('summaries.teacher.className'),
            render: (_v, c) => <Link to={classHref(c.id)}>{c.name}</Link>,
          },
          { key: 'school', title: t('summaries.teacher.school'), dataIndex: 'organization_name' },
          { key: 'students', title: t('summaries.teacher.students'), dataIndex: 'students_count' },
        ]}
      />
    </Section>
  );
}

function DueSoon() {
  const t = useT();
  const dates = useDates();
  const filter = DUE_FILTER;
  const { data, isFetching } = useListAssignmentsQuery(filter, { refetchOnMountOrArgChange: true });
  return (
    <Section
      id="due-soon-heading"
      title={t('summaries.teacher.due')}
      intro={t('summaries.teacher.dueIntro')}
      more={<Link to={assignmentsHref()}>{t('summaries.teacher.allAssignments')}</Link>}
    >
      <Table<Assignment>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('summaries.teacher.noneDue') }}
        columns={[
          {
            key: 'name',
            title: t('summaries.teacher.assignment'),
            render: (_v, a) => <Link to={assignmentViewHref(a.id)}>{a.name}</Link>,
          },
          {
            key: 'due',
            title: t('summaries.teacher.dueAt'),
            render: (_v, a) => (a.due_at ? dates.dateTime(a.due_at) : '—'),
          },
        ]}
      />
    </Section>
  );
}
