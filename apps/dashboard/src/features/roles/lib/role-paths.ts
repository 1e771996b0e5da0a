// Where the role pages live (rows of apps/dashboard/src/config/routes.ts).

export const rolesHref = (): `/${string}` => '/roles';
export const createRoleHref = (): `/${string}` => '/role/create';
export const editRoleHref = (id: number): `/${string}` => `/role/${id}`;
