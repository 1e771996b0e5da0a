import {
  CLASS_SETTING_KINDS,
  CLASS_SUMMARY_DEFAULT_DAYS,
  ROSTERED_CLASS_FIELDS,
  classSettingValue,
  effectiveClassSetting,
  type ClassListFilter,
  type ClassSettingInput,
  type ClassSettingKind,
  type ClassSettingValue,
  type ClassSummaryInput,
  type ClassUpdateInput,
  type ClassUsersFilter,
  type EffectiveClassSetting,
} from '@aula/domain/classes';
import { DEFAULT_ACCOUNT_SETTINGS } from '@aula/domain/tenancy';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findAccountInScope, listAccountSettings } from '../accounts/accounts.repo';
import { findOrganizationInScope } from '../activities/activities.repo';
import { insertAuditEntry } from '../audit/audit.repo';
import { groupVisible } from '../groups/group-scope.repo';
import { findGroup } from '../groups/groups.repo';
import { classScopeOf, type ClassScope } from './class-scope.repo';
import * as repo from './classes.repo';

// Classes (issue 5 item 1; 001 section 7 "Classrooms"). Classes come from rostering (another issue); here they are
// listed, read, renamed (custom title), given a primary teacher and settings, and summarised.

/** The subject of a list under another page: /accounts/:id/classes, /organizations/:id/classes, ... */
export type ClassListSubject = 'account' | 'organization' | 'teacher' | 'student' | 'group';

async function requireClass(db: DbOrTx, scope: ClassScope, id: number): Promise<repo.ClassListRow> {
  const found = await repo.findClass(db, scope, id);
  if (!found) throw new NotFoundError();
  return found;
}

/**
 * The subject of a scoped list must be one the caller may see (404 otherwise, as if it did not exist); its filter
 * then narrows the caller's own visible rows. Shared with the groups lists.
 */
export async function subjectFilter(
  db: DbOrTx,
  scope: ClassScope,
  subject: ClassListSubject | 'class',
  id: number,
): Promise<Record<string, number>> {
  switch (subject) {
    case 'account':
      if (!(await findAccountInScope(db, scope.tenant, id))) throw new NotFoundError();
      return { account_id: id };
    case 'organization':
      if (!(await findOrganizationInScope(db, scope.tenant, id))) throw new NotFoundError();
      return { organization_id: id };
    case 'teacher':
    case 'student':
      if (!(await repo.findReachableUser(db, scope, subject, id))) throw new NotFoundError();
      return { [`${subject}_id`]: id };
    case 'group':
      if (!(await findGroup(db, groupVisible(scope, 'all'), id))) throw new NotFoundError();
      return { group_id: id };
    case 'class':
      await requireClass(db, scope, id);
      return { class_id: id };
  }
}

export async function listClasses(
  deps: Deps,
  auth: AuthContext,
  f: ClassListFilter,
  subject?: { kind: ClassListSubject; id: number },
) {
  const scope = classScopeOf(auth);
  const narrow = subject ? await subjectFilter(deps.db, scope, subject.kind, subject.id) : {};
  return repo.listClasses(deps.db, scope, { ...f, ...narrow });
}

/** "My list": the classes the caller belongs to (for a teacher, the classes they teach; as GET /my's classes). */
export async function listMyClasses(deps: Deps, auth: AuthContext, f: ClassListFilter) {
  return repo.listClasses(deps.db, classScopeOf(auth), { ...f, member_id: auth.user.id });
}

export async function getClass(deps: Deps, auth: AuthContext, id: number) {
  return requireClass(deps.db, classScopeOf(auth), id);
}

export async function listClassUsers(deps: Deps, auth: AuthContext, id: number, f: ClassUsersFilter) {
  const c = await requireClass(deps.db, classScopeOf(auth), id);
  return repo.listClassUsers(deps.db, c.id, f);
}

