import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterRowError } from '@aula/domain/rostering';
import {
  DELTA_12,
  fixtureFiles,
  MINIMAL_11,
  parseSimpleCsv,
  setCell,
  tempZips,
  toCsv,
} from '../../../../test/oneroster-fixtures';
import { readOneRosterZip } from './read-zip';

// The reader on the real sample sets (../shared/fixtures/oneroster) and on variants of them with one problem each.

const zips = tempZips();
let minimal: Map<string, string>;
let delta: Map<string, string>;
beforeAll(async () => {
  minimal = await fixtureFiles(MINIMAL_11);
  delta = await fixtureFiles(DELTA_12);
});
afterAll(() => zips.cleanup());

/** the fixture with some files replaced */
async function variant(base: Map<string, string>, changes: Record<string, string | null>) {
  const files = new Map(base);
  for (const [name, text] of Object.entries(changes)) {
    if (text === null) files.delete(name);
    else files.set(name, text);
  }
  return readOneRosterZip(await zips.write(files));
}

const err = (file: string, row: number, column: string | null, message: string): RosterRowError => ({
  file,
  row,
  column,
  message,
  severity: 'error',
});
const warn = (file: string, row: number | null, column: string | null, message: string): RosterRowError => ({
  file,
  row,
  column,
  message,
  severity: 'warning',
});

const COURSE_ABSENT = (id: string) =>
  `courseSourcedId "${id}" is not in courses.csv, which the manifest marks absent; the class is kept without a course`;

