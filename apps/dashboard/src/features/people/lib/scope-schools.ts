import { useListOrganizationsQuery } from '../../organizations/api';
import { schoolsFilterOf, type ListScopeRef } from './list-scope';

// The '*/admins' lists under a class, teacher, student or group, and the lists under an admin (001 section 2), are the
// people of the scope's schools: a class's school, a teacher's, admin's or student's schools, a group's schools.

/**
 * The ids of the scope's schools (at most 300, the list call's page), read with POST /dashboard/organizations/all;
 * `ids` is undefined while they load. `needed` false: the list is filtered another way and nothing is read.
 */
export function useScopeSchools(ref: ListScopeRef | null, needed: boolean): { ids: number[] | undefined } {
  const filter = schoolsFilterOf(ref);
  const skip = !needed || filter === null;
  const { data } = useListOrganizationsQuery({ page: 1, per_page: 300, ...(filter ?? {}) }, { skip });
  return { ids: skip ? undefined : data?.data.map((o) => o.id) };
}
