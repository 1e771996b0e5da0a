import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { StatusPage } from '../components/status-page';
import { useGetMyQuery } from '../features/auth/api';
import { selectCurrentUser, selectToken } from '../features/auth/auth.slice';
import { useAppSelector } from './hooks';
import { useT } from '../lib/i18n';
import { usePageShown } from '../lib/page-shown';

// Loaded once the first page has shown its content (lib/page-shown.ts): it brings the domain's auth rules (and zod), which the first bundle does without.
const ChangePasswordPrompt = lazy(() =>
  import('../features/auth/components/change-password-prompt').then((m) => ({ default: m.ChangePasswordPrompt })),
);

/**
 * Inside RequireSession (guards.tsx), once there is a token: the user info is (re)loaded from /my before any page
 * renders, so every page can rely on the user, role and permissions. A route of its own that loads with the first
 * signed-in page: it brings the API slice (RTK Query), which the sign-in page does without.
 */
export function RequireUser() {
  const t = useT();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectCurrentUser);
  // skipped in the render that signs out, before RequireSession leaves
  const my = useGetMyQuery(undefined, { skip: token === null });
  const pageShown = usePageShown();

  if (user)
    return (
      <>
        <Outlet />
        {pageShown && (
          <Suspense fallback={null}>
            <ChangePasswordPrompt />
          </Suspense>
        )}
      </>
    );
  if (my.isError) {
    // a 401 already signed the user out; anything else (server down) gets a way to try again
    return (
      <StatusPage
        title={t(`${__AULA_APP__}.pages.errorTitle`)}
        action={
          <Button type="primary" onClick={() => void my.refetch()}>
            {t(`${__AULA_APP__}.pages.retry`)}
          </Button>
        }
      />
    );
  }
  return <PageLoader />;
}
