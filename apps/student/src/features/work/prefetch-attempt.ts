import { storeContext, type AppLoaderArgs } from '@aula/web/app/router.tsx';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * The work route's loader: asks for the attempt (`GET /student/attempts/:id`) as soon as the route starts loading,
 * beside the page's code (React Router runs a route's static loader in parallel with its `lazy`), instead of when the
 * page first renders. It holds nothing: it returns at once, and WorkPage's `useGetAttemptQuery` finds the request
 * in flight or answered (one request either way). Without a session there is nothing to ask (RequireSession sends
 * the student to sign in); an address that is not an attempt id is the page's not-found.
 */
export function prefetchAttempt({ params, context }: AppLoaderArgs): null {
  const raw = params.attemptId ?? '';
  const store = context.get(storeContext);
  if (!/^\d{1,9}$/.test(raw) || selectToken(store.getState()) === null) return null;
  void import('./api').then(({ workApi }) =>
    store.dispatch(workApi.endpoints.getAttempt.initiate(Number(raw), { subscribe: false })),
  );
  return null;
}

/** Only another attempt asks again: the screen shown (`?screen=n`) changes the address, not the attempt. */
export const revalidateOnAttempt = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
  currentParams.attemptId !== nextParams.attemptId;
