import type { ComponentType } from 'react';
import { englishComplete } from '../lib/i18n';

const RELOAD_GUARD_KEY = `aula.${__AULA_APP__}.lazy-reload`;

/** True when this failure may reload the page: not yet tried, and the guard could be recorded. */
function claimReload(): boolean {
  try {
    if (localStorage.getItem(RELOAD_GUARD_KEY) !== null) return false;
    localStorage.setItem(RELOAD_GUARD_KEY, '1');
    return true;
  } catch {
    // without storage a reload could loop forever
    return false;
  }
}

function releaseReload(): void {
  try {
    localStorage.removeItem(RELOAD_GUARD_KEY);
  } catch {
    // nothing was recorded
  }
}

// A navigation can load several routes at once (the signed-in layout and its page): the guard is released only when
// every load that was under way together succeeded, so one route loading well cannot clear the guard that another
// route's failure set, which would reload for ever.
let pending = 0;
let failedTogether = false;

/**
 * A route whose page loads on demand. 001 section 2: when loading fails (usually a deploy replaced the chunk)
 * the page reloads once; a second failure reaches the route's error page. The guard lives in localStorage so
 * it survives the reload. The page's code loads beside the rest of the English catalogue (the fallback of every
 * language), which the page waits for; only the sign-in page, which the start catalogue covers, does not
 * (`startCatalogue`).
 */
export function lazyRoute(
  load: () => Promise<ComponentType>,
  { startCatalogue = false }: { startCatalogue?: boolean } = {},
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    if (pending === 0) failedTogether = false;
    pending++;
    try {
      const [Component] = await Promise.all([load(), startCatalogue ? undefined : englishComplete()]);
      return { Component };
    } catch (error) {
      failedTogether = true;
      if (claimReload()) {
        window.location.reload();
        // keep the router waiting while the browser reloads
        return new Promise<never>(() => undefined);
      }
      releaseReload();
      throw error;
    } finally {
      pending--;
      if (pending === 0 && !failedTogether) releaseReload();
    }
  };
}
