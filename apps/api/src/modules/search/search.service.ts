import { can } from '@aula/domain/permissions';
import {
  SEARCH_TYPE_RESOURCE,
  searchableTypes,
  type SearchGroup,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
  type SearchType,
} from '@aula/domain/search';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { reachOf as assignmentReachOf } from '../assignments/assignments.service';
import { classScopeOf } from '../classes/class-scope.repo';
import { reachOf as studentReachOf } from '../students/students.service';
import * as repo from './search.repo';

// The dashboard's search (docs/search.md): a group per type the caller's policy views, each holding only the rows the
// area's own list would show them. A type the caller may not view is left out (asked for by name too): the answer
// never says whether such rows exist.

function reachOf(auth: AuthContext): repo.SearchReach {
  return {
    tenant: tenantScopeOf(auth),
    students: studentReachOf(auth),
    classes: classScopeOf(auth),
    assignments: assignmentReachOf(auth),
  };
}

const hitOf =
  (type: SearchType) =>
  (row: repo.HitRow): SearchHit => ({ type, id: row.id, title: row.title, subtitle: row.subtitle });

export async function search(deps: Deps, auth: AuthContext, req: SearchRequest): Promise<SearchResult> {
  const allowed = searchableTypes(auth.policy);
  const types = req.types ? allowed.filter((t) => req.types!.includes(t)) : allowed;
  const reach = reachOf(auth);
  const groups: SearchGroup[] = [];
  // one group after another: PGlite runs one query at a time anyway, and a big district's search stays gentle
  for (const type of types) {
    const page = await repo.searchGroup(deps.db, reach, type, req.query, req);
    groups.push({ type, total: page.total, page: req.page, per_page: req.per_page, hits: page.rows.map(hitOf(type)) });
  }
  return { query: req.query, groups };
}

/** One hit by type and id: 403 without view of its resource, 404 when the caller may not see it (or it is gone). */
export async function findDetails(deps: Deps, auth: AuthContext, type: SearchType, id: number): Promise<SearchHit> {
  if (!can(auth.policy, SEARCH_TYPE_RESOURCE[type], 'view')) throw new ForbiddenError();
  const row = await repo.findHit(deps.db, reachOf(auth), type, id);
  if (!row) throw new NotFoundError();
  return hitOf(type)(row);
}
