import type { StudentAssignmentStatus } from '@aula/domain/assignments';
import type { AttemptStatus } from '@aula/domain/attempts';
import { api } from '@aula/web/lib/api.ts';

/** One of the signed-in student's assignments (GET /student/assignments). */
export interface StudentAssignment {
  id: number;
  name: string;
  start_at: string;
  due_at: string | null;
  status: StudentAssignmentStatus;
  /** each activity with the student's attempt at it: none yet (Open), in progress (Continue) or submitted (Review) */
  activities: { id: number; title: string; attempt: { id: number; status: AttemptStatus } | null }[];
}

export const studentHomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAssignments: build.query<StudentAssignment[], void>({
      query: () => '/student/assignments',
      transformResponse: (response: { data: StudentAssignment[] }) => response.data,
    }),
  }),
});

export const { useGetMyAssignmentsQuery } = studentHomeApi;
