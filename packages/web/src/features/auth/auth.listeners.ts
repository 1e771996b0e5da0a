import { createListenerMiddleware, type Dispatch } from '@reduxjs/toolkit';
import { changeLanguage } from '../../lib/i18n';
import { TOKEN_KEY, clearStoredToken, writeStoredToken } from '../../lib/token-storage';
import { isMyLoaded, signedOut, type AuthRootState } from './auth.slice';

export const authListeners = createListenerMiddleware();
const startListening = authListeners.startListening.withTypes<AuthRootState, Dispatch>();

// Storage mirrors the session after every auth action (001 section 3), whatever caused the change.
startListening({
  predicate: (_action, current, previous) =>
    current.auth.token !== previous.auth.token || current.auth.remember !== previous.auth.remember,
  effect: (_action, listenerApi) => {
    const { token, remember } = listenerApi.getState().auth;
    if (token) {
      writeStoredToken({ token, remember });
    } else {
      // the API slice's cached answers, which belong to the user who just left, go too (lib/api.ts listens)
      clearStoredToken();
    }
  },
});

startListening({
  matcher: isMyLoaded,
  effect: async ({ payload }) => {
    const language = payload.settings.find((s) => s.setting === 'language')?.value;
    if (typeof language === 'number') {
      // the spec also numbers languages (English=0, Spanish=1, Ukrainian=2); loaded on demand to keep zod out
      // of the first bundle
      const { languageFromNumber } = await import('@aula/domain/languages');
      await changeLanguage(languageFromNumber(language));
    } else {
      await changeLanguage(language);
    }
  },
});

/** 001 section 4: removing the remembered token in another tab signs this tab out too. */
export function watchOtherTabs(getState: () => AuthRootState, dispatch: Dispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const { token, remember } = getState().auth;
    if (token && remember && event.newValue === null) dispatch(signedOut());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
