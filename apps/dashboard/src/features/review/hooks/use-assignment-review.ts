import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { i18n } from '@aula/web/lib/i18n.ts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGetAssignmentProgressQuery } from '../api';
import { queryId } from '../lib/review-paths';
import { sortStudents } from '../lib/student-names';
import { useStudentLabel } from './use-hide-names';
import { useLiveProgress } from './use-live-progress';

/**
 * What every review page of an assignment starts from: its progress (live over the assignment channel), the activity
 * named by `?activity=` (else the first), the students sorted by how they show ('hide names' respected), their
 * label, and whether the caller may grade ('assignment' view and update).
 */
export function useAssignmentReview(assignmentId: number) {
  const [params, setParams] = useSearchParams();
  const policy = useAppSelector(selectPolicy);
  const mayGrade = policy ? can(policy, 'assignment', ['view', 'update']) : false;
  const label = useStudentLabel(assignmentId);
  const progressQ = useGetAssignmentProgressQuery(assignmentId);
  useLiveProgress(assignmentId);
  const progress = progressQ.data;
  const activity =
    progress?.activities.find((a) => a.id === queryId(params.get('activity'))) ?? progress?.activities[0];
  const students = useMemo(
    () => (progress ? sortStudents(progress.students, label, i18n.language) : []),
    [progress, label],
  );
  return { params, setParams, mayGrade, label, progressQ, progress, activity, students };
}
