import type { StudentSettings } from '@aula/domain/people';
import { api } from '@aula/web/lib/api.ts';
import type {
  Paged,
  StaffListRequest,
  StaffUser,
  Student,
  StudentActivitiesRequest,
  StudentActivity,
  StudentListRequest,
  StudentProfile,
  StudentSettingChange,
  TeacherProfile,
} from './people.types';

// Students, teachers and admins: /dashboard/students/*, the staff search (/dashboard/users/search) and the teacher
// profile (/dashboard/teachers/:id).

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Student', 'Staff'] });

export const peopleApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listStudents: build.query<Paged<Student>, StudentListRequest>({
      query: ({ mine, ...body }) => ({ url: `${D}/students/${mine ? 'my' : 'list'}`, method: 'POST', body }),
      providesTags: ['Student'],
    }),
    getStudentProfile: build.query<StudentProfile, number>({
      query: (id) => `${D}/students/${id}/profile`,
      transformResponse: data<StudentProfile>,
      providesTags: (_r, _e, id) => [{ type: 'Student', id }],
    }),
    setStudentPassword: build.mutation<void, { id: number; password: string; password_confirmation: string }>({
      query: ({ id, ...body }) => ({ url: `${D}/students/${id}/password`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Student', id }],
    }),
    updateStudentSetting: build.mutation<StudentSettings, { id: number } & StudentSettingChange>({
      query: ({ id, ...body }) => ({ url: `${D}/students/${id}/settings`, method: 'POST', body }),
      transformResponse: data<StudentSettings>,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Student', id }],
    }),
    listStudentActivities: build.query<Paged<StudentActivity>, StudentActivitiesRequest>({
      query: ({ studentId, ...body }) => ({ url: `${D}/students/${studentId}/activities`, method: 'POST', body }),
    }),
    listStaff: build.query<Paged<StaffUser>, StaffListRequest>({
      query: (body) => ({ url: `${D}/users/search`, method: 'POST', body }),
      providesTags: ['Staff'],
    }),
    getTeacher: build.query<TeacherProfile, number>({
      query: (id) => `${D}/teachers/${id}`,
      transformResponse: data<TeacherProfile>,
      providesTags: (_r, _e, id) => [{ type: 'Staff', id }],
    }),
  }),
});

export const {
  useListStudentsQuery,
  useGetStudentProfileQuery,
  useSetStudentPasswordMutation,
  useUpdateStudentSettingMutation,
  useListStudentActivitiesQuery,
  useListStaffQuery,
  useGetTeacherQuery,
} = peopleApi;
