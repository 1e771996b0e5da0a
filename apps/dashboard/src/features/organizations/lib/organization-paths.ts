// Where the organization pages live (rows of apps/dashboard/src/config/routes.ts): the list (also under an
// account), the school page, /organization/create and the edit page /organization/{orgId}.

export const organizationsHref = (accountId?: number): `/${string}` =>
  accountId === undefined ? '/organizations' : `/accounts/${accountId}/organizations`;
export const organizationHref = (id: number): `/${string}` => `/organizations/${id}`;
export const createOrganizationHref = (accountId?: number): `/${string}` =>
  accountId === undefined ? '/organization/create' : `/organization/create?account_id=${accountId}`;
export const editOrganizationHref = (id: number): `/${string}` => `/organization/${id}`;
export const organizationAssignmentsHref = (id: number): `/${string}` => `/organizations/${id}/assignments`;
