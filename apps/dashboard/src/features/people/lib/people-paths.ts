// Where the people pages live (the route table's rows, apps/dashboard/src/config/routes.ts).

export const studentsHref = (): `/${string}` => '/students';
/** A student's profile; inside a class it keeps the class (/classes/:classId/students/:studentId). */
export const studentHref = (id: number, classId?: number): `/${string}` =>
  classId ? `/classes/${classId}/students/${id}` : `/students/${id}`;
export const studentActivitiesHref = (id?: number): `/${string}` =>
  id ? `/student-activities?student_id=${id}` : '/student-activities';
export const teachersHref = (): `/${string}` => '/teachers';
export const teacherHref = (id: number): `/${string}` => `/teachers/${id}`;
