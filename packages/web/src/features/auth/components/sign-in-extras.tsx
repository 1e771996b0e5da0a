import { lazy, Suspense, useEffect, useState } from 'react';
import { toastApiError } from '../../../lib/api-error-toasts';
import { fetchSignInProviders } from '../sign-in-calls';
import type { SignInProvider } from '../auth.types';

// The divider and the buttons load only when a district has turned a provider on: most sign-in pages show none.
const SignInProviders = lazy(() => import('./sign-in-providers'));

/**
 * Below the sign-in form: 001 section 2's 'Or continue with' and a button per single sign-on provider, only for the
 * providers a district has turned on (the API says which; LTI starts from the learning platform, not here). With
 * none, or while the answer is on its way, nothing shows (the layout shows the theme's help phone and contact).
 * A plain call, not RTK Query, which the sign-in page does without (sign-in-calls.ts); a failure is toasted as the
 * response handler toasts any call a screen does not handle (lib/api-error-toasts.ts).
 */
export function SignInExtras() {
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  useEffect(() => {
    let live = true;
    void fetchSignInProviders().then(({ data, error }) => {
      if (!live) return;
      if (error) toastApiError(error);
      else setProviders(data ?? []);
    });
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SignInProviders providers={providers} />
    </Suspense>
  );
}
