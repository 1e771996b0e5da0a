// bench/roster-read: the OneRoster CSV reader (apps/api rostering/csv/read-zip.ts) on a generated district. Figures
// only; nothing is asserted. A 1.1 bulk archive of BENCH_SCHOOLS (100) schools, BENCH_STUDENTS (50,000) students,
// BENCH_TEACHERS (2,500) teachers, BENCH_CLASSES (5,000) classes and BENCH_ENROLLMENTS (250,000) enrollments is
// written to a temporary folder; a fresh Node process (read.ts) reads it and reports its time and peak resident
// memory, so the figure is the reader's alone. The archive's own and inflated sizes are printed beside it: a peak
// well under the inflated size shows the archive is streamed (what stays is the snapshot's rows).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeZip } from '../../apps/api/test/zip-writer';

const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCHOOLS = n('BENCH_SCHOOLS', 100);
const STUDENTS = n('BENCH_STUDENTS', 50_000);
const TEACHERS = n('BENCH_TEACHERS', 2_500);
const CLASSES = n('BENCH_CLASSES', 5_000);
const ENROLLMENTS = n('BENCH_ENROLLMENTS', 250_000);

function csv(header: string, rows: Iterable<string>): string {
  const out = [header];
  for (const r of rows) out.push(r);
  return out.join('\r\n') + '\r\n';
}

function* range(count: number) {
  for (let i = 0; i < count; i++) yield i;
}

function files(): Map<string, string> {
  const school = (i: number) => `sch-${i % SCHOOLS}`;
  const manifest = [
    'propertyName,value',
    'manifest.version,1.0',
    'oneroster.version,1.1',
    'file.academicSessions,bulk',
    'file.orgs,bulk',
    'file.courses,bulk',
    'file.classes,bulk',
    'file.users,bulk',
    'file.enrollments,bulk',
    'file.demographics,absent',
  ].join('\r\n');
  const m = new Map<string, string>();
  m.set('manifest.csv', manifest + '\r\n');
  m.set(
    'orgs.csv',
    csv('sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId', [
      'dist-1,,,Bench District,district,,',
      ...[...range(SCHOOLS)].map((i) => `sch-${i},,,School ${i},school,S${i},dist-1`),
    ]),
  );
  m.set(
    'academicSessions.csv',
    csv('sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear', [
      'year-1,,,2026-2027,schoolYear,2026-08-01,2027-06-30,,2027',
      'term-1,,,Fall,term,2026-08-01,2026-12-20,year-1,2027',
    ]),
  );
  m.set(
    'courses.csv',
    csv(
      'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
      [...range(CLASSES / 10)].map((i) => `crs-${i},,,year-1,Course ${i},C${i},"09,10",${school(i)},science,`),
    ),
  );
  m.set(
    'classes.csv',
    csv(
      'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
      [...range(CLASSES)].map(
        (i) =>
          `cls-${i},,,Class ${i},09,crs-${Math.floor(i / 10)},K${i},scheduled,Room ${i % 40},${school(Math.floor(i / 10))},term-1,science,,1`,
      ),
    ),
  );
  const users = [...range(TEACHERS)].map(
    (i) => `t-${i},,,TRUE,${school(i)},teacher,teacher${i},,Teacher,Number${i},,T${i},teacher${i}@bench.test,,,,,`,
  );
  for (const i of range(STUDENTS))
    users.push(`s-${i},,,TRUE,${school(i)},student,student${i},,Student,Number${i},,S${i},,,,,09,`);
  m.set(
    'users.csv',
    csv(
      'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
      users,
    ),
  );
  m.set(
    'enrollments.csv',
    csv(
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
      [...range(ENROLLMENTS)].map((i) => {
        const cls = i % CLASSES;
        const teacher = i < CLASSES;
        const user = teacher ? `t-${cls % TEACHERS}` : `s-${i % STUDENTS}`;
        return `enr-${i},,,cls-${cls},${school(Math.floor(cls / 10))},${user},${teacher ? 'teacher' : 'student'},${teacher},2026-08-01,`;
      }),
    ),
  );
  return m;
}

const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'aula-bench-roster-'));
try {
  const zipPath = path.join(dir, 'district.zip');
  const generated = files();
  const inflated = [...generated.values()].reduce((s, t) => s + Buffer.byteLength(t), 0);
  writeFileSync(zipPath, writeZip([...generated].map(([name, data]) => ({ name, data }))));
  generated.clear();
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `archive ${mb(statSync(zipPath).size)} compressed, ${mb(inflated)} inflated: ${SCHOOLS} schools, ` +
      `${STUDENTS + TEACHERS} users, ${CLASSES} classes, ${ENROLLMENTS} enrollments`,
  );
  const reader = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', reader, zipPath], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
}
