import {
  ONEROSTER_USER_ROLES,
  emptyRosterSnapshot,
  type OneRosterUserRole,
  type RosterRowError,
  type RosterSnapshot,
} from '@aula/domain/rostering';

// OneRoster 1.1 REST JSON -> RosterSnapshot. References arrive as { sourcedId, type, href } objects (or, from some
// servers, bare ids); lists as arrays (or comma strings); booleans as "true"/"false". A row that cannot be used is
// left out with an error naming the collection, its 1-based position in the collection and the field.

export type OneRosterCollections = Record<
  'orgs' | 'academicSessions' | 'courses' | 'classes' | 'users' | 'enrollments' | 'demographics',
  unknown[]
>;

type Obj = Record<string, unknown>;

class RowProblem extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null;
const need = (o: Obj, field: string): string => {
  const v = str(o[field]);
  if (v === null) throw new RowProblem(field, `${field} is required`);
  return v;
};
const refId = (v: unknown): string | null => (v && typeof v === 'object' ? str((v as Obj).sourcedId) : str(v));
const refIds = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(refId) : typeof v === 'string' ? v.split(',').map(str) : []).filter(
    (x): x is string => !!x,
  );
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(str) : typeof v === 'string' ? v.split(',').map(str) : []).filter((x): x is string => !!x);
const date = (o: Obj, field: string, required: boolean): string | null => {
  const v = str(o[field]);
  if (v === null) {
    if (required) throw new RowProblem(field, `${field} is required`);
    return null;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v)))
    throw new RowProblem(field, `${field} is not a date`);
  return v.slice(0, 10);
};

export function mapOneRosterJson(raw: OneRosterCollections): { snapshot: RosterSnapshot; errors: RosterRowError[] } {
  const snapshot = emptyRosterSnapshot('1.1', 'bulk');
  const errors: RosterRowError[] = [];
  // each mapped row's 1-based position in what the server sent
  const rowOf = new Map<object, number>();

  function each<T>(file: keyof OneRosterCollections, rows: unknown[], map: (o: Obj) => T, into: T[]) {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const at = { file, row: i + 1 };
      try {
        if (!row || typeof row !== 'object') throw new RowProblem('sourcedId', 'not an object');
        const o = row as Obj;
        const id = need(o, 'sourcedId');
        if (seen.has(id)) throw new RowProblem('sourcedId', `duplicate sourcedId ${id}`);
        seen.add(id);
        const mapped = map(o);
        rowOf.set(mapped as object, i + 1);
        into.push(mapped);
      } catch (err) {
        if (!(err instanceof RowProblem)) throw err;
        errors.push({ ...at, column: err.column, message: err.message, severity: 'error' });
      }
    });
  }
  const base = (o: Obj) => {
    const status = str(o.status) ?? 'active';
    if (status !== 'active' && status !== 'tobedeleted') throw new RowProblem('status', `unknown status ${status}`);
    return {
      sourcedId: need(o, 'sourcedId'),
      status,
      dateLastModified: str(o.dateLastModified),
    };
  };

  each(
    'orgs',
    raw.orgs,
    (o) => ({
      ...base(o),
      name: need(o, 'name'),
      type: need(o, 'type'),
      identifier: str(o.identifier),
      parentSourcedId: refId(o.parent),
    }),
    snapshot.orgs,
  );
  each(
    'academicSessions',
    raw.academicSessions,
    (o) => {
      const year = Number(str(o.schoolYear));
      if (!Number.isInteger(year) || year < 1900 || year > 3000)
        throw new RowProblem('schoolYear', 'schoolYear is not a year');
      return {
        ...base(o),
        title: need(o, 'title'),
        type: need(o, 'type'),
        startDate: date(o, 'startDate', true)!,
        endDate: date(o, 'endDate', true)!,
        parentSourcedId: refId(o.parent),
        schoolYear: year,
      };
    },
    snapshot.academicSessions,
  );
  each(
    'courses',
    raw.courses,
    (o) => ({
      ...base(o),
      title: need(o, 'title'),
      courseCode: str(o.courseCode),
      orgSourcedId: refId(o.org),
      schoolYearSourcedId: refId(o.schoolYear),
      grades: list(o.grades),
      subjects: list(o.subjects),
    }),
    snapshot.courses,
  );
  each(
    'classes',
    raw.classes,
    (o) => {
      const school = refId(o.school);
      if (!school) throw new RowProblem('school', 'school is required');
      return {
        ...base(o),
        title: need(o, 'title'),
        courseSourcedId: refId(o.course),
        classCode: str(o.classCode),
        classType: str(o.classType),
        location: str(o.location),
        schoolSourcedId: school,
        termSourcedIds: refIds(o.terms),
        grades: list(o.grades),
        subjects: list(o.subjects),
        periods: list(o.periods),
      };
    },
    snapshot.classes,
  );
  each(
    'users',
    raw.users,
    (o) => {
      const role = need(o, 'role');
      if (!(ONEROSTER_USER_ROLES as readonly string[]).includes(role))
        throw new RowProblem('role', `unknown role ${role}`);
      const enabled =
        str(o.enabledUser)?.toLowerCase() ?? (typeof o.enabledUser === 'boolean' ? String(o.enabledUser) : 'true');
      if (enabled !== 'true' && enabled !== 'false')
        throw new RowProblem('enabledUser', 'enabledUser is not true or false');
      return {
        ...base(o),
        enabledUser: enabled === 'true',
        orgSourcedIds: refIds(o.orgs),
        role: role as OneRosterUserRole,
        username: need(o, 'username'),
        givenName: need(o, 'givenName'),
        familyName: need(o, 'familyName'),
        middleName: str(o.middleName),
        identifier: str(o.identifier),
        email: str(o.email),
        grades: list(o.grades),
        password: str(o.password),
        agentSourcedIds: refIds(o.agents),
      };
    },
    snapshot.users,
  );
  each(
    'enrollments',
    raw.enrollments,
    (o) => {
      const ids = { class: refId(o.class), school: refId(o.school), user: refId(o.user) };
      for (const [k, v] of Object.entries(ids)) if (!v) throw new RowProblem(k, `${k} is required`);
      const primary = str(o.primary)?.toLowerCase() ?? (o.primary === true ? 'true' : 'false');
      return {
        ...base(o),
        classSourcedId: ids.class!,
        schoolSourcedId: ids.school!,
        userSourcedId: ids.user!,
        role: need(o, 'role'),
        primary: primary === 'true',
        beginDate: date(o, 'beginDate', false),
        endDate: date(o, 'endDate', false),
      };
    },
    snapshot.enrollments,
  );
  each(
    'demographics',
    raw.demographics,
    (o) => ({ ...base(o), birthDate: date(o, 'birthDate', false), sex: str(o.sex) }),
    snapshot.demographics,
  );
  dropDangling(snapshot, errors, rowOf);
  return { snapshot, errors };
}

