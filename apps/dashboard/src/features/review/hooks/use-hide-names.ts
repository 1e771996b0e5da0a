import { useT } from '@aula/web/lib/i18n.ts';
import { useCallback, useSyncExternalStore } from 'react';
import { currentHideNames, subscribeHideNames, writeHideNames } from '../lib/hide-names';
import { studentLabel } from '../lib/student-names';

/** The browser's 'hide names' choice and the way to change it. */
export function useHideNames(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(subscribeHideNames, currentHideNames, () => false);
  return [hidden, writeHideNames];
}

/** How a student of this assignment is shown on the review pages: their name, or their pseudonym. */
export function useStudentLabel(assignmentId: number): (student: { id: number; name: string }) => string {
  const t = useT();
  const [hidden] = useHideNames();
  return useCallback(
    (student: { id: number; name: string }) => studentLabel(t, hidden, assignmentId, student),
    [t, hidden, assignmentId],
  );
}
