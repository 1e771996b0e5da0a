import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';

// The test OneRoster server's data: a OneRoster CSV zip (the shared fixtures) turned into OneRoster 1.1 REST JSON,
// as a district's server would serve it. Written independently of the API's CSV reader on purpose: the REST client
// is tested against data nobody here shaped to fit it.

export const COLLECTIONS = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'enrollments',
  'demographics',
] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type OneRosterJson = Record<Collection, Record<string, unknown>[]>;

type Row = Record<string, string>;

/** Every .csv entry of a small zip, parsed with its header row. */
async function readZipCsvs(zipPath: string): Promise<Map<string, Row[]>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true }, (err, z) =>
      err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
    ),
  );
  const files = new Map<string, Row[]>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('.csv')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const rows = parse<Row>(Buffer.concat(chunks), { columns: true, bom: true, skip_empty_lines: true });
          files.set(
            entry.fileName
              .replace(/\.csv$/, '')
              .split('/')
              .pop()!,
            rows,
          );
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  zip.close();
  return files;
}

const PLURAL: Record<string, string> = {
  org: 'orgs',
  academicSession: 'academicSessions',
  course: 'courses',
  class: 'classes',
  user: 'users',
};

export async function fixtureAsOneRosterJson(zipPath: string, base: string): Promise<OneRosterJson> {
  const csv = await readZipCsvs(zipPath);
  const rows = (name: string) => csv.get(name) ?? [];
  const ref = (type: string, id: string | undefined) =>
    id ? { href: `${base}/${PLURAL[type] ?? type}/${id}`, sourcedId: id, type } : null;
  const refs = (type: string, ids: string | undefined) =>
    (ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((id) => ref(type, id)!);
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const common = (r: Row) => ({
    sourcedId: r.sourcedId,
    status: r.status || 'active',
    dateLastModified: r.dateLastModified || null,
  });
  const bool = (v: string | undefined, fallback: boolean) =>
    v ? String(v.toLowerCase() === 'true') : String(fallback);

  // OneRoster 1.2 CSV keeps a user's role and schools in roles.csv; 1.1 REST has them on the user
  const roles = rows('roles');
  const primaryRole = (userId: string | undefined) =>
    roles.find((r) => r.userSourcedId === userId && r.roleType === 'primary') ??
    roles.find((r) => r.userSourcedId === userId);

  return {
    orgs: rows('orgs').map((r) => ({
      ...common(r),
      name: r.name,
      type: r.type,
      identifier: r.identifier ?? '',
      parent: ref('org', r.parentSourcedId),
      children: rows('orgs')
        .filter((c) => c.parentSourcedId === r.sourcedId)
        .map((c) => ref('org', c.sourcedId)),
    })),
    academicSessions: rows('academicSessions').map((r) => ({
      ...common(r),
      title: r.title,
      type: r.type,
      startDate: r.startDate,
      endDate: r.endDate,
      parent: ref('academicSession', r.parentSourcedId),
      schoolYear: r.schoolYear,
    })),
    courses: rows('courses').map((r) => ({
      ...common(r),
      title: r.title,
      schoolYear: ref('academicSession', r.schoolYearSourcedId),
      courseCode: r.courseCode ?? '',
      grades: list(r.grades),
      subjects: list(r.subjects),
      org: ref('org', r.orgSourcedId),
      subjectCodes: list(r.subjectCodes),
    })),
    classes: rows('classes').map((r) => ({
      ...common(r),
      title: r.title,
      classCode: r.classCode ?? '',
      classType: r.classType,
      location: r.location ?? '',
      grades: list(r.grades),
      subjects: list(r.subjects),
      course: ref('course', r.courseSourcedId),
      school: ref('org', r.schoolSourcedId),
      terms: refs('academicSession', r.termSourcedIds),
      subjectCodes: list(r.subjectCodes),
      periods: list(r.periods),
    })),
    users: rows('users').map((r) => {
      const role = primaryRole(r.sourcedId);
      return {
        ...common(r),
        username: r.username,
        userIds: [],
        enabledUser: bool(r.enabledUser, true),
        givenName: r.givenName,
        familyName: r.familyName,
        middleName: r.middleName ?? '',
        role: r.role ?? role?.role ?? '',
        identifier: r.identifier ?? '',
        email: r.email ?? '',
        sms: r.sms ?? '',
        phone: r.phone ?? '',
        agents: refs('user', r.agentSourcedIds),
        orgs: refs('org', r.orgSourcedIds ?? role?.orgSourcedId),
        grades: list(r.grades),
        password: r.password ?? '',
      };
    }),
    enrollments: rows('enrollments').map((r) => ({
      ...common(r),
      user: ref('user', r.userSourcedId),
      class: ref('class', r.classSourcedId),
      school: ref('org', r.schoolSourcedId),
      role: r.role,
      primary: bool(r.primary, false),
      beginDate: r.beginDate || null,
      endDate: r.endDate || null,
    })),
    demographics: rows('demographics').map((r) => ({
      ...common(r),
      birthDate: r.birthDate || null,
      sex: r.sex || null,
    })),
  };
}
