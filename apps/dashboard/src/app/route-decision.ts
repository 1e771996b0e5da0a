import { can, contextRedirect, type Policy } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { matchRoutes } from 'react-router';
import { NAV_ITEMS, type NavItem } from '../config/navigation';
import { ID_PARAMS, ID_PATTERN, ROUTES, routePaths, type RouteDef } from '../config/routes';

/** Who is looking: the signed-in user as /my describes them. */
export interface Viewer {
  role: Role;
  account_id: number | null;
  organizationIds: readonly number[];
  policy: Policy;
}

/** What the guard does with a path: render it, send the user somewhere (a path), or show a status page. */
export type RouteDecision = 'ok' | 'sign-in' | 'not-found' | 'no-permission' | `/${string}`;

// matched with React Router's own ranking, so the decision is about the route the router renders
const MATCHABLE = ROUTES.map((def) => ({ path: def.path, handle: def }));

export function findRoute(pathname: string): { def: RouteDef; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(MATCHABLE, pathname)?.[0];
  return match ? { def: match.route.handle, params: match.params } : null;
}

function hasValidIds(params: Record<string, string | undefined>): boolean {
  return ID_PARAMS.every((name) => params[name] === undefined || ID_PATTERN.test(params[name]));
}

/** 001 section 2: an account admin's home is their account; a school admin of exactly one school's is that school. */
function homeRedirect(viewer: Viewer): `/${string}` | null {
  if (viewer.role === 'administrator' && viewer.account_id !== null) return routePaths.account(viewer.account_id);
  const [only, ...others] = viewer.organizationIds;
  if (viewer.role === 'school-administrator' && only !== undefined && others.length === 0) {
    return routePaths.organization(only);
  }
  return null;
}

/**
 * The route guards of 001 section 2, as one pure decision. Context rules come before resource access: a page of
 * another tenant's context sends the user home rather than telling them it exists.
 */
export function decideRoute(viewer: Viewer | null, pathname: string): RouteDecision {
  if (!viewer) return 'sign-in';
  const found = findRoute(pathname);
  if (!found || !hasValidIds(found.params)) return 'not-found';
  const { def, params } = found;

  if (def.path === routePaths.home) {
    const target = homeRedirect(viewer);
    if (target) return target;
  }
  const context = contextRedirect(viewer.policy, {
    hasAccountInUrl: params.accountId !== undefined,
    hasOrganizationInUrl: params.orgId !== undefined,
    path: pathname,
  });
  if (context === 'home') return routePaths.home;
  if (def.resource !== null && !can(viewer.policy, def.resource, def.actions)) return 'no-permission';
  return 'ok';
}

/** The main navigation items this policy may open: each is shown exactly when its route's access is granted. */
export function visibleNavItems(policy: Policy): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    const def = findRoute(item.path)?.def;
    return def !== undefined && (def.resource === null || can(policy, def.resource, def.actions));
  });
}
