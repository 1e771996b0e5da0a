import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSignOutMutation } from '../api';
import { signedOut } from '../auth.slice';

/** Revokes the token on the server, then ends the session here; the route guard then shows sign-in. */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const dispatch = useAppDispatch();
  const [revoke, { isLoading }] = useSignOutMutation();
  const signOut = useCallback(async () => {
    try {
      await revoke().unwrap();
    } catch {
      // an already expired or revoked token cannot be revoked again; the user still leaves
    }
    dispatch(signedOut());
  }, [dispatch, revoke]);
  return { signOut, isSigningOut: isLoading };
}
