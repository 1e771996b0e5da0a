/** Links into the activity builder (the route patterns are in config/routes.ts). */
export const builderHref = (activityId: number, screenId?: number): `/${string}` =>
  screenId === undefined ? `/activity-builder/${activityId}` : `/activity-builder/${activityId}/${screenId}`;
export const builderListHref = (): `/${string}` => '/activity-builder';
/** The viewers' pages of one activity: its details and its full-page preview. */
export const activityViewHref = (activityId: number): `/${string}` => `/activity/view/${activityId}`;
export const activityPreviewHref = (activityId: number): `/${string}` => `/activity/preview/${activityId}`;
export const activitiesHref = (): `/${string}` => '/activities';
