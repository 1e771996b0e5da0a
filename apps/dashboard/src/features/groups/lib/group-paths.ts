/** Links to the group pages (the route patterns are in config/routes.ts). */
export const groupsHref = (): `/${string}` => '/groups';
export const groupHref = (groupId: number): `/${string}` => `/groups/${groupId}`;
/** The create page, with a class chosen already when it is opened from that class's groups. */
export const groupCreateHref = (classId?: number): `/${string}` =>
  classId === undefined ? '/groups/create' : `/groups/create?class_id=${classId}`;
export const groupUpdateHref = (groupId: number): `/${string}` => `/groups/update/${groupId}`;
