import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Descriptions, Flex, Table, Typography, theme } from 'antd';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { useGetTeacherQuery } from '../api';
import { classroomName } from '@aula/domain/classes';
import { teachersHref } from '../lib/people-paths';
import type { StaffClass } from '../people.types';
import { TagList } from './tag-list';
import { StatusTag } from '../../../components/status-tag';

const ID = /^\d{1,9}$/;

/**
 * A teacher's profile (001 section 7, Teacher: GET one): /teachers/:teacherId, /teacher-profile/:teacherProfileId,
 * and /teacher-profile, a teacher's own. Schools, classes with their students, links to the teacher's students.
 */
export function TeacherProfilePage() {
  const t = useT();
  const { teacherId, teacherProfileId } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const raw = teacherId ?? teacherProfileId;
  if (raw === undefined) {
    if (me?.role !== 'teacher')
      return <PageMessage title={t('people.teacherProfile.title')} text={t('people.teacherProfile.notTeacher')} />;
    return <TeacherProfile key={me.id} teacherId={me.id} />;
  }
  if (!ID.test(raw)) return <NotFoundPage />;
  return <TeacherProfile key={raw} teacherId={Number(raw)} />;
}

function TeacherProfile({ teacherId }: { teacherId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { data: teacher, isLoading, isError } = useGetTeacherQuery(teacherId);
  if (isLoading) return <PageLoader />;
  if (isError || !teacher) return <NotFoundPage />;
  const none = <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;

  return (
    <Flex vertical gap="large">
      <Link to={teachersHref()}>{t('people.teacherProfile.back')}</Link>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('people.teacherProfile.title')}</Typography.Text>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{teacher.full_name}</h1>
      </Flex>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={t('people.common.email')}>{teacher.email ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('people.common.status')}>
          {teacher.disabled ? (
            <StatusTag tone="red">{t('people.common.disabled')}</StatusTag>
          ) : (
            t('people.common.active')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('people.common.schools')}>
          <TagList items={teacher.organizations.map((o) => ({ id: o.id, label: o.name }))} />
        </Descriptions.Item>
        <Descriptions.Item label={t('people.teacherProfile.studentsCount')}>
          <Link to={`/teachers/${teacher.id}/students`}>{teacher.students_count}</Link>
        </Descriptions.Item>
      </Descriptions>
      <h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('people.teacherProfile.classes')}</h2>
      <Table<StaffClass>
        rowKey="id"
        pagination={false}
        dataSource={teacher.classes}
        locale={{ emptyText: t('people.teacherProfile.noClasses') }}
        columns={[
          { key: 'name', title: t('people.common.name'), render: (_v, c) => classroomName(c) },
          {
            key: 'students',
            title: t('people.teacherProfile.students'),
            render: (_v, c) => <Link to={`/classes/${c.id}/students`}>{c.students_count}</Link>,
          },
        ]}
      />
    </Flex>
  );
}
