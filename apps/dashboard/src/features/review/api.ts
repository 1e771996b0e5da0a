import {
  ATTEMPT_PATHS,
  type AssignmentProgress,
  type AttemptView,
  type GradeAnswerInput,
  type GradeAnswersInput,
  type GradeResult,
  type GradeScreensInput,
  type StudentPreviewInput,
} from '@aula/domain/attempts';
import { api } from '@aula/web/lib/api.ts';
import { applyGradeSummary } from './lib/progress-cache';
import { applyGradeToView } from './lib/review-data';

// The teacher's review calls (apps/api/src/modules/attempts, ATTEMPT_PATHS of @aula/domain/attempts). A score saved
// here edits the cached views and the progress table with the summary the server sends back, so nothing refetches.

type Graded = GradeResult['data'];
const data = <T>(response: { data: T }) => response.data;

export interface StudentPreviewArgs {
  assignmentId: number;
  studentId: number;
  activityId: number;
  type: StudentPreviewInput['type'];
}

/** Which student's work a score belongs to (not sent: it names the cached views to update). */
interface GradeTarget {
  assignmentId: number;
  studentId: number;
  activityId: number;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['AssignmentProgress', 'StudentWork'] });

const workTag = (a: { assignmentId: number; studentId: number; activityId: number }) => ({
  type: 'StudentWork' as const,
  id: `${a.assignmentId}:${a.studentId}:${a.activityId}`,
});

export const reviewApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** Every student of the assignment x every activity (view). */
    getAssignmentProgress: build.query<AssignmentProgress, number>({
      query: (assignmentId) => ATTEMPT_PATHS.progressOf(assignmentId),
      transformResponse: data<AssignmentProgress>,
      providesTags: (_r, _e, id) => [{ type: 'AssignmentProgress', id }],
    }),
    /** 001 section 7 student preview: a student's attempt as the teacher (teacher_review) or the student sees it. */
    getStudentPreview: build.query<AttemptView, StudentPreviewArgs>({
      query: ({ assignmentId, studentId, activityId, type }) => ({
        url: ATTEMPT_PATHS.studentPreview(assignmentId, studentId),
        method: 'POST',
        body: { type, activity_id: activityId } satisfies StudentPreviewInput,
      }),
      transformResponse: data<AttemptView>,
      providesTags: (_r, _e, args) => [workTag(args)],
    }),
    /** One essay or drawing of one student (update); a drawing may carry the teacher's annotation. */
    gradeAnswer: build.mutation<Graded, GradeTarget & { attemptId: number; body: GradeAnswerInput }>({
      query: ({ attemptId, body }) => ({ url: ATTEMPT_PATHS.gradeAnswer(attemptId), method: 'POST', body }),
      transformResponse: data<Graded>,
      async onQueryStarted(target, { dispatch, queryFulfilled }) {
        const { data: result } = await queryFulfilled.catch(() => ({ data: null }));
        if (result) dispatch(recordGrades(target.assignmentId, [{ ...target, result }]));
      },
    }),
    /** Several screens' scores of one student's attempt in one save ('grade screens', update). */
    gradeScreens: build.mutation<Graded, GradeTarget & { attemptId: number; body: GradeScreensInput }>({
      query: ({ attemptId, body }) => ({ url: ATTEMPT_PATHS.gradeScreens(attemptId), method: 'POST', body }),
      transformResponse: data<Graded>,
      async onQueryStarted(target, { dispatch, queryFulfilled }) {
        const { data: result } = await queryFulfilled.catch(() => ({ data: null }));
        if (result) dispatch(recordGrades(target.assignmentId, [{ ...target, result }]));
      },
    }),
    /** One screen's answers across students in one save ('grade answers', update). */
    gradeAnswers: build.mutation<
      Graded[],
      {
        assignmentId: number;
        body: GradeAnswersInput;
        /** the attempts' students (the results name attempts), from the progress table */
        studentOfAttempt: Readonly<Record<number, number>>;
      }
    >({
      query: ({ assignmentId, body }) => ({ url: ATTEMPT_PATHS.gradeAnswers(assignmentId), method: 'POST', body }),
      transformResponse: data<Graded[]>,
      async onQueryStarted({ assignmentId, body, studentOfAttempt }, { dispatch, queryFulfilled }) {
        const { data: results } = await queryFulfilled.catch(() => ({ data: null }));
        if (!results) return;
        const graded = results.flatMap((result) => {
          const studentId = studentOfAttempt[result.attempt_id];
          return studentId === undefined ? [] : [{ assignmentId, studentId, activityId: body.activity_id, result }];
        });
        dispatch(recordGrades(assignmentId, graded));
      },
    }),
  }),
});

/**
 * Scores the server accepted, written into the caches: each student's views (teacher and student review) with every
 * answer graded and the new summary, and the progress table's row.
 */
function recordGrades(assignmentId: number, graded: (GradeTarget & { result: Graded })[]) {
  return (dispatch: (action: unknown) => unknown) => {
    for (const { studentId, activityId, result } of graded) {
      for (const type of ['teacher_review', 'student_review'] as const) {
        dispatch(
          reviewApi.util.updateQueryData('getStudentPreview', { assignmentId, studentId, activityId, type }, (view) =>
            applyGradeToView(view, result),
          ),
        );
      }
    }
    dispatch(
      reviewApi.util.updateQueryData('getAssignmentProgress', assignmentId, (progress) => {
        for (const { studentId, activityId, result } of graded) {
          applyGradeSummary(progress, studentId, activityId, result.summary);
        }
      }),
    );
  };
}

export const {
  useGetAssignmentProgressQuery,
  useGetStudentPreviewQuery,
  useGradeAnswerMutation,
  useGradeScreensMutation,
  useGradeAnswersMutation,
} = reviewApi;
