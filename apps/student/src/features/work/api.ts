import {
  ATTEMPT_PATHS,
  type AttemptView,
  type SaveAnswersInput,
  type SaveStatesInput,
  type SavedAnswer,
} from '@aula/domain/attempts';
import { api } from '@aula/web/lib/api.ts';

// The attempts API of the student app (ATTEMPT_PATHS, issue 6). Saves, progress, submit and the previous
// submission show their own failures (the save status line, the player's alerts, the essay banner), so they are in
// the toast handler's SCREEN_HANDLED list.

const unwrap = <T>(response: { data: T }) => response.data;

export const workApi = api.injectEndpoints({
  endpoints: (build) => ({
    startAttempt: build.mutation<AttemptView, { assignmentId: number; activityId: number }>({
      query: ({ assignmentId, activityId }) => ({ url: ATTEMPT_PATHS.start(assignmentId, activityId), method: 'POST' }),
      transformResponse: unwrap<AttemptView>,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        // the player opens with this view instead of asking again
        if (data.attempt) void dispatch(workApi.util.upsertQueryData('getAttempt', data.attempt.id, data));
      },
    }),
    getAttempt: build.query<AttemptView, number>({
      query: (attemptId) => ATTEMPT_PATHS.attempt(attemptId),
      transformResponse: unwrap<AttemptView>,
    }),
    saveAnswers: build.mutation<{ saved: SavedAnswer[] }, { attemptId: number; body: SaveAnswersInput }>({
      query: ({ attemptId, body }) => ({ url: ATTEMPT_PATHS.answers(attemptId), method: 'POST', body }),
      transformResponse: unwrap<{ saved: SavedAnswer[] }>,
    }),
    saveStates: build.mutation<
      { saved: { id: string; revision: number }[] },
      { attemptId: number; body: SaveStatesInput }
    >({
      query: ({ attemptId, body }) => ({ url: ATTEMPT_PATHS.states(attemptId), method: 'POST', body }),
      transformResponse: unwrap<{ saved: { id: string; revision: number }[] }>,
    }),
    progressAttempt: build.mutation<AttemptView, { attemptId: number; section: number }>({
      query: ({ attemptId, section }) => ({
        url: ATTEMPT_PATHS.progress(attemptId),
        method: 'POST',
        body: { section },
      }),
      transformResponse: unwrap<AttemptView>,
    }),
    submitAttempt: build.mutation<AttemptView, number>({
      query: (attemptId) => ({ url: ATTEMPT_PATHS.submit(attemptId), method: 'POST' }),
      transformResponse: unwrap<AttemptView>,
    }),
    getPreviousSubmission: build.query<string | null, { attemptId: number; questionId: number }>({
      query: ({ attemptId, questionId }) => ({
        url: ATTEMPT_PATHS.previousSubmission(attemptId),
        params: { questionId },
      }),
      transformResponse: (response: { data: { value: string | null } }) => response.data.value,
    }),
  }),
});

export const { useStartAttemptMutation, useGetAttemptQuery, useProgressAttemptMutation, useSubmitAttemptMutation } =
  workApi;