describe('OneRoster 1.1 bulk: Test_minimal_data_set.zip', () => {
  it('reads every file the manifest names, with the courses quirk as warnings', async () => {
    const { snapshot, errors, files } = await readOneRosterZip(MINIMAL_11);
    expect(snapshot.version).toBe('1.1');
    expect(snapshot.mode).toBe('bulk');
    expect(files).toEqual([
      { name: 'orgs.csv', rows: 1 },
      { name: 'academicSessions.csv', rows: 5 },
      { name: 'classes.csv', rows: 2 },
      { name: 'users.csv', rows: 6 },
      { name: 'enrollments.csv', rows: 6 },
    ]);
    expect(errors).toEqual([
      warn('classes.csv', 2, 'courseSourcedId', COURSE_ABSENT('crs-222-2023-456-12345')),
      warn('classes.csv', 3, 'courseSourcedId', COURSE_ABSENT('crs-222-2023-456-23456')),
    ]);
    expect(snapshot.orgs).toEqual([
      {
        sourcedId: 'org-sch-222-456',
        status: 'active',
        dateLastModified: null,
        name: 'History Department',
        type: 'department',
        identifier: null,
        parentSourcedId: null,
      },
    ]);
    expect(snapshot.academicSessions.map((s) => [s.sourcedId, s.type, s.startDate, s.schoolYear])).toContainEqual([
      'as-trm-222-1234',
      'term',
      '2022-09-01',
      2023,
    ]);
    // classType 'Scheduled' as written, a list in one quoted cell, the absent course dropped
    expect(snapshot.classes[1]).toMatchObject({
      sourcedId: 'cls-222-123478',
      title: 'History - 2',
      courseSourcedId: null,
      classType: 'homeroom',
      termSourcedIds: ['as-trm-222-1234', 'as-trm-222-1235'],
    });
    expect(snapshot.classes[0]!.classType).toBe('scheduled');
    // enabledUser written TRUE
    expect(snapshot.users.map((u) => [u.username, u.role, u.enabledUser, u.orgSourcedIds])).toEqual([
      ['john.doe', 'teacher', true, ['org-sch-222-456']],
      ['mary.jones', 'student', true, ['org-sch-222-456']],
      ['thomas.joness', 'parent', true, ['org-sch-222-456']],
      ['jim.smith', 'teacher', true, ['org-sch-222-456']],
      ['mmichel.jones', 'student', true, ['org-sch-222-456']],
      ['anna.brown', 'student', true, ['org-sch-222-456']],
    ]);
    expect(snapshot.users[0]!.password).toBe('Password1-');
    expect(snapshot.enrollments).toHaveLength(6);
    expect(snapshot.enrollments[0]).toEqual({
      sourcedId: 'enr-t-222-12345-123456',
      status: 'active',
      dateLastModified: null,
      classSourcedId: 'cls-222-123456',
      schoolSourcedId: 'org-sch-222-456',
      userSourcedId: 'usr-222-123456',
      role: 'teacher',
      primary: false,
      beginDate: null,
      endDate: null,
    });
    expect(snapshot.courses).toEqual([]);
    expect(snapshot.demographics).toEqual([]);
  });

  it('reads enabledUser in any case, and refuses a value that is not true or false', async () => {
    let users = setCell(minimal.get('users.csv')!, 'usr-222-66778899', 'enabledUser', 'False');
    users = setCell(users, 'usr-222-987654', 'enabledUser', 'tRuE');
    users = setCell(users, 'usr-222-567891', 'enabledUser', 'yes');
    const { snapshot, errors } = await variant(minimal, { 'users.csv': users });
    expect(snapshot.users.find((u) => u.username === 'mary.jones')!.enabledUser).toBe(false);
    expect(snapshot.users.find((u) => u.username === 'jim.smith')!.enabledUser).toBe(true);
    expect(snapshot.users.map((u) => u.username)).not.toContain('anna.brown');
    expect(errors).toContainEqual(err('users.csv', 7, 'enabledUser', 'enabledUser "yes" must be true or false'));
  });

  it('leaves out a row missing a required field, and what points at it', async () => {
    const users = setCell(minimal.get('users.csv')!, 'usr-222-987654', 'username', '');
    const { snapshot, errors } = await variant(minimal, { 'users.csv': users });
    expect(snapshot.users.map((u) => u.sourcedId)).not.toContain('usr-222-987654');
    expect(errors).toContainEqual(err('users.csv', 5, 'username', 'username is required'));
    const pointing = 'userSourcedId "usr-222-987654" points at a row of users.csv that has errors';
    expect(errors).toContainEqual(err('enrollments.csv', 3, 'userSourcedId', pointing));
    expect(errors).toContainEqual(err('enrollments.csv', 6, 'userSourcedId', pointing));
    expect(snapshot.enrollments).toHaveLength(4);
  });

  it('refuses an unknown role, a bad date and a bad date-time', async () => {
    const users = setCell(minimal.get('users.csv')!, 'usr-222-1234561', 'role', 'wizard');
    let sessions = setCell(minimal.get('academicSessions.csv')!, 'as-grp-222-2345', 'startDate', '2022-13-01');
    sessions = setCell(sessions, 'as-grp-222-3456', 'dateLastModified', 'yesterday');
    const { snapshot, errors } = await variant(minimal, { 'users.csv': users, 'academicSessions.csv': sessions });
    expect(errors).toContainEqual(err('users.csv', 4, 'role', 'role "wizard" is not a OneRoster role'));
    expect(errors).toContainEqual(
      err('academicSessions.csv', 4, 'startDate', 'startDate "2022-13-01" is not a date (YYYY-MM-DD)'),
    );
    expect(errors).toContainEqual(
      err('academicSessions.csv', 5, 'dateLastModified', 'dateLastModified "yesterday" is not a date-time (ISO 8601)'),
    );
    expect(snapshot.users).toHaveLength(5);
    expect(snapshot.academicSessions.map((s) => s.sourcedId)).toEqual([
      'as-grp-222-23456',
      'as-trm-222-1234',
      'as-trm-222-1235',
    ]);
  });

  it('keeps the first of two rows with one sourcedId', async () => {
    const rows = parseSimpleCsv(minimal.get('users.csv')!);
    rows.push([...rows[4]!]);
    rows[7]![6] = 'jim.smith2';
    const { snapshot, errors } = await variant(minimal, { 'users.csv': toCsv(rows) });
    expect(errors).toContainEqual(
      err('users.csv', 8, 'sourcedId', 'duplicate sourcedId "usr-222-987654" (first on row 5)'),
    );
    expect(snapshot.users.filter((u) => u.sourcedId === 'usr-222-987654').map((u) => u.username)).toEqual([
      'jim.smith',
    ]);
  });

  it('refuses an enrollment pointing at an unknown class or user', async () => {
    let enrollments = setCell(minimal.get('enrollments.csv')!, 'enr-s-222-12345-987654', 'userSourcedId', 'usr-nobody');
    enrollments = setCell(enrollments, 'enr-s-222-12345-987655', 'classSourcedId', 'cls-nowhere');
    const { snapshot, errors } = await variant(minimal, { 'enrollments.csv': enrollments });
    expect(errors).toContainEqual(
      err('enrollments.csv', 3, 'userSourcedId', 'userSourcedId "usr-nobody" is not in users.csv'),
    );
    expect(errors).toContainEqual(
      err('enrollments.csv', 4, 'classSourcedId', 'classSourcedId "cls-nowhere" is not in classes.csv'),
    );
    expect(snapshot.enrollments).toHaveLength(4);
  });

  it('with an enrollment sink: the same checks, the kept enrollments handed over in batches, none kept', async () => {
    let enrollments = setCell(minimal.get('enrollments.csv')!, 'enr-s-222-12345-987654', 'userSourcedId', 'usr-nobody');
    enrollments = setCell(enrollments, 'enr-s-222-12345-987655', 'classSourcedId', 'cls-nowhere');
    const file = await zips.write(new Map([...minimal, ['enrollments.csv', enrollments]]));
    const whole = await readOneRosterZip(file);
    const batches: string[][] = [];
    const streamed = await readOneRosterZip(file, undefined, {
      size: 3,
      write: async (rows) => {
        await new Promise((r) => setTimeout(r, 5));
        batches.push(rows.map((e) => e.sourcedId));
      },
    });
    expect(streamed.snapshot.enrollments).toEqual([]);
    expect(batches.map((b) => b.length)).toEqual([3, 1]);
    expect(batches.flat()).toEqual(whole.snapshot.enrollments.map((e) => e.sourcedId));
    expect(streamed.errors).toEqual(whole.errors);
    expect(streamed.snapshot.users).toEqual(whole.snapshot.users);
  });

  it('an enrollment sink that fails stops the read with its own error', async () => {
    const failing = readOneRosterZip(MINIMAL_11, undefined, {
      size: 1,
      write: () => Promise.reject(new Error('the database is gone')),
    });
    await expect(failing).rejects.toThrow('the database is gone');
  });

  it('refuses a class at an unknown school, and the enrollments in it', async () => {
    const classes = setCell(minimal.get('classes.csv')!, 'cls-222-123478', 'schoolSourcedId', 'org-elsewhere');
    const { snapshot, errors } = await variant(minimal, { 'classes.csv': classes });
    expect(errors).toContainEqual(
      err('classes.csv', 3, 'schoolSourcedId', 'schoolSourcedId "org-elsewhere" is not in orgs.csv'),
    );
    const pointing = 'classSourcedId "cls-222-123478" points at a row of classes.csv that has errors';
    expect(errors.filter((e) => e.message === pointing).map((e) => e.row)).toEqual([5, 6, 7]);
    expect(snapshot.classes.map((c) => c.sourcedId)).toEqual(['cls-222-123456']);
    expect(snapshot.enrollments).toHaveLength(3);
  });

  it('refuses a class whose course is not in courses.csv when the archive has one', async () => {
    const manifest = minimal.get('manifest.csv')!.replace('file.courses,absent', 'file.courses,bulk');
    const courses = toCsv([
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'schoolYearSourcedId',
        'title',
        'courseCode',
        'grades',
        'orgSourcedId',
        'subjects',
        'subjectCodes',
      ],
      [
        'crs-222-2023-456-12345',
        '',
        '',
        'as-grp-222-3456',
        'Physics',
        'PHY',
        '09,10',
        'org-sch-222-456',
        'science',
        '',
      ],
    ]);
    const { snapshot, errors } = await variant(minimal, { 'manifest.csv': manifest, 'courses.csv': courses });
    expect(errors).toContainEqual(
      err('classes.csv', 3, 'courseSourcedId', 'courseSourcedId "crs-222-2023-456-23456" is not in courses.csv'),
    );
    expect(snapshot.courses).toEqual([
      expect.objectContaining({ title: 'Physics', grades: ['09', '10'], schoolYearSourcedId: 'as-grp-222-3456' }),
    ]);
    expect(snapshot.classes.map((c) => [c.sourcedId, c.courseSourcedId])).toEqual([
      ['cls-222-123456', 'crs-222-2023-456-12345'],
    ]);
  });

  it('refuses tobedeleted and unknown statuses in a bulk file, and a row longer than its header', async () => {
    let users = setCell(minimal.get('users.csv')!, 'usr-222-123456', 'status', 'tobedeleted');
    users = setCell(users, 'usr-222-66778899', 'status', 'inactive');
    users = users.replace('usr-222-567891,,,TRUE,org-sch-222-456,student,anna.brown,,Anna,Brown,,,,,,,,', '$&,extra');
    const { snapshot, errors } = await variant(minimal, { 'users.csv': users });
    expect(errors).toContainEqual(
      err('users.csv', 2, 'status', 'status "tobedeleted" is only allowed in a delta file'),
    );
    expect(errors).toContainEqual(err('users.csv', 3, 'status', 'status "inactive" must be active or tobedeleted'));
    expect(errors).toContainEqual(err('users.csv', 7, null, 'the row has 19 fields; the header has 18'));
    expect(snapshot.users.map((u) => u.username)).toEqual(['thomas.joness', 'jim.smith', 'mmichel.jones']);
  });

  it('drops a term that is not in academicSessions.csv with a warning', async () => {
    const classes = setCell(minimal.get('classes.csv')!, 'cls-222-123456', 'termSourcedIds', 'as-trm-222-1234,as-gone');
    const { snapshot, errors } = await variant(minimal, { 'classes.csv': classes });
    expect(errors).toContainEqual(
      warn(
        'classes.csv',
        2,
        'termSourcedIds',
        'termSourcedIds "as-gone" is not in academicSessions.csv; the reference was left out',
      ),
    );
    expect(snapshot.classes[0]!.termSourcedIds).toEqual(['as-trm-222-1234']);
  });
});

