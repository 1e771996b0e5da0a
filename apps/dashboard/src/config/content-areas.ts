import type { Action, Resource } from '@aula/domain/permissions';

// Issue 14: the areas the main navigation's Content section opens (its landing page at /content). Each opens a row
// of the route table and is shown exactly when that row's access is granted (the actions below are the row's, or
// more) and the row has its page: Standards is listed for when its page exists,
// and stay hidden until then (a unit test keeps `built` true to routes.ts). Only types come from @aula/domain here.

export interface ContentArea {
  key: 'activities' | 'activityBuilder' | 'folders' | 'guides' | 'simulations' | 'sensors' | 'standards';
  path: `/${string}`;
  resource: Resource;
  actions: readonly Action[];
  /** The route has its own page (false: it still shows Coming soon, so the area is not offered). */
  built: boolean;
}

export const CONTENT_AREAS: readonly ContentArea[] = [
  // the published library: browse, preview, assign
  { key: 'activities', path: '/activities', resource: 'activity', actions: ['view'], built: true },
  // authoring: drafts, screens, versions, publishing
  { key: 'activityBuilder', path: '/activity-builder', resource: 'activity-builder', actions: ['view'], built: true },
  // folders are arranged in the builder's list (its folder tree), by those who may change activities
  { key: 'folders', path: '/activity-builder', resource: 'activity-builder', actions: ['view', 'update'], built: true },
  { key: 'guides', path: '/guides', resource: 'guide', actions: ['view'], built: true },
  { key: 'simulations', path: '/simulations', resource: 'simulation', actions: ['view'], built: true },
  { key: 'sensors', path: '/sensors', resource: 'sensor', actions: ['view'], built: true },
  { key: 'standards', path: '/standards', resource: 'standard', actions: ['view'], built: false },
];
