import type { OauthProviderCode, SsoScope } from '@aula/domain/auth';

// Apart from sso-params.ts so the sign-in page's provider buttons do not bring the domain's zod schemas.

/** Where the 'Or continue with' buttons start a single sign-on: the API's OAuth start for the provider and app. */
export function oauthStartUrl(
  apiUrl: string,
  provider: OauthProviderCode,
  scope: SsoScope,
  /** the district's ID, when more than one district signs in with the provider (docs/sso.md) */
  district?: string,
): string {
  const query = new URLSearchParams({ scope, ...(district?.trim() ? { district: district.trim() } : {}) });
  return `${apiUrl}/oauth/${provider}?${query.toString()}`;
}
