import type { ComponentType } from 'react';

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

/**
 * A route whose page loads on demand. 001 section 2: when loading fails (usually a deploy replaced the chunk)
 * the page reloads once; a second failure reaches the route's error page. The guard lives in localStorage so
 * it survives the reload.
 */
export function lazyRoute(load: () => Promise<ComponentType>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const Component = await load();
      releaseReload();
      return { Component };
    } catch (error) {
      if (claimReload()) {
        window.location.reload();
        // keep the router waiting while the browser reloads
        return new Promise<never>(() => undefined);
      }
      releaseReload();
      throw error;
    }
  };
}
