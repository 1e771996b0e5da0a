import type {
  LtiSetAssignmentCreateInput,
  LtiSetAssignmentDto,
  LtiSetLinkDto,
  LtiSetLinkInput,
} from '@aula/domain/lti-launch';
import { api } from '@aula/web/lib/api.ts';

// The spec's LTI assignment calls (002 section 7: "POST create LTI and LTI link"; docs/lti.md), used by the LTI
// assignment-set view: an assignment made in a set for LMS links, and the link to paste into an LMS by hand.
const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['AssignmentSet', 'Assignment'] });

export const ltiSetLinksApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getLtiSetLink: build.mutation<LtiSetLinkDto, { setId: number } & LtiSetLinkInput>({
      query: ({ setId, ...body }) => ({ url: `/dashboard/assignment-sets/${setId}/lti-link`, method: 'POST', body }),
      transformResponse: data<LtiSetLinkDto>,
    }),
    createLtiSetAssignment: build.mutation<LtiSetAssignmentDto, { setId: number } & LtiSetAssignmentCreateInput>({
      query: ({ setId, ...body }) => ({ url: `/dashboard/assignment-sets/${setId}/lti`, method: 'POST', body }),
      transformResponse: data<LtiSetAssignmentDto>,
      invalidatesTags: ['AssignmentSet', 'Assignment'],
    }),
  }),
});

export const { useGetLtiSetLinkMutation, useCreateLtiSetAssignmentMutation } = ltiSetLinksApi;
