import type { SsoScope } from '@aula/domain/auth';
import { safeRedirect } from '../../config/paths';

// What a single sign-on callback answered (POST /{app}/auth/oauth/{provider}, docs/sso.md) and where the browser goes
// next. Pure, so both apps' pages share it and a unit test pins it.

export type SsoSignInResult =
  | {
      status: 'success';
      type: number;
      scope: SsoScope;
      token: string;
      expires_at: string;
      /** an LTI launch: the page of this app the launch opens (issue 18) */
      target?: string;
    }
  | { status: 'success'; type: number; scope: null; hash: string; roles: readonly SsoScope[] }
  | { status: 'connect'; type: number; scope: SsoScope; hash: string };

export type SsoNext =
  /** a session of this app: store the token and go to `path` (home, or the page an LTI launch opens) */
  | { kind: 'session'; token: string; path: string }
  /** the user belongs in the other app: hand the token over on its host */
  | { kind: 'leave'; href: string }
  /** 'Choose Your Role' (000 section 2), within this app */
  | { kind: 'choose'; path: string }
  /** no Aula user yet: sign in with the password, then connect */
  | { kind: 'connect'; connectPath: string };

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

export function oauthConnectPath(type: number, hash: string): string {
  return `/oauth/${type}/connect?${query({ hash })}`;
}

export function nextAfterSso(
  result: SsoSignInResult,
  app: SsoScope,
  urls: { dashboardUrl: string; studentUrl: string },
): SsoNext {
  const type = String(result.type);
  if (result.status === 'connect') return { kind: 'connect', connectPath: oauthConnectPath(result.type, result.hash) };
  if ('token' in result) {
    if (result.scope === app) return { kind: 'session', token: result.token, path: safeRedirect(result.target) };
    // students land in the student app, staff in the dashboard
    return {
      kind: 'leave',
      href:
        result.scope === 'student'
          ? `${urls.studentUrl}/oauth?${query({ status: 'success', type, scope: 'student', token: result.token })}`
          : `${urls.dashboardUrl}/redirect?${query({ token: result.token })}`,
    };
  }
  return { kind: 'choose', path: `/oauth-scope?${query({ type, status: 'success', hash: result.hash })}` };
}
