import { ONEROSTER_ROLE_MAP } from '@aula/domain/roster-queue';
import type { RosterSnapshot } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';
import type { LogEntry } from './queue.repo';
import { loadExisting, loadTakenIdentities, type ExistingRecord } from './roster-existing.repo';
import { planUsers } from './roster-plan-users';
import { diffEntity, summarise, type DesiredRecord, type PlannedChange, type PlanSummary } from './roster-diff';

export interface RosterPlan {
  /** every entity type but enrollments, which are diffed in SQL (roster-enrollments.repo.ts) */
  changes: PlannedChange[];
  logs: LogEntry[];
  summary: PlanSummary;
  /** sourcedIds of the classes and users live once the import is applied (what an enrollment may point at) */
  live: { classIds: string[]; userIds: string[] };
}

// not push(...more): a district's list is past the arguments a call can take
const append = <T>(to: T[], more: T[]) => {
  for (const m of more) to.push(m);
};
const join = (v: string[]): string | null => (v.length === 0 ? null : v.join(', '));
const SESSION_TYPES: Record<string, string> = { schoolYear: 'full_year', semester: 'semester' };

// The diff of a snapshot against what the account holds (issue 16 items 3 and 6): per entity type, what would be
// created, updated (field old -> new) and disabled or deleted. bulk: every live rostered row the snapshot lacks is
// disabled; delta: only rows marked tobedeleted are. Rows are matched by sourcedId within the account, so importing
// the same snapshot twice plans nothing the second time.

// What will be live after the import: in bulk only what the snapshot keeps, in delta also what is live now.
const liveIds = (existing: ExistingRecord[], mode: RosterSnapshot['mode']) =>
  new Set(mode === 'bulk' ? [] : existing.filter((e) => e.live).map((e) => e.sourcedId));
const addKept = (known: Set<string>, desired: DesiredRecord[]) => {
  for (const d of desired) {
    if (d.remove) known.delete(d.sourcedId);
    else known.add(d.sourcedId);
  }
};

/**
 * The plan of every entity type but enrollments, in the order an import applies them, with the log of rows left
 * out. It does not read the snapshot's enrollments (the apply does not load them).
 */
export async function planRoster(db: DbOrTx, accountId: number, s: RosterSnapshot): Promise<RosterPlan> {
  const logs: LogEntry[] = [];
  const warn = (file: string, column: string | null, message: string, level: LogEntry['level'] = 'warning') =>
    logs.push({ level, file, row: null, column, message });
  const changes: PlannedChange[] = [];
  const removed = (st: string) => st === 'tobedeleted';

  // orgs: schools only (the district is the account itself; states and nations are not Aula rows). An org that
  // classes name as their school is one, whatever its type: real exports (the OneRoster sample set) put classes in
  // a 'department'.
  const orgsExisting = await loadExisting(db, accountId, 'orgs');
  const namedAsSchool = new Set(s.classes.map((c) => c.schoolSourcedId));
  for (const o of s.orgs) {
    if (o.type !== 'school' && namedAsSchool.has(o.sourcedId))
      warn(
        'orgs.csv',
        'type',
        `Org ${o.sourcedId} has type ${o.type} but classes name it as their school; imported as a school`,
      );
  }
  const orgs: DesiredRecord[] = s.orgs
    .filter((o) => o.type === 'school' || namedAsSchool.has(o.sourcedId))
    .map((o) => ({
      sourcedId: o.sourcedId,
      label: o.name,
      remove: removed(o.status),
      fields: { name: o.name, identifier: o.identifier, live: true },
    }));
  append(changes, diffEntity('orgs', orgsExisting, orgs, s.mode));
  const schools = liveIds(orgsExisting, s.mode);
  addKept(schools, orgs);

  const sessionsExisting = await loadExisting(db, accountId, 'academicSessions');
  const sessions: DesiredRecord[] = [];
  for (const a of s.academicSessions) {
    if (!removed(a.status) && a.endDate < a.startDate) {
      warn('academicSessions.csv', 'endDate', `Session ${a.sourcedId} ends before it starts; left out`, 'error');
      continue;
    }
    sessions.push({
      sourcedId: a.sourcedId,
      label: a.title,
      remove: removed(a.status),
      fields: {
        title: a.title,
        type: SESSION_TYPES[a.type] ?? 'custom',
        start_date: a.startDate,
        end_date: a.endDate,
        school_year: a.schoolYear,
        live: true,
      },
    });
  }
  append(changes, diffEntity('academicSessions', sessionsExisting, sessions, s.mode));
  const terms = liveIds(sessionsExisting, s.mode);
  addKept(terms, sessions);

  const coursesExisting = await loadExisting(db, accountId, 'courses');
  const courses: DesiredRecord[] = s.courses.map((c) => ({
    sourcedId: c.sourcedId,
    label: c.title,
    remove: removed(c.status),
    fields: {
      title: c.title,
      course_code: c.courseCode,
      org: c.orgSourcedId && schools.has(c.orgSourcedId) ? c.orgSourcedId : null,
      live: true,
    },
  }));
  append(changes, diffEntity('courses', coursesExisting, courses, s.mode));
  const courseIds = liveIds(coursesExisting, s.mode);
  addKept(courseIds, courses);

  const classesExisting = await loadExisting(db, accountId, 'classes');
  const classes: DesiredRecord[] = [];
  for (const c of s.classes) {
    if (!removed(c.status) && !schools.has(c.schoolSourcedId)) {
      warn(
        'classes.csv',
        'schoolSourcedId',
        `Class ${c.sourcedId} points at an unknown school ${c.schoolSourcedId}; left out`,
        'error',
      );
      continue;
    }
    classes.push({
      sourcedId: c.sourcedId,
      label: c.title,
      remove: removed(c.status),
      fields: {
        title: c.title,
        school: c.schoolSourcedId,
        course: c.courseSourcedId && courseIds.has(c.courseSourcedId) ? c.courseSourcedId : null,
        term: c.termSourcedIds.find((t) => terms.has(t)) ?? null,
        periods: join(c.periods),
        grades: join(c.grades),
        subject: join(c.subjects),
        live: true,
      },
    });
  }
  append(changes, diffEntity('classes', classesExisting, classes, s.mode));
  const classIds = liveIds(classesExisting, s.mode);
  addKept(classIds, classes);

  const usersExisting = await loadExisting(db, accountId, 'users');
  const lower = (v: string | null) => (v ? [v.toLowerCase()] : []);
  const taken = await loadTakenIdentities(
    db,
    s.users.flatMap((u) => lower(u.email)),
    s.users.flatMap((u) => lower(u.username)),
  );
  const users = planUsers(s, { accountId, existing: usersExisting, taken, schools, warn, roleMap: ONEROSTER_ROLE_MAP });
  append(changes, users.changes);
  const userIds = liveIds(usersExisting, s.mode);
  for (const u of users.kept) userIds.add(u);

  // enrollments are diffed in SQL against these (roster-enrollments.repo.ts)
  return { changes, logs, summary: summarise(changes), live: { classIds: [...classIds], userIds: [...userIds] } };
}
