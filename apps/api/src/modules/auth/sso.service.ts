import { OAUTH_PROVIDERS, SIGN_IN_BUTTON_PROVIDERS, type SignInButtonProvider } from '@aula/domain/auth';
import type { Deps } from '../../lib/deps';
import { listEnabledSsoProviders } from './sso.repo';

export interface SignInProvider {
  code: number;
  provider: SignInButtonProvider;
}

const CODE_OF = Object.fromEntries(Object.entries(OAUTH_PROVIDERS).map(([code, name]) => [name, Number(code)]));

/**
 * The 'Or continue with' buttons a sign-in page shows (issue 14, item 10): the providers a district has turned on in
 * its `sso` setting, in the spec's order; none until one does. No host is tied to one district yet (themes pick a
 * brand, not a tenant), so every host serves every district and offers what any live district turned on.
 */
export async function listSignInProviders(deps: Pick<Deps, 'db'>): Promise<SignInProvider[]> {
  const enabled = new Set(await listEnabledSsoProviders(deps.db));
  return SIGN_IN_BUTTON_PROVIDERS.filter((p) => enabled.has(p)).map((provider) => ({
    code: CODE_OF[provider]!,
    provider,
  }));
}
