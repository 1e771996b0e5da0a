// A generated district (apps/api/test/roster-fixtures.ts generateSnapshot) written as a OneRoster 1.1 CSV zip, as a
// district's export would be uploaded: the bulk archive of the full import and the delta of 1 % of the users.
import { writeFileSync } from 'node:fs';
import type { RosterSnapshot } from '@aula/domain/rostering';
import { writeZip } from '../../apps/api/test/zip-writer';

const cell = (v: string | number | boolean | null | undefined): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: string, rows: (string | number | boolean | null)[][]) =>
  [header, ...rows.map((r) => r.map(cell).join(','))].join('\r\n') + '\r\n';
const list = (v: string[]) => v.join(',');

function manifest(files: Record<string, 'bulk' | 'delta' | 'absent'>): string {
  const lines = ['propertyName,value', 'manifest.version,1.0', 'oneroster.version,1.1'];
  for (const [f, mode] of Object.entries(files)) lines.push(`file.${f},${mode}`);
  return lines.join('\r\n') + '\r\n';
}

const usersCsv = (users: RosterSnapshot['users']) =>
  csv(
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
    users.map((u) => [
      u.sourcedId,
      u.status === 'tobedeleted' ? 'tobedeleted' : '',
      '',
      u.enabledUser ? 'TRUE' : 'FALSE',
      list(u.orgSourcedIds),
      u.role,
      u.username,
      '',
      u.givenName,
      u.familyName,
      u.middleName,
      u.identifier,
      u.email,
      '',
      '',
      '',
      list(u.grades),
      '',
    ]),
  );

/** The bulk archive of the whole snapshot; returns its inflated size in bytes. */
export function writeBulkZip(s: RosterSnapshot, file: string): number {
  const files = new Map<string, string>();
  files.set(
    'manifest.csv',
    manifest({
      academicSessions: 'bulk',
      orgs: 'bulk',
      courses: 'bulk',
      classes: 'bulk',
      users: 'bulk',
      enrollments: 'bulk',
      demographics: 'absent',
    }),
  );
  files.set(
    'orgs.csv',
    csv(
      'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
      s.orgs.map((o) => [o.sourcedId, '', '', o.name, o.type, o.identifier, o.parentSourcedId]),
    ),
  );
  files.set(
    'academicSessions.csv',
    csv(
      'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
      s.academicSessions.map((a) => [
        a.sourcedId,
        '',
        '',
        a.title,
        a.type,
        a.startDate,
        a.endDate,
        a.parentSourcedId,
        a.schoolYear,
      ]),
    ),
  );
  files.set(
    'courses.csv',
    csv(
      'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
      s.courses.map((c) => [
        c.sourcedId,
        '',
        '',
        c.schoolYearSourcedId,
        c.title,
        c.courseCode,
        list(c.grades),
        c.orgSourcedId,
        list(c.subjects),
        '',
      ]),
    ),
  );
  files.set(
    'classes.csv',
    csv(
      'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
      s.classes.map((c) => [
        c.sourcedId,
        '',
        '',
        c.title,
        list(c.grades),
        c.courseSourcedId,
        c.classCode,
        c.classType,
        c.location,
        c.schoolSourcedId,
        list(c.termSourcedIds),
        list(c.subjects),
        '',
        list(c.periods),
      ]),
    ),
  );
  files.set('users.csv', usersCsv(s.users));
  files.set(
    'enrollments.csv',
    csv(
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
      s.enrollments.map((e) => [
        e.sourcedId,
        '',
        '',
        e.classSourcedId,
        e.schoolSourcedId,
        e.userSourcedId,
        e.role,
        e.primary ? 'TRUE' : 'FALSE',
        e.beginDate,
        e.endDate,
      ]),
    ),
  );
  const inflated = [...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
  writeFileSync(file, writeZip([...files].map(([name, data]) => ({ name, data }))));
  return inflated;
}

/** A delta archive of users.csv alone (the changed users). */
export function writeUsersDeltaZip(users: RosterSnapshot['users'], file: string): void {
  const m = manifest({
    academicSessions: 'absent',
    orgs: 'absent',
    courses: 'absent',
    classes: 'absent',
    users: 'delta',
    enrollments: 'absent',
    demographics: 'absent',
  });
  writeFileSync(
    file,
    writeZip([
      { name: 'manifest.csv', data: m },
      { name: 'users.csv', data: usersCsv(users) },
    ]),
  );
}
