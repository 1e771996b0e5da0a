import { useCallback, useEffect, useRef, useState } from 'react';

/** What the builder's save indicator shows (docs/activities.md, "Saving"). */
export type SaveStatus = 'saved' | 'saving' | 'failed' | 'blocked';

/** How long the builder waits after the last edit before it saves (a burst of typing is one save). */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Autosave: `save` runs AUTOSAVE_DELAY_MS after the last change (`changes` is any value that is new after every
 * edit) while `dirty`, one save at a time; edits made during a save are saved right after it. `save` throws when a
 * call failed and answers false when it had to leave something unsaved (a header without a title). `flush` saves
 * now and resolves to whether everything is saved, for leaving the page and for Publish.
 */
export function useAutosave({
  dirty,
  changes,
  save,
}: {
  dirty: boolean;
  changes: unknown;
  save: () => Promise<boolean>;
}): { status: SaveStatus; flush: () => Promise<boolean> } {
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const saveRef = useRef(save);
  const inFlight = useRef<Promise<boolean> | null>(null);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback((): Promise<boolean> => {
    if (inFlight.current) return inFlight.current.then(() => flush());
    setRunning(true);
    const run = saveRef.current().then(
      (complete) => {
        setFailed(false);
        setIncomplete(!complete);
        return complete;
      },
      () => {
        setFailed(true);
        return false;
      },
    );
    inFlight.current = run.finally(() => {
      inFlight.current = null;
      setRunning(false);
    });
    return inFlight.current;
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, changes, flush]);

  const status: SaveStatus = !dirty
    ? 'saved'
    : running
      ? 'saving'
      : failed
        ? 'failed'
        : incomplete
          ? 'blocked'
          : 'saving';
  return { status, flush };
}