export async function updateClass(deps: Deps, auth: AuthContext, id: number, input: ClassUpdateInput, ip: string) {
  const scope = classScopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const before = await requireClass(tx, scope, id);
    // a rostered class's title, periods, grades and subject are the roster's; the custom title is the teacher's own
    if (before.sourcedId !== null) {
      const field = ROSTERED_CLASS_FIELDS.find((f) => input[f] !== undefined && input[f] !== before[f]);
      if (field) throw ValidationError.field(field, 'errors.classes.rostered', {}, true);
    }
    if (input.primary_teacher_id !== undefined) {
      const teachers = await repo.classMemberIds(tx, id, 'teacher');
      if (!teachers.includes(input.primary_teacher_id))
        throw ValidationError.field('primary_teacher_id', 'errors.classes.notATeacherOfClass', {}, true);
      await repo.setPrimaryTeacher(tx, id, input.primary_teacher_id);
    }
    const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
    const changes = {
      ...(input.custom_title !== undefined ? { customTitle: blankToNull(input.custom_title) } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.periods !== undefined ? { periods: blankToNull(input.periods) } : {}),
      ...(input.grades !== undefined ? { grades: blankToNull(input.grades) } : {}),
      ...(input.subject !== undefined ? { subject: blankToNull(input.subject) } : {}),
    };
    if (Object.keys(changes).length > 0) await repo.updateClass(tx, id, changes);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'class.updated',
      entityType: 'class',
      entityId: id,
      ip,
      details: { before: { custom_title: before.customTitle, title: before.title, periods: before.periods }, input },
    });
    return requireClass(tx, scope, id);
  });
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The class summary (002 section 3): the class with its primary teacher, each student with their stats for a date
 * range (default the last 30 days up to today, UTC), the lab groups total and how many students are assigned.
 */
export async function getClassSummary(deps: Deps, auth: AuthContext, id: number, input: ClassSummaryInput) {
  const c = await requireClass(deps.db, classScopeOf(auth), id);
  const today = todayUtc();
  const end = input.end_date ?? (input.start_date && input.start_date > today ? input.start_date : today);
  const start = input.start_date ?? daysBefore(end, CLASS_SUMMARY_DEFAULT_DAYS - 1);
  const [students, labGroupsTotal, studentsAssigned] = await Promise.all([
    repo.classStudentStats(deps.db, c, { from: start, to: end }),
    repo.countLabGroups(deps.db, c.id),
    repo.countStudentsAssigned(deps.db, c),
  ]);
  const active = students.filter((s) => s.attempts_started > 0 || s.attempts_submitted > 0).length;
  return {
    class: c,
    studentStats: { date: today, start_date: start, end_date: end, total: students.length, active },
    students,
    labGroupsTotal,
    studentsAssigned,
  };
}

// ---- settings ----

async function accountValues(db: DbOrTx, accountId: number): Promise<Record<ClassSettingKind, ClassSettingValue>> {
  const stored = new Map((await listAccountSettings(db, accountId)).map((s) => [s.setting, s.value]));
  const out = {} as Record<ClassSettingKind, ClassSettingValue>;
  for (const kind of CLASS_SETTING_KINDS) {
    out[kind] = classSettingValue({ [kind]: stored.get(kind) }, kind) ?? DEFAULT_ACCOUNT_SETTINGS[kind];
  }
  return out;
}

function effectiveSettings(
  account: Record<ClassSettingKind, ClassSettingValue>,
  classSettings: Record<string, unknown>,
): EffectiveClassSetting[] {
  return CLASS_SETTING_KINDS.map((kind) =>
    effectiveClassSetting(kind, account[kind], classSettingValue(classSettings, kind)),
  );
}

/** What applies to a class for one setting (lab groups need it on). */
export async function classSettingEnabled(db: DbOrTx, c: repo.ClassRow, kind: ClassSettingKind): Promise<boolean> {
  const account = await accountValues(db, c.accountId);
  return effectiveClassSetting(kind, account[kind], classSettingValue(c.settings, kind)).value.enabled;
}

export async function getClassSettings(deps: Deps, auth: AuthContext, id: number) {
  const c = await requireClass(deps.db, classScopeOf(auth), id);
  return effectiveSettings(await accountValues(deps.db, c.accountId), c.settings);
}

/** Saves a batch of class settings, all or nothing. A setting the district has off cannot be switched on here. */
export async function saveClassSettings(
  deps: Deps,
  auth: AuthContext,
  id: number,
  settings: ClassSettingInput[],
  ip: string,
) {
  const scope = classScopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const c = await requireClass(tx, scope, id);
    const account = await accountValues(tx, c.accountId);
    const next: Record<string, unknown> = { ...c.settings };
    for (const [i, s] of settings.entries()) {
      if (s.value?.enabled && !account[s.setting].enabled)
        throw ValidationError.field(`settings.${i}.value`, 'errors.classes.settingOffForAccount', {}, true);
      if (s.value === null) delete next[s.setting];
      else next[s.setting] = s.value;
    }
    await repo.updateClass(tx, id, { settings: next });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: c.accountId,
      action: 'class.settings.updated',
      entityType: 'class',
      entityId: id,
      ip,
      details: { before: c.settings, after: next },
    });
    return effectiveSettings(account, next);
  });
}
