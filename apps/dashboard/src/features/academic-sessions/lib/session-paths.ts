// Where the academic session pages live (rows of apps/dashboard/src/config/routes.ts).

export const sessionsHref = (accountId?: number): `/${string}` =>
  accountId ? `/accounts/${accountId}/academic-sessions` : '/academic-sessions';
export const createSessionHref = (accountId: number): `/${string}` => `/accounts/${accountId}/academic-sessions/create`;