/**
 * Classes and enrollments that point at nothing this read returned are left out, each with an error; a class whose
 * course is missing is kept with a warning.
 */
function dropDangling(s: RosterSnapshot, errors: RosterRowError[], rowOf: Map<object, number>) {
  const ids = <T extends { sourcedId: string }>(rows: T[]) => new Set(rows.map((r) => r.sourcedId));
  const orgs = ids(s.orgs);
  const classes = ids(s.classes);
  const users = ids(s.users);
  const courses = ids(s.courses);
  s.classes = s.classes.filter((c) => {
    // real exports name courses they do not send (SOURCE.txt of the fixtures): kept, with the course noted
    if (c.courseSourcedId && !courses.has(c.courseSourcedId))
      errors.push({
        file: 'classes',
        row: rowOf.get(c) ?? null,
        column: 'course',
        message: `course ${c.courseSourcedId} is not among the courses`,
        severity: 'warning',
      });
    if (orgs.has(c.schoolSourcedId)) return true;
    errors.push({
      file: 'classes',
      row: rowOf.get(c) ?? null,
      column: 'school',
      message: `school ${c.schoolSourcedId} is not among the orgs`,
      severity: 'error',
    });
    classes.delete(c.sourcedId);
    return false;
  });
  s.enrollments = s.enrollments.filter((e) => {
    const missing = !classes.has(e.classSourcedId) ? 'class' : !users.has(e.userSourcedId) ? 'user' : null;
    if (!missing) return true;
    const id = missing === 'class' ? e.classSourcedId : e.userSourcedId;
    errors.push({
      file: 'enrollments',
      row: rowOf.get(e) ?? null,
      column: missing,
      message: `${missing} ${id} is not among the ${missing === 'class' ? 'classes' : 'users'}`,
      severity: 'error',
    });
    return false;
  });
}
