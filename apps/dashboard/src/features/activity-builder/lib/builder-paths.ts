/** Links into the activity builder (the route patterns are in config/routes.ts). */
export const builderHref = (activityId: number, screenId?: number): `/${string}` =>
  screenId === undefined ? `/activity-builder/${activityId}` : `/activity-builder/${activityId}/${screenId}`;
export const builderListHref = (): `/${string}` => '/activity-builder';
