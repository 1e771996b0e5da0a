// The paths the app's own shell links to (home, the status pages, an account or organization). Kept apart from
// routes.ts, which loads every page: a page that links home imports this file, not the table that loads it.

export const routePaths = {
  home: '/',
  noPermissions: '/no-permissions',
  comingSoon: '/coming-soon',
  account: (accountId: number): `/${string}` => `/accounts/${accountId}`,
  organization: (orgId: number): `/${string}` => `/organizations/${orgId}`,
} as const;
