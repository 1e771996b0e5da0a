import { passwordEqualsEmail } from '@aula/domain/auth';
import { LANGUAGES, languageFromNumber } from '@aula/domain/languages';
import {
  DEFAULT_STUDENT_SETTINGS,
  STUDENT_SETTINGS,
  type StudentActivitiesFilter,
  type StudentListFilter,
  type StudentSetting,
  type StudentSettings,
} from '@aula/domain/people';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { insertAuditEntry } from '../audit/audit.repo';
import { revokeUserSessions, updateUserPassword, upsertUserSetting } from '../auth/auth.repo';
import { endSessions } from '../auth/auth.service';
import * as repo from './students.repo';

// Students as staff see them (001 section 7: list and my list, profile, password, settings; 002 section 7: a
// student's activities). Every call needs 'student' view (the guard); which students a caller reaches is
// repo.studentInReach. Setting a password or a setting is part of looking after a student the caller reaches, so it
// needs no more than view (docs/people.md).

export type StudentRow = repo.UserRow;
export type StudentWithRelations = StudentRow & { relations?: repo.Relations };

/** The caller's reach: a teacher (no organization context) reaches the students of their own classes. */
export function reachOf(auth: AuthContext): repo.StudentReach {
  const scope = tenantScopeOf(auth);
  if (scope.kind === 'organization' && !auth.policy.context.organization)
    return { kind: 'teacher', domainId: scope.domainId, accountId: scope.accountId, teacherId: auth.user.id };
  return scope;
}

async function findTarget(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findStudent(deps.db, reachOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

async function withRelations(deps: Deps, auth: AuthContext, rows: StudentRow[]): Promise<StudentWithRelations[]> {
  const relations = await repo.loadRelations(
    deps.db,
    reachOf(auth),
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, relations: relations.get(r.id)! }));
}

async function list(deps: Deps, auth: AuthContext, f: StudentListFilter, mine: boolean) {
  const result = await repo.listStudents(deps.db, reachOf(auth), {
    ...f,
    mineOf: mine ? auth.user.id : undefined,
  });
  if (!f.withRelations) return result as { rows: StudentWithRelations[]; total: number };
  return { rows: await withRelations(deps, auth, result.rows), total: result.total };
}

/** POST list: every student the caller reaches, narrowed by the scope. */
export function listStudents(deps: Deps, auth: AuthContext, f: StudentListFilter) {
  return list(deps, auth, f, false);
}

/** POST my list: the students of the classes the caller teaches (empty for staff who teach no class). */
export function listMyStudents(deps: Deps, auth: AuthContext, f: StudentListFilter) {
  return list(deps, auth, f, true);
}

async function settingsOf(deps: Deps, student: StudentRow): Promise<StudentSettings> {
  const stored = await repo.loadSettings(deps.db, student.id);
  const out: StudentSettings = { ...DEFAULT_STUDENT_SETTINGS, language: languageFromNumber(student.language) };
  for (const name of STUDENT_SETTINGS) {
    if (name === 'language' || !stored.has(name)) continue;
    (out as Record<string, unknown>)[name] = stored.get(name);
  }
  return out;
}

export interface StudentProfile {
  student: StudentRow;
  relations: repo.Relations;
  settings: StudentSettings;
}

/** GET profile: the student with their classes, schools and groups (as far as the caller reaches) and settings. */
export async function getStudentProfile(deps: Deps, auth: AuthContext, id: number): Promise<StudentProfile> {
  const student = await findTarget(deps, auth, id);
  const [[withRel], settings] = await Promise.all([withRelations(deps, auth, [student]), settingsOf(deps, student)]);
  return { student, relations: withRel!.relations!, settings };
}

/** PATCH password: the student must sign in again everywhere with the new one. */
export async function setStudentPassword(deps: Deps, auth: AuthContext, id: number, password: string, ip: string) {
  const student = await findTarget(deps, auth, id);
  const hash = await hashPassword(password);
  const revoked = await deps.db.transaction(async (tx) => {
    await updateUserPassword(tx, id, hash, passwordEqualsEmail(password, student.email));
    const sessionIds = await revokeUserSessions(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: student.accountId,
      action: 'student.password-set',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      ip,
    });
    return sessionIds;
  });
  endSessions(deps, id, revoked);
}

/** POST settings update (setting, value); answers every setting of the student after the change. */
export async function updateStudentSetting(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: StudentSetting,
  ip: string,
): Promise<StudentSettings> {
  const student = await findTarget(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    if (input.setting === 'language') await repo.setLanguage(tx, id, LANGUAGES[input.value]);
    else await upsertUserSetting(tx, id, input.setting, input.value);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: student.accountId,
      action: 'student.setting-updated',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      ip,
      details: { setting: input.setting, value: input.value },
    });
  });
  // the student's cached session carries their language
  deps.sessions.evictUser(id);
  return settingsOf(deps, await findTarget(deps, auth, id));
}

/** POST student activities by student_id. */
export async function listStudentActivities(deps: Deps, auth: AuthContext, id: number, f: StudentActivitiesFilter) {
  const student = await findTarget(deps, auth, id);
  return repo.listStudentActivities(deps.db, student, f);
}
