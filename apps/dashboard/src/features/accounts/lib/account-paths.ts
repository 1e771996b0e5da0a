import { routePaths } from '../../../config/route-paths';

// Where the account pages live (rows of apps/dashboard/src/config/routes.ts; docs/accounts.md). Edit is
// /edit-account/:accountId; /edit-account, /options and /delete without an id act on the viewer's own account.

type Path = `/${string}`;

export const accountsHref = (): Path => '/accounts';
export const accountHref = (id: number): Path => routePaths.account(id);
export const createAccountHref = (): Path => '/create-account';
export const editAccountHref = (id: number): Path => `/edit-account/${id}`;
export const accountSettingsHref = (id: number): Path => `/accounts/${id}/settings`;
export const accountOptionsHref = (id: number): Path => `/accounts/${id}/options`;
export const ssoProvidersHref = (id: number): Path => `/accounts/${id}/sso-providers`;
export const deleteAccountHref = (id: number): Path => `/accounts/${id}/delete`;
