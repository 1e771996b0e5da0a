// Where the domain pages live (rows of apps/dashboard/src/config/routes.ts).

export const domainsHref = (): `/${string}` => '/domains';
export const myDomainHref = (): `/${string}` => '/domain';
export const createDomainHref = (): `/${string}` => '/domain/create';
export const editDomainHref = (id: number): `/${string}` => `/domain/${id}`;
