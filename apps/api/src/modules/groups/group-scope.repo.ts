import { and, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import { groups } from '../../db/schema';
import type { GroupStatusFilter } from '@aula/domain/groups';
import { accountColumnInScope, type ClassScope } from '../classes/class-scope.repo';

// The one tenant rule for groups (DESIGN.md 4), beside the class rule it extends:
//  - provider staff, domain and district admins see the groups of their slice;
//  - a school admin the groups of their schools;
//  - a teacher the groups they created or teach (group_users), in their own account.
// Deleted groups are seen only when asked for (the deleted list, the edit page that restores them).

export function groupVisible(scope: ClassScope, status: GroupStatusFilter = 'active'): SQL {
  const state =
    status === 'active' ? isNull(groups.deletedAt) : status === 'deleted' ? isNotNull(groups.deletedAt) : undefined;
  const slice = accountColumnInScope(groups.accountId, scope.tenant);
  if (scope.teacherId !== null)
    return and(
      state,
      slice,
      sql`(${groups.createdBy} = ${scope.teacherId} or exists (
        select 1 from group_users tu where tu.group_id = ${groups.id} and tu.user_id = ${scope.teacherId}
           and tu.user_type = 'teacher'))`,
    )!;
  if (scope.tenant.kind === 'organization')
    return and(
      state,
      slice,
      sql`${groups.organizationId} = any(${sql.param([...scope.tenant.organizationIds])}::int[])`,
    )!;
  return and(state, slice)!;
}
