import { withoutAnswerKey } from '@aula/domain/answers';
import type { AttemptView } from '@aula/domain/attempts';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { renderable } from '../screens/renderable-screens';
import { listAnswers } from './attempt-answers.repo';
import { attemptContent, summarize, type VersionContent } from './attempt-content';
import { listStates } from './attempt-states.repo';
import { findStudentLabGroup } from './attempt-students.repo';
import { presentAnswer, presentAttempt, presentState } from './attempts.present';
import type { AttemptContext, AttemptRow } from './attempts.repo';

// An attempt as the student works on it, as the teacher reviews it and as the student sees it once submitted.

export type ViewMode = 'student' | 'teacher_review' | 'student_review';

export async function buildView(
  deps: Deps,
  auth: AuthContext,
  v: {
    attempt: AttemptRow | null;
    assignment: { id: number; name: string; dueAt: Date | null };
    activity: { id: number; title: string; domainId: number };
    student: { id: number; name: string };
    content: VersionContent;
  },
  mode: ViewMode,
  /** the attempt was just created: it holds nothing yet */
  fresh = false,
): Promise<AttemptView> {
  const db = deps.db;
  const stored = !!v.attempt && !fresh;
  const [r, answers, states, labGroup] = await Promise.all([
    renderable(db, auth, v.activity.domainId, v.content.screens),
    stored ? listAnswers(db, v.attempt!.id) : [],
    stored ? listStates(db, v.attempt!.id) : [],
    findStudentLabGroup(db, v.assignment.id, v.activity.id, v.student.id),
  ]);
  // a student (or a teacher previewing what the student sees) gets scores once the work is submitted
  const reveal = mode === 'teacher_review' || v.attempt?.status === 'submitted';
  return {
    attempt: v.attempt ? presentAttempt(v.attempt, v.content.sections) : null,
    activity: { id: v.activity.id, title: v.activity.title },
    assignment: { id: v.assignment.id, name: v.assignment.name, due_at: v.assignment.dueAt?.toISOString() ?? null },
    student: v.student,
    screens: reveal ? r.screens : r.screens.map((s) => ({ ...s, questions: s.questions.map(withoutAnswerKey) })),
    media: r.media,
    answers: answers.map((a) => presentAnswer(a, reveal)),
    states: states.map(presentState),
    summary: reveal ? summarize(v.content, answers) : null,
    lab_group: labGroup
      ? { id: labGroup.id, owner_id: labGroup.ownerId, complete: labGroup.started >= labGroup.members }
      : null,
  };
}

export async function viewOf(deps: Deps, auth: AuthContext, ctx: AttemptContext, mode: ViewMode) {
  const content = await attemptContent(deps, deps.db, ctx.attempt);
  return buildView(deps, auth, { ...ctx, content }, mode);
}
