import { answerFromWire, answerToWire, type AnswerValue } from '@aula/domain/answers';
import type { Question } from '@aula/domain/activity-content';
import type { AnswerWireValue } from '@aula/domain/answers';
import type { AttemptView } from '@aula/domain/attempts';
import { useAppDispatch } from '@aula/web/app/hooks.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { workApi } from '../api';
import { AnswerSaver } from '../lib/answer-saver';
import { openPendingStore } from '../lib/local-answers';
import type { SaveState } from '../lib/save-rules';
import { apiTransport, storedRevisions } from '../lib/save-transport';

/**
 * Savers of pages just left, still sending, and when the last of them finished: a page opening the same attempt
 * waits for them and reads the attempt again when its view was asked for before they finished.
 */
const leavingSavers = new Map<number, Promise<unknown>>();
const leftAt = new Map<number, number>();

export interface OpenedWork {
  answers: Record<number, AnswerValue>;
  states: Map<string, unknown>;
}

/**
 * The save queue of the attempt shown: opened with the server's answers (this device's newer ones applied over them),
 * told of every change, retried when the browser comes back online or the page regains focus. Leaving the page
 * sends what is left; whatever cannot be sent stays in IndexedDB for the next time.
 */
export function useAnswerSaver(
  view: AttemptView,
  questions: ReadonlyMap<number, Question>,
  /** when the request for `view` started (RTK Query's startedTimeStamp) */
  viewAskedAt: number,
) {
  const dispatch = useAppDispatch();
  const attemptId = view.attempt?.id ?? 0;
  const [opened, setOpened] = useState<OpenedWork | null>(null);
  const [durable, setDurable] = useState(true);
  const [state, setState] = useState<SaveState>({ pending: 0, rejected: [], connection: 'ok' });
  const saverRef = useRef<AnswerSaver | null>(null);
  // the view of the first render: a refetch while working must not reopen the queue
  const first = useRef({ view, questions, viewAskedAt });

  useEffect(() => {
    let live = true;
    let saver: AnswerSaver | null = null;
    const { questions: qs } = first.current;
    let v = first.current.view;
    void (async () => {
      await leavingSavers.get(attemptId);
      if ((leftAt.get(attemptId) ?? 0) >= first.current.viewAskedAt) {
        // what that page sent may have landed after this page's view was read
        const fresh = await dispatch(
          workApi.endpoints.getAttempt.initiate(attemptId, { forceRefetch: true, subscribe: false }),
        );
        if (fresh.data) v = fresh.data;
      }
      const { store, durable: kept } = await openPendingStore();
      if (!live) return;
      saver = new AnswerSaver({ attemptId, store, transport: apiTransport(dispatch), revisions: storedRevisions });
      saverRef.current = saver;
      saver.subscribe(setState);
      const { answers, states } = await saver.open({
        answers: v.answers.map((a) => ({ key: String(a.question_id), revision: a.revision, value: a.value })),
        // the view carries no revision for states: any kept on this device is newer than what the page was sent
        states: v.states.map((s) => ({ key: s.id, revision: 0, value: s.value })),
      });
      if (!live) return;
      const values: Record<number, AnswerValue> = {};
      for (const [key, wire] of answers) {
        const question = qs.get(Number(key));
        if (question) values[question.id] = answerFromWire(wire as AnswerWireValue, question.type);
      }
      setDurable(kept);
      setOpened({ answers: values, states });
    })();
    const retry = () => saverRef.current?.retryNow();
    const offline = () => saverRef.current?.markOffline();
    const visible = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', retry);
    window.addEventListener('offline', offline);
    window.addEventListener('focus', retry);
    document.addEventListener('visibilitychange', visible);
    return () => {
      live = false;
      window.removeEventListener('online', retry);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', retry);
      document.removeEventListener('visibilitychange', visible);
      saverRef.current = null;
      const left = saver;
      // what is left goes now; whatever cannot is sent the next time this attempt or the home page is opened
      if (left) {
        const done = left.flushAll().finally(() => left.stop());
        leavingSavers.set(attemptId, done);
        void done.finally(() => {
          leftAt.set(attemptId, Date.now());
          if (leavingSavers.get(attemptId) === done) leavingSavers.delete(attemptId);
        });
      }
    };
  }, [attemptId, dispatch]);

  const changeAnswer = useCallback((questionId: number, value: AnswerValue) => {
    saverRef.current?.change('answer', String(questionId), answerToWire(value));
  }, []);
  const changeState = useCallback((itemId: string, value: unknown) => {
    saverRef.current?.change('state', itemId, value);
  }, []);
  const flushAll = useCallback(
    async () => (saverRef.current ? saverRef.current.flushAll() : ({ ok: false, reason: 'unreachable' } as const)),
    [],
  );

  return { opened, durable, state, changeAnswer, changeState, flushAll };
}
