import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';

/**
 * The addresses an administrator pastes into an LMS to register Aula as an LTI 1.3 tool (docs/lti-lms-setup.md):
 * all on the API, at fixed paths (apps/api/src/modules/lti). Deep linking requests come to the launch URL too.
 */
export function ltiToolUrls(): { login: string; launch: string; deepLinking: string; jwks: string } {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const at = (path: string) => new URL(`${runtimeConfig.apiUrl.replace(/\/+$/, '')}${path}`, origin).toString();
  return { login: at('/lti/login'), launch: at('/lti/launch'), deepLinking: at('/lti/launch'), jwks: at('/lti/jwks') };
}

/** Where platforms fetch Aula's public keys: the API's fixed JWKS URL. */
export const jwksUrl = (): string => ltiToolUrls().jwks;
