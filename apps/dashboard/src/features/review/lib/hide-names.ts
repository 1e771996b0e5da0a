// 'Hide names' (issue 6): a per-browser switch, so a teacher who projects the page and reloads it (or opens a
// student's work, or another assignment) never shows a name by surprise. Kept in localStorage; every open tab
// follows a change (the storage event), so a second window on the projector follows the teacher's laptop.

export const HIDE_NAMES_KEY = 'aula.dashboard.review.hideNames';

const listeners = new Set<() => void>();
// where storage is blocked (some private modes) the choice lives here until the page closes
let fallback = false;

function stored(): boolean | null {
  try {
    return localStorage.getItem(HIDE_NAMES_KEY) === '1';
  } catch {
    return null;
  }
}

/** Whether names are hidden in this browser now. */
export function currentHideNames(): boolean {
  return stored() ?? fallback;
}

export function writeHideNames(hidden: boolean): void {
  fallback = hidden;
  try {
    if (hidden) localStorage.setItem(HIDE_NAMES_KEY, '1');
    else localStorage.removeItem(HIDE_NAMES_KEY);
  } catch {
    // storage blocked: the fallback above carries the choice
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this tab's writes and other tabs' (storage events). */
export function subscribeHideNames(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === HIDE_NAMES_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
