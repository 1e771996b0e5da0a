import {
  DEFAULT_LTI_MESSAGE_TYPE,
  LTI_MESSAGE_TYPES,
  OAUTH_PROVIDERS,
  SSO_RESULT_STATUSES,
  SSO_SCOPES,
  type LtiMessageType,
  type OauthProviderCode,
  type OauthProviderName,
  type SsoResultStatus,
  type SsoScope,
} from '@aula/domain/auth';
import { safeRedirect } from '../../config/paths';

// Pure reading of the query parameters of the return pages (000 section 2) and the links built from them.
// Anything missing or malformed reads as null, so a page can tell an incomplete link from a failed sign-in.

export interface SsoReturn {
  status: SsoResultStatus | null;
  /** Sign-in type code (000 section 3): 1 ClassLink, 2 Clever, 3 LTI, 4 Google; 0 (form) is not a single sign-on. */
  type: OauthProviderCode | null;
  scope: SsoScope | null;
  token: string | null;
  message: string | null;
  redirect: string | null;
  hash: string | null;
  targetUrl: string | null;
  ltiMessageType: LtiMessageType;
}

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A provider code from a query or path value: only the digits 1 to 4. */
export function parseProviderCode(value: string | null | undefined): OauthProviderCode | null {
  if (!value || !/^\d$/.test(value)) return null;
  const code = Number(value);
  return code in OAUTH_PROVIDERS ? (code as OauthProviderCode) : null;
}

export function providerName(code: OauthProviderCode): OauthProviderName {
  return OAUTH_PROVIDERS[code];
}

export function parseLtiMessageType(value: string | null): LtiMessageType {
  return oneOf(LTI_MESSAGE_TYPES, value) ?? DEFAULT_LTI_MESSAGE_TYPE;
}

export function parseSsoReturn(params: URLSearchParams): SsoReturn {
  return {
    status: oneOf(SSO_RESULT_STATUSES, text(params, 'status')),
    type: parseProviderCode(text(params, 'type')),
    scope: oneOf(SSO_SCOPES, text(params, 'scope')),
    token: text(params, 'token'),
    message: text(params, 'message'),
    redirect: text(params, 'redirect'),
    hash: text(params, 'hash'),
    targetUrl: text(params, 'targetUrl'),
    ltiMessageType: parseLtiMessageType(text(params, 'ltiMessageType')),
  };
}

export interface LtiReturn {
  type: LtiMessageType;
  resourceId: number | null;
  resourceType: string | null;
}

export function parseLtiReturn(params: URLSearchParams): LtiReturn {
  const id = text(params, 'resource_id');
  return {
    type: parseLtiMessageType(text(params, 'type')),
    // ids are 1 to 9 digits, as in the routes (001 section 9)
    resourceId: id && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null,
    resourceType: text(params, 'resource_type'),
  };
}

/**
 * Where a successful sign-in continues within this app: a targetUrl on this app's own origin, else the redirect
 * path, else home. Other origins are ignored so a crafted link cannot send the user (and their token) away.
 */
export function ssoSuccessPath(sso: Pick<SsoReturn, 'targetUrl' | 'redirect'>, appOrigin: string): string {
  if (sso.targetUrl) {
    try {
      const target = new URL(sso.targetUrl, appOrigin);
      if (target.origin === appOrigin) return safeRedirect(`${target.pathname}${target.search}${target.hash}`);
    } catch {
      // not a URL: fall through to the redirect path
    }
  }
  return safeRedirect(sso.redirect);
}

/**
 * 000 section 2, role chooser: Student goes to the student host, Staff to the dashboard host, each at an oauth path
 * carrying type, status and scope. The student app reads them on its single-sign-on return page (/oauth), the
 * dashboard on the callback route of the provider (/oauth/{type}).
 */
export function roleChooserTarget(
  scope: SsoScope,
  { type, status, hash }: { type: OauthProviderCode; status: SsoResultStatus; hash?: string | null },
  urls: { dashboardUrl: string; studentUrl: string },
): string {
  // the one-time hash of the sign-in (docs/sso.md) lets the chosen app open the session
  const query = new URLSearchParams({ type: String(type), status, scope, ...(hash ? { hash } : {}) }).toString();
  return scope === 'student' ? `${urls.studentUrl}/oauth?${query}` : `${urls.dashboardUrl}/oauth/${type}?${query}`;
}

// the sign-in page's single sign-on links; in their own module, which does not load the domain's zod schemas
export { oauthStartUrl } from './sso-start';