describe('OneRoster 1.2 delta: oneroster_test_data.zip', () => {
  it('reads all nine roster files, roles from roles.csv, status and dateLastModified kept', async () => {
    const { snapshot, errors, files } = await readOneRosterZip(DELTA_12);
    expect(errors).toEqual([]);
    expect(snapshot.version).toBe('1.2');
    expect(snapshot.mode).toBe('delta');
    expect(files.map((f) => f.name)).toEqual([
      'orgs.csv',
      'academicSessions.csv',
      'courses.csv',
      'classes.csv',
      'users.csv',
      'roles.csv',
      'userProfiles.csv',
      'enrollments.csv',
      'demographics.csv',
    ]);
    expect(files.every((f) => f.rows === 1)).toBe(true);
    expect(snapshot.users).toEqual([
      {
        sourcedId: 'USER_0',
        status: 'active',
        dateLastModified: '2023-10-02T00:00:00.000Z',
        enabledUser: true,
        orgSourcedIds: ['ORG_1'],
        role: 'student',
        username: 'brucewayne',
        givenName: 'Bruce',
        familyName: 'Wayne',
        middleName: null,
        identifier: 'bruce.wayne',
        email: null,
        grades: [],
        password: 'Batman.Ru1ez',
        agentSourcedIds: [],
      },
    ]);
    expect(snapshot.courses[0]).toMatchObject({
      title: 'Crime Fighting 101',
      subjects: ['subject1'],
      orgSourcedId: 'ORG_1',
    });
    expect(snapshot.classes[0]).toMatchObject({ courseSourcedId: 'COURSE_001', termSourcedIds: ['ACAD_SESS_1'] });
    expect(snapshot.demographics).toEqual([
      {
        sourcedId: 'USER_0',
        status: 'active',
        dateLastModified: '2023-10-02T00:00:00.000Z',
        birthDate: '2010-04-17',
        sex: null,
      },
    ]);
  });

  it('takes the primary role, the schools of every role, and tobedeleted rows', async () => {
    const roles = toCsv([
      ...parseSimpleCsv(delta.get('roles.csv')!).map((r, i) =>
        i === 1 ? r.map((c) => (c === 'primary' ? 'secondary' : c)) : r,
      ),
      ['ROLE_9', 'active', '2023-10-02T00:00:00.000Z', 'USER_0', 'primary', 'teacher', '', '', 'ORG_2', ''],
    ]);
    const orgs = delta.get('orgs.csv')! + 'ORG_2,active,2023-10-02T00:00:00.000Z,Arkham,school,,\r\n';
    const enrollments = setCell(delta.get('enrollments.csv')!, 'ENROLLMENT_001', 'status', 'tobedeleted');
    const { snapshot, errors } = await variant(delta, {
      'roles.csv': roles,
      'orgs.csv': orgs,
      'enrollments.csv': enrollments,
    });
    expect(errors).toEqual([]);
    expect(snapshot.users[0]).toMatchObject({ role: 'teacher', orgSourcedIds: ['ORG_2', 'ORG_1'] });
    expect(snapshot.enrollments[0]!.status).toBe('tobedeleted');
  });

  it('leaves out a user without any role', async () => {
    const { snapshot, errors } = await variant(delta, {
      'roles.csv': parseSimpleCsv(delta.get('roles.csv')!)[0]!.join(',') + '\r\n',
    });
    expect(errors).toContainEqual(err('users.csv', 2, 'role', 'the user has no role: roles.csv has no row for it'));
    expect(errors).toContainEqual(
      err('enrollments.csv', 2, 'userSourcedId', 'userSourcedId "USER_0" points at a row of users.csv that has errors'),
    );
    expect(snapshot.users).toEqual([]);
  });

  it('accepts references to records of earlier imports (a delta names only what changed)', async () => {
    const enrollments = setCell(delta.get('enrollments.csv')!, 'ENROLLMENT_001', 'classSourcedId', 'CLASS_FROM_BEFORE');
    const { snapshot, errors } = await variant(delta, { 'enrollments.csv': enrollments });
    expect(errors).toEqual([]);
    expect(snapshot.enrollments[0]!.classSourcedId).toBe('CLASS_FROM_BEFORE');
  });
});
