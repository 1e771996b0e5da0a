/** Links to the group pages (the route patterns are in config/routes.ts). */
export const groupsHref = (): `/${string}` => '/groups';
export const groupHref = (groupId: number): `/${string}` => `/groups/${groupId}`;
export const groupCreateHref = (): `/${string}` => '/groups/create';
export const groupUpdateHref = (groupId: number): `/${string}` => `/groups/update/${groupId}`;
