import type { LtiDeepLinkPickerDto, LtiDeepLinkReplyDto, LtiDeepLinkResponseInput } from '@aula/domain/lti-launch';
import { api } from '@aula/web/lib/api.ts';

// The deep-linking picker's calls (issue 18 item 4): the instructor's own open request and its one answer.
const data = <T>(response: { data: T }) => response.data;

export const ltiDeepLinkingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLtiDeepLinkPicker: build.query<LtiDeepLinkPickerDto, number>({
      query: (id) => `/dashboard/lti/deep-linking/${id}`,
      transformResponse: data<LtiDeepLinkPickerDto>,
    }),
    answerLtiDeepLink: build.mutation<LtiDeepLinkReplyDto, { id: number } & Partial<LtiDeepLinkResponseInput>>({
      query: ({ id, ...body }) => ({ url: `/dashboard/lti/deep-linking/${id}/response`, method: 'POST', body }),
      transformResponse: data<LtiDeepLinkReplyDto>,
    }),
  }),
});

export const { useGetLtiDeepLinkPickerQuery, useAnswerLtiDeepLinkMutation } = ltiDeepLinkingApi;
