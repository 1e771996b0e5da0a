import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import type { CleverCollections } from './clever-client';
import { mapOneRosterJson, type OneRosterCollections } from './oneroster-map';

// Clever v3.0 -> RosterSnapshot (issue 17 item 4). Clever's records are rewritten as the OneRoster 1.1 JSON they
// correspond to and go through the same mapper, so the same rows are refused for the same reasons: schools are orgs
// of type school, sections are classes, teachers and students are users, and each section's students[] and
// teachers[] are its enrollments. Clever ids are the sourcedIds. docs/rostering-sources.md.

type Obj = Record<string, unknown>;

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null;
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((x): x is string => !!x) : []);
const one = (v: unknown): string[] => {
  const s = str(v);
  return s ? [s] : [];
};

function school(o: Obj): Obj {
  return {
    sourcedId: o.id,
    status: 'active',
    dateLastModified: o.last_modified ?? null,
    name: o.name,
    type: 'school',
    identifier: str(o.school_number) ?? str(o.sis_id),
  };
}

function section(o: Obj): Obj {
  return {
    sourcedId: o.id,
    status: 'active',
    dateLastModified: o.last_modified ?? null,
    title: o.name,
    classCode: str(o.section_number) ?? str(o.sis_id),
    classType: 'scheduled',
    school: o.school,
    grades: one(o.grade),
    subjects: one(o.subject),
    periods: one(o.period),
  };
}

function user(o: Obj, role: 'teacher' | 'student'): Obj {
  const name = (o.name && typeof o.name === 'object' ? o.name : {}) as Obj;
  const roles = (o.roles && typeof o.roles === 'object' ? o.roles : {}) as Obj;
  const r = (roles[role] && typeof roles[role] === 'object' ? roles[role] : {}) as Obj;
  const credentials = (r.credentials && typeof r.credentials === 'object' ? r.credentials : {}) as Obj;
  const schools = ids(r.schools);
  const email = str(o.email);
  return {
    sourcedId: o.id,
    status: 'active',
    dateLastModified: o.last_modified ?? null,
    enabledUser: true,
    orgs: schools.length > 0 ? schools : one(r.school),
    role,
    // Aula needs a username; Clever has one for students only (district_username)
    username: str(credentials.district_username) ?? email ?? str(o.id),
    givenName: name.first,
    familyName: name.last,
    middleName: str(name.middle),
    identifier: str(r.sis_id) ?? str(role === 'student' ? r.student_number : r.teacher_number),
    email,
    grades: role === 'student' ? one(r.grade) : [],
  };
}

function enrollments(sections: Obj[]): Obj[] {
  const out: Obj[] = [];
  for (const s of sections) {
    const primary = str(s.teacher);
    for (const [role, list] of [
      ['teacher', ids(s.teachers)],
      ['student', ids(s.students)],
    ] as const)
      for (const userId of new Set(list))
        out.push({
          sourcedId: `${str(s.id)}:${userId}`,
          status: 'active',
          class: s.id,
          school: s.school,
          user: userId,
          role,
          primary: role === 'teacher' && userId === primary,
        });
  }
  return out;
}

/** What a row error names: Clever's collection, not the OneRoster one it was rewritten as. */
const FILES: Record<string, string> = { orgs: 'schools', classes: 'sections', users: 'users', enrollments: 'sections' };

export function mapCleverJson(raw: CleverCollections): { snapshot: RosterSnapshot; errors: RosterRowError[] } {
  const collections: OneRosterCollections = {
    orgs: raw.schools.map(school),
    academicSessions: [],
    courses: [],
    classes: raw.sections.map(section),
    users: [...raw.teachers.map((u) => user(u, 'teacher')), ...raw.students.map((u) => user(u, 'student'))],
    enrollments: enrollments(raw.sections),
    demographics: [],
  };
  const mapped = mapOneRosterJson(collections);
  const errors = mapped.errors.map((e) => ({
    ...e,
    file: FILES[e.file] ?? e.file,
    // an enrollment is one id in a section's lists, not a row Clever sent
    row: e.file === 'enrollments' ? null : e.row,
  }));
  return { snapshot: mapped.snapshot, errors };
}
