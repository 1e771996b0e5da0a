import type {
  PlanAssignmentDto,
  PlanAssignmentSettings,
  PlanDetailDto,
  PlanDto,
  PlanMemberDto,
  PlanWriteInput,
  PublishToggleDto,
} from '@aula/domain/pas-plans';
import { api } from '@aula/web/lib/api.ts';

// PAS plans' calls (002 section 7 "PAS plans"), under /dashboard/pas; docs/pas-plans.md lists them. Single rows come
// as { data }, lists as { data, meta }.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface PlanListArgs {
  kind: 'all' | 'my';
  page: number;
  per_page: number;
  search?: string;
  is_template?: 0 | 1;
}

export type PlanRow = PlanDto & { class_suspended?: 0 | 1 };
export type Member = PlanMemberDto & { periods: string | null; can_manage: boolean };

export interface AvailableClass {
  type: 'class';
  id: number;
  display_name: string;
  organization_name: string;
  students: number;
  is_assigned: boolean;
}
export interface AvailableCourse {
  type: 'course';
  id: number;
  title: string;
  course_code: string | null;
  classes: number;
  assigned: number;
  is_assigned: boolean;
}

export interface SessionRow {
  id: number;
  account_id: number;
  title: string;
  start_date: string;
  end_date: string;
}

export interface ClassOverview {
  plan: PlanDto;
  class_id: number;
  suspended: 0 | 1;
  assignments: {
    plan_assignment_id: number;
    title: string;
    date: string;
    original_date: string | null;
    original_date_name: string | null;
    activities: number;
    assignment_id: number | null;
    start_at: string | null;
    due_at: string | null;
    members: number | null;
    class_wide: boolean | null;
  }[];
}

export interface StudentSettings {
  plan_id: number;
  class_id: number;
  active_for_students: 0 | 1;
  students: { id: number; first_name: string; last_name: string; username: string | null; is_active: 0 | 1 }[];
}

export interface PlanOverview {
  plan: PlanDto;
  today: string;
  assignments: Omit<PlanAssignmentDto, 'activities'>[];
  classes: Member[];
}

export interface ActivityOption {
  id: number;
  title: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['PasPlan', 'PasMembers'] });

