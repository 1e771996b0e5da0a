import { api } from '@aula/web/lib/api.ts';
import type { LtiResourceLinkDto, LtiScoreSendDto, NrpsImportResult } from '@aula/domain/lti-services';

// LTI Advantage services as teachers use them (docs/lti.md): an assignment's scores sent back to the LMS, with a
// retry of a failed one (the review feature shows them), and a class's LMS links with the members import.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['LtiScores', 'LtiClassLinks', 'Class'] });

export const ltiServicesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getAssignmentLtiScores: build.query<LtiScoreSendDto[], number>({
      query: (assignmentId) => `/dashboard/assignments/${assignmentId}/lti-scores`,
      transformResponse: data<LtiScoreSendDto[]>,
      providesTags: (_r, _e, id) => [{ type: 'LtiScores', id }],
    }),
    retryLtiScore: build.mutation<LtiScoreSendDto, { assignmentId: number; sendId: number }>({
      query: ({ assignmentId, sendId }) => ({
        url: `/dashboard/assignments/${assignmentId}/lti-scores/${sendId}/retry`,
        method: 'POST',
      }),
      transformResponse: data<LtiScoreSendDto>,
      invalidatesTags: (_r, _e, { assignmentId }) => [{ type: 'LtiScores', id: assignmentId }],
    }),
    getClassLtiLinks: build.query<LtiResourceLinkDto[], number>({
      query: (classId) => `/dashboard/classes/${classId}/lti-links`,
      transformResponse: data<LtiResourceLinkDto[]>,
      providesTags: (_r, _e, id) => [{ type: 'LtiClassLinks', id }],
    }),
    getAssignmentLtiLinks: build.query<LtiResourceLinkDto[], number>({
      query: (assignmentId) => `/dashboard/assignments/${assignmentId}/lti-links`,
      transformResponse: data<LtiResourceLinkDto[]>,
      providesTags: ['LtiClassLinks'],
    }),
    /** into the link's class, or into `classId`, which the link then maps to */
    importLtiMembers: build.mutation<NrpsImportResult, { linkId: number; classId?: number }>({
      query: ({ linkId, classId }) => ({
        url: `/dashboard/lti/links/${linkId}/import-members`,
        method: 'POST',
        body: classId === undefined ? {} : { class_id: classId },
      }),
      transformResponse: data<NrpsImportResult>,
      invalidatesTags: ['Class', 'LtiClassLinks'],
    }),
  }),
});

export const {
  useGetAssignmentLtiScoresQuery,
  useRetryLtiScoreMutation,
  useGetClassLtiLinksQuery,
  useGetAssignmentLtiLinksQuery,
  useImportLtiMembersMutation,
} = ltiServicesApi;
