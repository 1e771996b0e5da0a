import { useSyncExternalStore } from 'react';

/**
 * A value that handlers read synchronously (`get`) and components render (`useSyncStore`). The builder keeps its
 * working copy in one so that a save, which awaits call after call, always plans from the latest edits, never from
 * the state of the render that started it.
 */
export interface SyncStore<T> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSyncStore<T>(initial: T): SyncStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSyncStore<T>(store: SyncStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
