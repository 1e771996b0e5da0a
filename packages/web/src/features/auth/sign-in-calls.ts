import { useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { apiFetch } from '../../lib/api-fetch';
import type { ApiError } from '../../lib/api-errors';
import { sessionRejected } from '../../lib/session-actions';
import { sessionStarted } from './auth.slice';
import type { SignInProvider, SignInRequest, SignInResult } from './auth.types';

// The sign-in page's calls without RTK Query (docs/performance-front-end.md): its first screen does not load the
// API slice, which comes with the first signed-in page (lib/api.ts). The other auth calls stay in api.ts.

/** 001 section 2: signs in with the form's login and password; on success the session starts (auth slice). */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ isLoading: boolean; error?: ApiError }>({ isLoading: false });
  // the answer of a call that `reset` left behind is not shown
  const current = useRef(0);

  const signIn = async (request: SignInRequest): Promise<boolean> => {
    const id = ++current.current;
    setState({ isLoading: true });
    const result = await apiFetch<{ data: SignInResult }>(`/${__AULA_APP__}/auth/form`, {
      method: 'POST',
      body: request,
    });
    if (result.error) {
      // as every API call (lib/api.ts): a 401 ends whatever session there was
      if (result.error.status === 401) dispatch(sessionRejected());
      if (id === current.current) setState({ isLoading: false, error: result.error });
      return false;
    }
    if (id === current.current) setState({ isLoading: false });
    dispatch(sessionStarted({ token: result.data.data.token, remember: request.rememberMe ?? false }));
    return true;
  };

  const reset = () => {
    current.current++;
    setState({ isLoading: false });
  };

  return [signIn, { ...state, reset }] as const;
}

/** The 'Or continue with' providers a district has turned on (issue 14): none until one does. */
export async function fetchSignInProviders(): Promise<{ data?: SignInProvider[]; error?: ApiError }> {
  const result = await apiFetch<{ data: SignInProvider[] }>(`/${__AULA_APP__}/auth/sign-in-providers`);
  return result.error ? { error: result.error } : { data: result.data.data };
}
