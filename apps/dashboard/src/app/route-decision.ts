import { can, contextRedirect, type Policy } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { matchRoutes } from 'react-router';
import { NAV_ITEMS, type NavItem } from '../config/navigation';
import { routePaths } from '../config/route-paths';
import { ID_PARAMS, ID_PATTERN, ROUTES, type RouteDef } from '../config/routes';

/** Who is looking: the signed-in user as /my describes them. */
export interface Viewer {
  role: Role;
  account_id: number | null;
  organizationIds: readonly number[];
  policy: Policy;
}

/** What the guard does with a path: render it, send the user somewhere (a path), or show a status page. */
export type RouteDecision = 'ok' | 'sign-in' | 'not-found' | 'no-permission' | `/${string}`;

// Matched with React Router's own ranking, so the decision is about the route the router renders. matchRoutes
// flattens and ranks every route it is given on each call; over the whole table (some 260 rows) that cost tens of
// milliseconds per page load once the navigation asked for each of its items. Every row starts with a static segment,
// and a row can only match a path whose first segment is that one (React Router matches case-insensitively, on the
// decoded path), so each call ranks only the rows of the path's first segment, kept in table order so that ties
// resolve as over the whole table; a path whose first segment no row has falls back to the whole table. Answers are
// memoised per path.
type Matchable = { path: string; handle: RouteDef };
const ALL: Matchable[] = ROUTES.map((def) => ({ path: def.path, handle: def }));
const BY_FIRST_SEGMENT = new Map<string, Matchable[]>();
for (const route of ALL) {
  const key = firstSegment(route.path);
  const rows = BY_FIRST_SEGMENT.get(key);
  if (rows) rows.push(route);
  else BY_FIRST_SEGMENT.set(key, [route]);
}

/** A path's first segment as React Router compares it: decoded (when it decodes) and lower-cased. */
function firstSegment(pathname: string): string {
  const raw = pathname.split('/')[1] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // React Router matches the raw text of a segment that does not decode
  }
  return decoded.toLowerCase();
}

type Found = { def: RouteDef; params: Readonly<Record<string, string | undefined>> } | null;
const FOUND = new Map<string, Found>();
const FOUND_LIMIT = 500;

export function findRoute(pathname: string): Found {
  const known = FOUND.get(pathname);
  if (known !== undefined) return known;
  const match = matchRoutes(BY_FIRST_SEGMENT.get(firstSegment(pathname)) ?? ALL, pathname)?.[0];
  const found: Found = match ? { def: match.route.handle, params: match.params } : null;
  if (FOUND.size >= FOUND_LIMIT) FOUND.clear();
  FOUND.set(pathname, found);
  return found;
}

function hasValidIds(params: Readonly<Record<string, string | undefined>>): boolean {
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

// each navigation item's route, found once
let navRoutes: { item: NavItem; def: RouteDef | undefined }[] | undefined;

/** The main navigation items this policy may open: each is shown exactly when its route's access is granted. */
export function visibleNavItems(policy: Policy): NavItem[] {
  navRoutes ??= NAV_ITEMS.map((item) => ({ item, def: findRoute(item.path)?.def }));
  return navRoutes
    .filter(({ def }) => def !== undefined && (def.resource === null || can(policy, def.resource, def.actions)))
    .map(({ item }) => item);
}
