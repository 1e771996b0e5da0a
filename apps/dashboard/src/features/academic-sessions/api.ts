import type { AcademicSessionType } from '@aula/domain/academic-sessions';
import { api } from '@aula/web/lib/api.ts';
import type { AcademicSession, AccountOption, Paged, SchoolYear, SessionInput } from './academic-sessions.types';

// Academic sessions (002 section 7, Others): /dashboard/academic-sessions/*; the account picker reads
// /dashboard/accounts/list.

const D = '/dashboard/academic-sessions';
const data = <T>(response: { data: T }) => response.data;
const scope = (accountId: number | undefined) => ({ scope: accountId ? { account_id: accountId } : {} });

const withTags = api.enhanceEndpoints({ addTagTypes: ['AcademicSession'] });

export const academicSessionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listAcademicSessions: build.query<
      Paged<AcademicSession>,
      { accountId?: number; page: number; per_page: number; search?: string; school_year?: number }
    >({
      query: ({ accountId, ...body }) => ({ url: `${D}/list`, method: 'POST', body: { ...body, ...scope(accountId) } }),
      providesTags: ['AcademicSession'],
    }),
    listAcademicSessionTemplates: build.query<Paged<AcademicSession>, { page: number; per_page: number }>({
      query: (body) => ({ url: `${D}/templates`, method: 'POST', body }),
      providesTags: ['AcademicSession'],
    }),
    getCurrentAcademicSession: build.query<AcademicSession | null, number | undefined>({
      query: (accountId) => ({ url: `${D}/current`, method: 'POST', body: scope(accountId) }),
      transformResponse: data<AcademicSession | null>,
      providesTags: ['AcademicSession'],
    }),
    listSchoolYears: build.query<SchoolYear[], number | undefined>({
      query: (accountId) => ({ url: `${D}/school-years`, method: 'POST', body: scope(accountId) }),
      transformResponse: data<SchoolYear[]>,
      providesTags: ['AcademicSession'],
    }),
    listAcademicSessionTypes: build.query<{ value: AcademicSessionType; name: string }[], string>({
      // keyed by the interface language: the names come translated
      query: () => `${D}/types`,
      transformResponse: data<{ value: AcademicSessionType; name: string }[]>,
    }),
    createAcademicSession: build.mutation<
      AcademicSession,
      SessionInput & { account_id?: number; is_template?: boolean }
    >({
      query: (body) => ({ url: D, method: 'POST', body }),
      transformResponse: data<AcademicSession>,
      invalidatesTags: ['AcademicSession'],
    }),
    updateAcademicSession: build.mutation<AcademicSession, { id: number } & Partial<SessionInput>>({
      query: ({ id, ...body }) => ({ url: `${D}/${id}`, method: 'PATCH', body }),
      transformResponse: data<AcademicSession>,
      invalidatesTags: ['AcademicSession'],
    }),
    deleteAcademicSession: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AcademicSession'],
    }),
    listAccountOptions: build.query<AccountOption[], string>({
      query: (search) => ({
        url: '/dashboard/accounts/list',
        method: 'POST',
        body: { per_page: 50, ...(search ? { search } : {}) },
      }),
      transformResponse: data<AccountOption[]>,
    }),
  }),
});

export const {
  useListAcademicSessionsQuery,
  useListAcademicSessionTemplatesQuery,
  useGetCurrentAcademicSessionQuery,
  useListSchoolYearsQuery,
  useListAcademicSessionTypesQuery,
  useCreateAcademicSessionMutation,
  useUpdateAcademicSessionMutation,
  useDeleteAcademicSessionMutation,
  useListAccountOptionsQuery,
} = academicSessionsApi;
