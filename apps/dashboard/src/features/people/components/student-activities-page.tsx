import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Typography, theme } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { studentHref } from '../lib/people-paths';
import { StudentActivitiesTable } from './student-activities-table';
import { StudentPicker } from './student-picker';

const ID = /^\d{1,9}$/;

/** /student-activities: the activities assigned to one student, chosen here (?student_id= keeps the choice). */
export function StudentActivitiesPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const raw = params.get('student_id');
  const studentId = raw && ID.test(raw) ? Number(raw) : undefined;
  return (
    <Flex vertical gap="large">
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('people.activities.pageTitle')}</h1>
      <Flex wrap gap="middle" align="center">
        <label htmlFor="student-activities-student">{t('people.activities.student')}</label>
        <StudentPicker
          id="student-activities-student"
          value={studentId}
          onChange={(id) => setParams({ student_id: String(id) })}
        />
        {studentId && <Link to={studentHref(studentId)}>{t('people.profile.title')}</Link>}
      </Flex>
      {studentId ? (
        <StudentActivitiesTable key={studentId} studentId={studentId} />
      ) : (
        <Typography.Text type="secondary">{t('people.activities.pickStudent')}</Typography.Text>
      )}
    </Flex>
  );
}

/** /student-profile without an id: choose the student whose profile to open. */
export function StudentProfilePickerPage() {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Flex vertical gap="large">
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('people.profile.title')}</h1>
      <Flex wrap gap="middle" align="center">
        <label htmlFor="student-profile-student">{t('people.activities.student')}</label>
        <StudentPicker
          id="student-profile-student"
          value={undefined}
          onChange={(id) => void navigate(`/student-profile/${id}`)}
        />
      </Flex>
    </Flex>
  );
}
