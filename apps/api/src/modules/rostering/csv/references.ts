import type { OneRosterUserRole, RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import { ROSTER_FILES, type Manifest, type RosterFile } from './manifest';
import type { RowTypes } from './row-parsers';

// References between the files (a class's school and course, an enrollment's class and user, ...), checked once every
// file is read, in ROSTER_FILES order so that a row whose target was left out is left out too. In a bulk archive a
// reference must find its row in the archive; in a delta it may name a record imported before, which only the
// apply step can see, so a miss is not reported here (a target whose row has errors still is).

export interface ParsedRow<T> {
  row: number;
  value: T;
}
export type ParsedFiles = { [F in RosterFile]: ParsedRow<RowTypes[F]>[] };

/** what a reference that finds nothing does: leave the row out, or drop the reference with a warning */
type Need = 'required' | 'optional';

class Checker {
  /** accepted sourcedIds per file: a file's own set is filled before its rows are checked */
  readonly valid = new Map<RosterFile, Set<string>>();
  file: RosterFile = 'orgs';
  row = 0;
  failed = false;

  constructor(
    private readonly manifest: Manifest,
    /** sourcedIds of rows left out for their own problems */
    readonly errored: Map<RosterFile, Set<string>>,
    private readonly errors: RosterRowError[],
  ) {}

  start(file: RosterFile, row: number) {
    this.file = file;
    this.row = row;
    this.failed = false;
  }

  note(column: string, message: string, severity: 'error' | 'warning') {
    if (severity === 'error') this.failed = true;
    this.errors.push({ file: `${this.file}.csv`, row: this.row, column, message, severity });
  }

  /** true when the reference may stay; `absentNote` replaces the warning's ending for a file the manifest omits */
  ref(column: string, value: string | null, target: RosterFile, need: Need, absentNote?: string): boolean {
    if (!value || this.valid.get(target)?.has(value)) return true;
    const where = `${target}.csv`;
    if (this.errored.get(target)?.has(value)) {
      this.note(column, `${column} "${value}" points at a row of ${where} that has errors`, 'error');
      return false;
    }
    if (this.manifest.mode === 'delta') return true;
    const absent = !this.manifest.files.has(target);
    const missing = absent ? `is not in ${where}, which the manifest marks absent` : `is not in ${where}`;
    if (need === 'required' && !(absent && absentNote)) {
      this.note(column, `${column} "${value}" ${missing}`, 'error');
    } else {
      this.note(
        column,
        `${column} "${value}" ${missing}; ${(absent && absentNote) || 'the reference was left out'}`,
        'warning',
      );
    }
    return false;
  }

  refs(column: string, values: string[], target: RosterFile, need: Need): string[] {
    return values.filter((v) => this.ref(column, v, target, need));
  }
}

/** Checks every reference and builds the snapshot of the rows that pass; problems are added to `errors`. */
export function linkRows(
  manifest: Manifest,
  parsed: ParsedFiles,
  errored: Map<RosterFile, Set<string>>,
  errors: RosterRowError[],
): RosterSnapshot {
  const linker = new RowLinker(manifest, parsed, errored, errors);
  linker.linkBeforeEnrollments();
  return linker.finish();
}

// files that nothing points at need no set of their ids (enrollments: a million of them)
const REFERENCED: readonly RosterFile[] = ['orgs', 'academicSessions', 'courses', 'classes', 'users'];

/**
 * linkRows in two steps, so that enrollments (read after every file they point at) can be checked row by row as
 * they are read and handed on without being kept: linkBeforeEnrollments once the files before enrollments.csv are
 * read, `enrollment` for each of its rows, `finish` once every file is read.
 */
export class RowLinker {
  private readonly c: Checker;
  private linked: Omit<RosterSnapshot, 'version' | 'mode' | 'enrollments' | 'demographics'> | null = null;

  constructor(
    private readonly manifest: Manifest,
    private readonly parsed: ParsedFiles,
    private readonly errored: Map<RosterFile, Set<string>>,
    errors: RosterRowError[],
  ) {
    this.c = new Checker(manifest, errored, errors);
  }

  private accepted<F extends RosterFile>(file: F, check: (v: RowTypes[F]) => RowTypes[F]): RowTypes[F][] {
    const { c, parsed } = this;
    const ids = new Set(REFERENCED.includes(file) ? parsed[file].map((p) => p.value.sourcedId) : []);
    c.valid.set(file, ids);
    const out: RowTypes[F][] = [];
    for (const p of parsed[file]) {
      c.start(file, p.row);
      const value = check(p.value);
      if (c.failed) {
        ids.delete(p.value.sourcedId);
        this.errored.get(file)?.add(p.value.sourcedId);
      } else out.push(value);
    }
    // users are looked up by row below; the other files' wrappers can go now
    if (file !== 'users') parsed[file].length = 0;
    return out;
  }

  /** Checks every file before enrollments.csv (their rows must all be read). */
  linkBeforeEnrollments(): void {
    const c = this.c;
    const orgs = this.accepted('orgs', (o) => ({
      ...o,
      parentSourcedId: c.ref('parentSourcedId', o.parentSourcedId, 'orgs', 'optional') ? o.parentSourcedId : null,
    }));
    const academicSessions = this.accepted('academicSessions', (s) => ({
      ...s,
      parentSourcedId: c.ref('parentSourcedId', s.parentSourcedId, 'academicSessions', 'optional')
        ? s.parentSourcedId
        : null,
    }));
    const courses = this.accepted('courses', (k) => {
      c.ref('orgSourcedId', k.orgSourcedId, 'orgs', 'required');
      const year = c.ref('schoolYearSourcedId', k.schoolYearSourcedId, 'academicSessions', 'optional');
      return { ...k, schoolYearSourcedId: year ? k.schoolYearSourcedId : null };
    });
    const classes = this.accepted('classes', (k) => {
      // a real export quirk: classes name courses the archive does not carry (file.courses=absent)
      const course = c.ref(
        'courseSourcedId',
        k.courseSourcedId,
        'courses',
        'required',
        'the class is kept without a course',
      );
      c.ref('schoolSourcedId', k.schoolSourcedId, 'orgs', 'required');
      const terms = c.refs('termSourcedIds', k.termSourcedIds, 'academicSessions', 'optional');
      return { ...k, courseSourcedId: course ? k.courseSourcedId : null, termSourcedIds: terms };
    });
    const drafts = this.accepted('users', (u) => ({
      ...u,
      orgSourcedIds: c.refs('orgSourcedIds', u.orgSourcedIds, 'orgs', 'required'),
      primaryOrgSourcedId: c.ref('primaryOrgSourcedId', u.primaryOrgSourcedId, 'orgs', 'optional')
        ? u.primaryOrgSourcedId
        : null,
      agentSourcedIds: c.refs('agentSourcedIds', u.agentSourcedIds, 'users', 'optional'),
    }));
    const roles = this.accepted('roles', (r) => {
      c.ref('userSourcedId', r.userSourcedId, 'users', 'required');
      c.ref('orgSourcedId', r.orgSourcedId, 'orgs', 'required');
      return r;
    });
    const users = withRoles(drafts, roles, this.parsed, c);
    this.parsed.users.length = 0;
    this.accepted('userProfiles', (p) => {
      c.ref('userSourcedId', p.userSourcedId, 'users', 'required');
      return p;
    });
    this.c.valid.set('enrollments', new Set());
    this.linked = { orgs, academicSessions, courses, classes, users };
  }

  /** One enrollment row, checked: true when it stays (linkBeforeEnrollments first). */
  enrollment(row: number, e: RowTypes['enrollments']): boolean {
    const c = this.c;
    c.start('enrollments', row);
    c.ref('classSourcedId', e.classSourcedId, 'classes', 'required');
    c.ref('schoolSourcedId', e.schoolSourcedId, 'orgs', 'required');
    c.ref('userSourcedId', e.userSourcedId, 'users', 'required');
    if (c.failed) this.errored.get('enrollments')?.add(e.sourcedId);
    return !c.failed;
  }

  /** The snapshot: the enrollments still in `parsed` are checked here (those handed on row by row are not in it). */
  finish(): RosterSnapshot {
    if (!this.linked) throw new Error('linkBeforeEnrollments first');
    const enrollments: RosterSnapshot['enrollments'] = [];
    for (const p of this.parsed.enrollments) if (this.enrollment(p.row, p.value)) enrollments.push(p.value);
    this.parsed.enrollments.length = 0;
    const c = this.c;
    const demographics = this.accepted('demographics', (d) => {
      c.ref('sourcedId', d.sourcedId, 'users', 'required');
      return d;
    });
    return { version: this.manifest.version, mode: this.manifest.mode, ...this.linked, enrollments, demographics };
  }
}

/**
 * 1.2: a user's role is its primary role in roles.csv (else its first), its schools those of its roles and its
 * primaryOrgSourcedId. A user with no role anywhere is left out.
 */
function withRoles(
  drafts: RowTypes['users'][],
  roles: RowTypes['roles'][],
  parsed: ParsedFiles,
  c: Checker,
): RosterSnapshot['users'] {
  const byUser = new Map<string, RowTypes['roles'][]>();
  for (const r of roles) byUser.set(r.userSourcedId, [...(byUser.get(r.userSourcedId) ?? []), r]);
  const rowOf = new Map(parsed.users.map((p) => [p.value.sourcedId, p.row]));
  const usersIds = c.valid.get('users');
  const out: RosterSnapshot['users'] = [];
  for (const { primaryOrgSourcedId, ...u } of drafts) {
    const own = (byUser.get(u.sourcedId) ?? []).sort(
      (a, b) => Number(b.roleType === 'primary') - Number(a.roleType === 'primary'),
    );
    const role: OneRosterUserRole | null = u.role ?? own[0]?.role ?? null;
    if (!role) {
      c.start('users', rowOf.get(u.sourcedId) ?? 0);
      c.note('role', 'the user has no role: roles.csv has no row for it', 'error');
      usersIds?.delete(u.sourcedId);
      c.errored.get('users')?.add(u.sourcedId);
      continue;
    }
    const orgs = [
      ...u.orgSourcedIds,
      ...(primaryOrgSourcedId ? [primaryOrgSourcedId] : []),
      ...own.map((r) => r.orgSourcedId),
    ];
    out.push({ ...u, role, orgSourcedIds: [...new Set(orgs)] });
  }
  return out;
}

/** Problems in file order (manifest first, then ROSTER_FILES, then the rest), by row within a file. */
export function sortErrors(errors: RosterRowError[]): RosterRowError[] {
  const order = ['manifest.csv', ...ROSTER_FILES.map((f) => `${f}.csv`)];
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e.file) - rank(b.e.file) || (a.e.row ?? 0) - (b.e.row ?? 0) || a.i - b.i)
    .map(({ e }) => e);
}
