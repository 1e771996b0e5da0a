import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Button, Descriptions, Flex, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGetStudentProfileQuery } from '../api';
import { classroomName } from '@aula/domain/classes';
import { studentsHref } from '../lib/people-paths';
import { SetPasswordModal } from './set-password-modal';
import { StudentActivitiesTable } from './student-activities-table';
import { StudentSettingsPanel } from './student-settings-panel';
import { TagList } from './tag-list';
import { StatusTag } from '../../../components/status-tag';

const ID = /^\d{1,9}$/;

/**
 * A student's profile: /students/:studentId, /student-profile/:studentProfileId and, inside a class,
 * /classes/:classId/students/:studentId (its activities then are those of that class). Details, the assigned
 * activities and the settings, and Set password.
 */
export function StudentProfilePage() {
  const { studentId, studentProfileId, classId } = useParams();
  const raw = studentId ?? studentProfileId;
  if (!ID.test(raw ?? '') || (classId !== undefined && !ID.test(classId))) return <NotFoundPage />;
  return (
    <StudentProfile
      key={`${raw}/${classId ?? ''}`}
      studentId={Number(raw)}
      classId={classId ? Number(classId) : undefined}
    />
  );
}

function StudentProfile({ studentId, classId }: { studentId: number; classId: number | undefined }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const [settingPassword, setSettingPassword] = useState(false);
  const { data: student, isLoading, isError } = useGetStudentProfileQuery(studentId);

  if (isLoading) return <PageLoader />;
  if (isError || !student) return <NotFoundPage />;

  const none = <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;
  const inClass = classId ? student.classes.find((c) => c.id === classId) : undefined;
  const back = classId ? `/classes/${classId}/students` : studentsHref();

  return (
    <Flex vertical gap="large">
      <Link to={back}>{t('people.profile.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('people.profile.title')}</Typography.Text>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{student.full_name}</h1>
          {inClass && (
            <Typography.Text type="secondary">
              {t('people.profile.inClass', { name: classroomName(inClass) })}
            </Typography.Text>
          )}
        </Flex>
        <Button type="primary" onClick={() => setSettingPassword(true)}>
          {t('people.password.button')}
        </Button>
      </Flex>
      <Tabs
        aria-label={t('people.profile.tabs')}
        items={[
          {
            key: 'details',
            label: t('people.profile.details'),
            children: (
              <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
                <Descriptions.Item label={t('people.profile.firstName')}>{student.first_name}</Descriptions.Item>
                <Descriptions.Item label={t('people.profile.middleName')}>
                  {student.middle_name || none}
                </Descriptions.Item>
                <Descriptions.Item label={t('people.profile.lastName')}>{student.last_name}</Descriptions.Item>
                <Descriptions.Item label={t('people.common.username')}>{student.username ?? none}</Descriptions.Item>
                <Descriptions.Item label={t('people.common.email')}>{student.email ?? none}</Descriptions.Item>
                <Descriptions.Item label={t('people.common.status')}>
                  {student.disabled ? (
                    <StatusTag tone="red">{t('people.common.disabled')}</StatusTag>
                  ) : (
                    t('people.common.active')
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={t('people.common.schools')}>
                  <TagList items={student.organizations.map((o) => ({ id: o.id, label: o.name }))} />
                </Descriptions.Item>
                <Descriptions.Item label={t('people.common.classes')}>
                  <TagList items={student.classes.map((c) => ({ id: c.id, label: classroomName(c) }))} />
                </Descriptions.Item>
                <Descriptions.Item label={t('people.common.groups')}>
                  <TagList items={student.groups.map((g) => ({ id: g.id, label: g.name }))} />
                </Descriptions.Item>
                <Descriptions.Item label={t('people.profile.passwordChanged')}>
                  {student.password_changed_at
                    ? dates.dateTime(student.password_changed_at)
                    : t('people.profile.never')}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'activities',
            label: t('people.activities.title'),
            children: <StudentActivitiesTable studentId={student.id} classId={classId} />,
          },
          {
            key: 'settings',
            label: t('people.settings.title'),
            children: <StudentSettingsPanel studentId={student.id} settings={student.settings} />,
          },
        ]}
      />
      <SetPasswordModal student={student} open={settingPassword} onClose={() => setSettingPassword(false)} />
    </Flex>
  );
}
