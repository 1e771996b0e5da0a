/** Links between the PAS plan pages (the route patterns are in config/routes.ts). */
export const plansHref = (): `/${string}` => '/pas';
export const createPlanHref = (): `/${string}` => '/pas/create';
export const editPlanHref = (id: number): `/${string}` => `/pas/${id}`;
export const assignPlanHref = (id: number): `/${string}` => `/pas/${id}/assign`;
export const planOverviewHref = (id: number): `/${string}` => `/pas-assignments/${id}`;
export const classAssignmentsHref = (id: number, classId: number): `/${string}` =>
  `/pas/${id}/classes/${classId}/assignments`;
export const classStudentsHref = (id: number, classId: number): `/${string}` =>
  `/pas/${id}/classes/${classId}/students`;
