import { routePaths } from './route-paths';

// 001 section 2, main navigation sections, in the spec's order. Each item opens a row of the route table, and is
// shown exactly when that row's resource and actions are granted, so a visible item never leads to no-permission.
export const NAV_ITEMS = [
  { key: 'home', path: routePaths.home },
  { key: 'dashboard', path: '/summary' },
  { key: 'map', path: '/map' },
  { key: 'calendar', path: '/calendar' },
  // Content is the landing page of the content areas (config/content-areas.ts); it stays current on their pages
  {
    key: 'content',
    path: '/content',
    sections: ['/activities', '/activity-builder', '/activity', '/archive', '/guides', '/guide'],
  },
  { key: 'products', path: '/products' },
  { key: 'licensing', path: '/licenses' },
  { key: 'accounts', path: '/accounts' },
  { key: 'organizations', path: '/organizations' },
  { key: 'rostering', path: '/one-roster-history' },
  {
    key: 'lti',
    path: '/lti-deployments',
    sections: ['/lti-deployment', '/lti-keys', '/lti-platforms', '/lti-platform', '/create-lti-platform'],
  },
  { key: 'academicSessions', path: '/academic-sessions' },
  { key: 'assignments', path: '/assignments' },
  { key: 'groups', path: '/groups' },
  { key: 'reports', path: '/reports' },
  { key: 'pas', path: '/pas' },
  { key: 'store', path: '/store-items' },
  { key: 'rewards', path: '/rewards' },
  { key: 'emails', path: '/emails' },
  { key: 'scheduling', path: '/scheduling' },
  { key: 'logs', path: '/logs' },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];
export type NavKey = NavItem['key'];

/**
 * Whether the item is the current section at `pathname` (shown with aria-current="page"): its own path (home only
 * exactly) or a page under it, or under one of the item's sections. Compared without case, as routes match.
 */
export function isCurrentNavItem(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (item.path === '/') return path === '/';
  return under(item.path) || ('sections' in item && item.sections.some(under));
}
