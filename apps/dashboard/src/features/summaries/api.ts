import { api } from '@aula/web/lib/api.ts';
import type { AccountSummary, StaffSummary } from '@aula/domain/summaries';

// The summary calls (002 section 7 Reports: account and staff summaries) and the school admin's own schools, which
// the Dashboard page links to. Everything is under /dashboard.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

export interface MySchool {
  id: number;
  name: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Summary'] });

export const summariesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getAccountSummary: build.query<AccountSummary, number>({
      query: (accountId) => ({ url: `${D}/summaries/account`, method: 'POST', body: { account_id: accountId } }),
      transformResponse: data<AccountSummary>,
      providesTags: (_r, _e, id) => [{ type: 'Summary', id: `account-${id}` }],
    }),
    getStaffSummary: build.query<StaffSummary, void>({
      query: () => ({ url: `${D}/summaries/staff`, method: 'POST', body: {} }),
      transformResponse: data<StaffSummary>,
      providesTags: [{ type: 'Summary', id: 'staff' }],
    }),
    listMySchools: build.query<MySchool[], void>({
      query: () => ({ url: `${D}/organizations/my`, method: 'POST', body: { page: 1, per_page: 100 } }),
      transformResponse: data<MySchool[]>,
    }),
  }),
});

export const { useGetAccountSummaryQuery, useGetStaffSummaryQuery, useListMySchoolsQuery } = summariesApi;