export const pasPlansApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listPlans: build.query<Paged<PlanRow>, PlanListArgs>({
      query: ({ kind, ...body }) => ({ url: `${D}/pas/${kind === 'my' ? 'my' : 'list'}`, method: 'POST', body }),
      providesTags: ['PasPlan'],
    }),
    getPlan: build.query<PlanDetailDto, number>({
      query: (id) => `${D}/pas/${id}`,
      transformResponse: data<PlanDetailDto>,
      providesTags: (_r, _e, id) => [{ type: 'PasPlan', id }],
    }),
    createPlan: build.mutation<PlanDetailDto, PlanWriteInput>({
      query: (body) => ({ url: `${D}/pas`, method: 'POST', body }),
      transformResponse: data<PlanDetailDto>,
      invalidatesTags: ['PasPlan'],
    }),
    updatePlan: build.mutation<PlanDetailDto, { id: number; body: PlanWriteInput }>({
      query: ({ id, body }) => ({ url: `${D}/pas/${id}`, method: 'POST', body }),
      transformResponse: data<PlanDetailDto>,
      invalidatesTags: ['PasPlan'],
    }),
    deletePlan: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/pas/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PasPlan'],
    }),
    copyPlan: build.mutation<PlanDetailDto, { id: number; template: boolean; name?: string }>({
      query: ({ id, template, name }) => ({
        url: `${D}/pas/${id}/${template ? 'template' : 'copy'}`,
        method: 'POST',
        body: name ? { name } : {},
      }),
      transformResponse: data<PlanDetailDto>,
      invalidatesTags: ['PasPlan'],
    }),
    togglePublish: build.mutation<PublishToggleDto, number>({
      query: (id) => `${D}/pas/${id}/publish`,
      transformResponse: data<PublishToggleDto>,
      // the switch flips only when the server says is_success (002 section 4): the cached rows change here, from
      // the answer, and nowhere else
      async onQueryStarted(id, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          const { data: r } = await queryFulfilled;
          if (!r.is_success) return;
          for (const { endpointName, originalArgs } of pasPlansApi.util.selectInvalidatedBy(lifecycle.getState(), [
            'PasPlan',
          ])) {
            if (endpointName === 'listPlans')
              dispatch(
                pasPlansApi.util.updateQueryData('listPlans', originalArgs as PlanListArgs, (page) => {
                  const row = page.data.find((p) => p.id === id);
                  if (row) {
                    row.is_published = r.is_published;
                    row.state = r.is_published ? 'published' : 'ready';
                  }
                }),
              );
          }
          dispatch(pasPlansApi.util.invalidateTags([{ type: 'PasPlan', id }]));
        } catch {
          // toasted by the shared handler
        }
      },
    }),
    planTypes: build.query<{ id: number; name: string }[], void>({
      query: () => `${D}/pas/types`,
      transformResponse: data<{ id: number; name: string }[]>,
    }),
    sessions: build.query<SessionRow[], void>({
      query: () => ({ url: `${D}/pas/sessions`, method: 'POST', body: {} }),
      transformResponse: data<SessionRow[]>,
    }),
    products: build.query<{ id: number; name: string }[], void>({
      query: () => `${D}/products`,
      transformResponse: data<{ id: number; name: string }[]>,
    }),
    productActivities: build.query<ActivityOption[], number>({
      query: (productId) => ({
        url: `${D}/activities/list`,
        method: 'POST',
        body: { product_id: productId, status: 'published', per_page: 300, sort: 'title' },
      }),
      transformResponse: (r: { data: ActivityOption[] }) => r.data.map((a) => ({ id: a.id, title: a.title })),
    }),
    assigned: build.query<Member[], number>({
      query: (id) => `${D}/pas/${id}/assigned`,
      transformResponse: data<Member[]>,
      providesTags: (_r, _e, id) => [{ type: 'PasMembers', id }],
    }),
    available: build.query<
      Paged<AvailableClass | AvailableCourse>,
      { id: number; type: 'class' | 'course'; page: number; per_page: number; search?: string }
    >({
      query: ({ id, ...body }) => ({ url: `${D}/pas/${id}/available`, method: 'POST', body }),
      providesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }],
    }),
    assign: build.mutation<Member[], { id: number; member_type: 'class' | 'course'; member_id: number }>({
      query: ({ id, ...body }) => ({ url: `${D}/pas/${id}/assign`, method: 'POST', body }),
      transformResponse: data<Member[]>,
      invalidatesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }, { type: 'PasPlan', id: a.id }, 'PasPlan'],
    }),
    unassign: build.mutation<Member[], { id: number; class_id: number }>({
      query: ({ id, class_id }) => ({
        url: `${D}/pas/${id}/unassign`,
        method: 'POST',
        body: { member_type: 'class', member_id: class_id },
      }),
      transformResponse: data<Member[]>,
      invalidatesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }, 'PasPlan'],
    }),
    toggleSuspend: build.mutation<{ class_id: number; suspended: 0 | 1 }, { id: number; class_id: number }>({
      query: ({ id, class_id }) => ({ url: `${D}/pas/${id}/suspend`, method: 'POST', body: { class_id } }),
      transformResponse: data<{ class_id: number; suspended: 0 | 1 }>,
      invalidatesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }, 'PasPlan'],
    }),
    studentSettings: build.query<StudentSettings, { id: number; class_id: number }>({
      query: ({ id, class_id }) => ({ url: `${D}/pas/${id}/student-settings`, method: 'POST', body: { class_id } }),
      transformResponse: data<StudentSettings>,
      providesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }],
    }),
    updateStudentSettings: build.mutation<
      unknown,
      { id: number } & ({ active_for_students: 0 | 1 } | { student_id: number; is_active: 0 | 1 })
    >({
      query: ({ id, ...body }) => ({ url: `${D}/pas/${id}/student-settings`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, a) => [
        { type: 'PasMembers', id: a.id },
        { type: 'PasPlan', id: a.id },
      ],
    }),
    updateAssignmentSettings: build.mutation<
      unknown,
      { id: number; plan_assignment_id: number; title?: string; settings?: PlanAssignmentSettings }
    >({
      query: ({ id, ...body }) => ({ url: `${D}/pas/${id}/assignment-settings`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'PasPlan', id: a.id }],
    }),
    createFromPlan: build.mutation<
      { assignment_id: number },
      { id: number; plan_assignment_id: number; class_id: number }
    >({
      query: ({ id, ...body }) => ({ url: `${D}/pas/${id}/create-assignment`, method: 'POST', body }),
      transformResponse: data<{ assignment_id: number }>,
      invalidatesTags: (_r, _e, a) => [
        { type: 'PasMembers', id: a.id },
        { type: 'PasPlan', id: a.id },
      ],
    }),
    overview: build.query<PlanOverview, number>({
      query: (id) => ({ url: `${D}/pas/${id}/overview`, method: 'POST', body: {} }),
      transformResponse: data<PlanOverview>,
      providesTags: (_r, _e, id) => [
        { type: 'PasPlan', id },
        { type: 'PasMembers', id },
      ],
    }),
    classOverview: build.query<ClassOverview, { id: number; class_id: number }>({
      query: ({ id, class_id }) => ({ url: `${D}/pas/${id}/class-overview`, method: 'POST', body: { class_id } }),
      transformResponse: data<ClassOverview>,
      providesTags: (_r, _e, a) => [{ type: 'PasMembers', id: a.id }],
    }),
  }),
});

export const {
  useListPlansQuery,
  useGetPlanQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useDeletePlanMutation,
  useCopyPlanMutation,
  useTogglePublishMutation,
  useSessionsQuery,
  useProductsQuery,
  useProductActivitiesQuery,
  useAssignedQuery,
  useAvailableQuery,
  useAssignMutation,
  useUnassignMutation,
  useToggleSuspendMutation,
  useStudentSettingsQuery,
  useUpdateStudentSettingsMutation,
  useUpdateAssignmentSettingsMutation,
  useCreateFromPlanMutation,
  useOverviewQuery,
  useClassOverviewQuery,
} = pasPlansApi;
