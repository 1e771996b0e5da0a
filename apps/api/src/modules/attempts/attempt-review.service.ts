import type { AssignmentProgress, AttemptView, StudentPreviewInput } from '@aula/domain/attempts';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { reachableAssignment } from './attempt-access';
import { listAnswerMarksOfAssignment } from './attempt-answers.repo';
import { attemptContent, studentProgress, versionContent, type VersionContent } from './attempt-content';
import { findAssignedStudent, listAssignedStudents } from './attempt-students.repo';
import { buildView } from './attempt-view';
import {
  findAssignedActivity,
  findAttemptByKey,
  listAssignedActivities,
  listAttemptsOfAssignment,
} from './attempts.repo';

// The teachers' side of attempts: an assignment's progress (every student x every activity) and a student's work
// opened as the teacher reviews it or as the student sees it. Every read is recorded in the audit log.

/** GET /dashboard/assignments/:id/progress: every student the assignment is for x every activity. */
export async function getAssignmentProgress(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  ip: string,
): Promise<AssignmentProgress> {
  const db = deps.db;
  const assignment = await reachableAssignment(db, auth, assignmentId);
  const [activities, students, attempts, marks] = await Promise.all([
    listAssignedActivities(db, assignmentId),
    listAssignedStudents(db, assignmentId),
    listAttemptsOfAssignment(db, assignmentId),
    listAnswerMarksOfAssignment(db, assignmentId),
  ]);
  const contents = new Map<number, VersionContent>();
  for (const a of activities) contents.set(a.activityId, await versionContent(deps, db, a.activityId, a.versionId));
  const attemptOf = new Map(attempts.map((t) => [`${t.studentId}:${t.activityId}`, t]));
  const marksOf = new Map<number, (typeof marks)[number][]>();
  for (const m of marks) {
    const list = marksOf.get(m.attemptId) ?? [];
    list.push(m);
    marksOf.set(m.attemptId, list);
  }
  const out: AssignmentProgress = {
    assignment: {
      id: assignment.id,
      name: assignment.name,
      start_at: assignment.startAt.toISOString(),
      due_at: assignment.dueAt?.toISOString() ?? null,
    },
    activities: activities.map((a) => {
      const c = contents.get(a.activityId)!;
      return { id: a.activityId, title: a.title, sections: c.sections, questions: c.list.length };
    }),
    students: [],
  };
  for (const s of students) {
    const row: AssignmentProgress['students'][number] = { id: s.id, name: s.name, activities: [] };
    for (const a of activities) {
      const attempt = attemptOf.get(`${s.id}:${a.activityId}`);
      const content = attempt ? await attemptContent(deps, db, attempt) : contents.get(a.activityId)!;
      row.activities.push(
        studentProgress(a.activityId, attempt, content, attempt ? (marksOf.get(attempt.id) ?? []) : []),
      );
    }
    out.students.push(row);
  }
  await insertAuditEntry(db, {
    actorUserId: auth.user.id,
    accountId: assignment.accountId,
    action: 'assignment.progress-viewed',
    entityType: 'assignment',
    entityId: assignment.id,
    ip,
  });
  return out;
}

/**
 * POST /dashboard/assignments/:id/students/:studentId/preview (001 section 7 student preview): a student's work on one
 * activity as the teacher reviews it (teacher_review: answers, scores, summary) or as the student sees it
 * (student_review: scores once submitted). A student who has not started has attempt null and no answers.
 */
export async function previewStudentWork(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  studentId: number,
  input: StudentPreviewInput,
  ip: string,
): Promise<AttemptView> {
  const db = deps.db;
  const assignment = await reachableAssignment(db, auth, assignmentId);
  const activity = await findAssignedActivity(db, assignmentId, input.activity_id);
  if (!activity) throw new NotFoundError();
  const student = await findAssignedStudent(db, assignmentId, studentId);
  if (!student) throw new NotFoundError();
  const attempt = await findAttemptByKey(db, { assignmentId, activityId: activity.activityId, studentId });
  const content = attempt
    ? await attemptContent(deps, db, attempt)
    : await versionContent(deps, db, activity.activityId, activity.versionId);
  const view = await buildView(
    deps,
    auth,
    {
      attempt: attempt ?? null,
      assignment,
      activity: { id: activity.activityId, title: activity.title, domainId: activity.domainId },
      student: { id: student.id, name: student.name },
      content,
    },
    input.type,
  );
  await insertAuditEntry(db, {
    actorUserId: auth.user.id,
    accountId: assignment.accountId,
    action: 'attempt.answers-viewed',
    entityType: 'attempt',
    entityId: attempt?.id ?? null,
    subjectUserId: studentId,
    details: { assignment_id: assignmentId, activity_id: activity.activityId, type: input.type },
    ip,
  });
  return view;
}
