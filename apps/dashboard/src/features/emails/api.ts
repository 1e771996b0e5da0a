import { api } from '@aula/web/lib/api.ts';
import type { Email, EmailListRequest, EmailPage } from './emails.types';

// The Emails page (issue 14): POST /dashboard/emails/list, GET /dashboard/emails/{id}. Both are read afresh on every
// visit: the outbox changes under the page (a reset requested in another tab).

export const emailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEmails: build.query<EmailPage, EmailListRequest>({
      query: (body) => ({ url: '/dashboard/emails/list', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    getEmail: build.query<Email, number>({
      query: (id) => `/dashboard/emails/${id}`,
      transformResponse: (response: { data: Email }) => response.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListEmailsQuery, useGetEmailQuery } = emailsApi;
