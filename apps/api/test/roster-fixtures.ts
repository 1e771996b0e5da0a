import type { RosterSnapshot, RosterUser } from '@aula/domain/rostering';
import { emptyRosterSnapshot } from '@aula/domain/rostering';

// A generated OneRoster district for the queue tests: `schools` schools, one school year, `classes` classes spread
// over the schools with one teacher each, `students` students enrolled round-robin `perStudent` times each.

export interface GeneratedDistrict {
  schools?: number;
  classes?: number;
  students?: number;
  perStudent?: number;
  /** prefix of every sourcedId, e-mail and username (several districts in one database) */
  prefix?: string;
}

export function generateSnapshot(o: GeneratedDistrict = {}): RosterSnapshot {
  const { schools = 2, classes = 4, students = 20, perStudent = 2, prefix = 'g' } = o;
  const s = emptyRosterSnapshot('1.1', 'bulk');
  const base = { status: 'active' as const, dateLastModified: null };
  s.orgs.push({
    ...base,
    sourcedId: `${prefix}-district`,
    name: 'District',
    type: 'district',
    identifier: null,
    parentSourcedId: null,
  });
  for (let i = 0; i < schools; i++)
    s.orgs.push({
      ...base,
      sourcedId: `${prefix}-org-${i}`,
      name: `School ${i}`,
      type: 'school',
      identifier: `NCES${i}`,
      parentSourcedId: `${prefix}-district`,
    });
  s.academicSessions.push({
    ...base,
    sourcedId: `${prefix}-sy`,
    title: '2025-2026',
    type: 'schoolYear',
    startDate: '2025-08-01',
    endDate: '2026-05-31',
    parentSourcedId: null,
    schoolYear: 2026,
  });
  s.courses.push({
    ...base,
    sourcedId: `${prefix}-course`,
    title: 'Science',
    courseCode: 'SCI',
    orgSourcedId: `${prefix}-org-0`,
    schoolYearSourcedId: `${prefix}-sy`,
    grades: ['07'],
    subjects: ['science'],
  });
  const user = (id: string, role: RosterUser['role'], org: string, given: string, family: string): RosterUser => ({
    ...base,
    sourcedId: id,
    enabledUser: true,
    orgSourcedIds: [org],
    role,
    username: `${id}@${prefix}.test`,
    givenName: given,
    familyName: family,
    middleName: null,
    identifier: null,
    email: `${id}@${prefix}.test`,
    grades: [],
    password: null,
    agentSourcedIds: [],
  });
  for (let c = 0; c < classes; c++) {
    const org = `${prefix}-org-${c % schools}`;
    s.classes.push({
      ...base,
      sourcedId: `${prefix}-class-${c}`,
      title: `Class ${c}`,
      courseSourcedId: `${prefix}-course`,
      classCode: null,
      classType: 'scheduled',
      location: null,
      schoolSourcedId: org,
      termSourcedIds: [`${prefix}-sy`],
      grades: ['07'],
      subjects: ['science'],
      periods: ['1'],
    });
    s.users.push(user(`${prefix}-t-${c}`, 'teacher', org, 'Teacher', `T${c}`));
    s.enrollments.push({
      ...base,
      sourcedId: `${prefix}-e-t-${c}`,
      classSourcedId: `${prefix}-class-${c}`,
      schoolSourcedId: org,
      userSourcedId: `${prefix}-t-${c}`,
      role: 'teacher',
      primary: true,
      beginDate: null,
      endDate: null,
    });
  }
  let n = 0;
  for (let i = 0; i < students; i++) {
    s.users.push(user(`${prefix}-s-${i}`, 'student', `${prefix}-org-${i % schools}`, 'Student', `S${i}`));
    for (let k = 0; k < perStudent; k++) {
      const c = (i + k) % classes;
      s.enrollments.push({
        ...base,
        sourcedId: `${prefix}-e-${n++}`,
        classSourcedId: `${prefix}-class-${c}`,
        schoolSourcedId: `${prefix}-org-${c % schools}`,
        userSourcedId: `${prefix}-s-${i}`,
        role: 'student',
        primary: false,
        beginDate: null,
        endDate: null,
      });
    }
  }
  return s;
}
