import { useAppDispatch } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { REDIRECT_PARAM, safeRedirect } from '@aula/web/config/paths.ts';
import { sessionStarted } from '@aula/web/features/auth/auth.slice.ts';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * 001 section 2, redirect: the hand-over point from another app or a single sign-on. A `token` parameter starts a
 * session (the store already dropped any stored one, 001 section 4); then the user continues to `redirect`, a path
 * of this app, or home.
 */
export function RedirectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const target = safeRedirect(params.get(REDIRECT_PARAM));

  useEffect(() => {
    if (token) dispatch(sessionStarted({ token, remember: false }));
    void navigate(target, { replace: true });
  }, [dispatch, navigate, token, target]);

  return (
    <main>
      <PageLoader />
    </main>
  );
}
