import type { AnswerWireValue } from '@aula/domain/answers';
import type { AppDispatch } from '@aula/web/app/store.ts';
import { readError } from '@aula/web/lib/api-errors.ts';
import { workApi } from '../api';
import type { SaveTransport, SendResult } from './answer-saver';

/** The save queue's way to the server: POST answers and POST states through RTK Query, never tracked in the store. */
export function apiTransport(dispatch: AppDispatch): SaveTransport {
  const failed = (error: unknown): SendResult => {
    const { status, message, validation, retryAfterMs } = readError(error as Parameters<typeof readError>[0]);
    return { ok: false, status, message: message ?? validation[0], retryAfterMs };
  };
  return {
    async send(kind, attemptId, entries): Promise<SendResult> {
      if (kind === 'answer') {
        const answers = entries.map((e) => ({
          question_id: Number(e.key),
          value: e.value as AnswerWireValue,
          revision: e.revision,
        }));
        const r = await dispatch(
          workApi.endpoints.saveAnswers.initiate({ attemptId, body: { answers } }, { track: false }),
        );
        if (r.error || !r.data) return failed(r.error);
        return { ok: true, saved: r.data.saved.map((s) => ({ key: String(s.question_id), revision: s.revision })) };
      }
      const states = entries.map((e) => ({ id: e.key, value: e.value, revision: e.revision }));
      const r = await dispatch(
        workApi.endpoints.saveStates.initiate({ attemptId, body: { states } }, { track: false }),
      );
      if (r.error || !r.data) return failed(r.error);
      return { ok: true, saved: r.data.saved.map((s) => ({ key: s.id, revision: s.revision })) };
    },
  };
}

const REVISION_KEY = 'aula.student.work-revision';

/** This device's revision counter, kept across reloads so revisions only grow. */
export const storedRevisions = {
  read(): number {
    try {
      return Number(localStorage.getItem(REVISION_KEY)) || 0;
    } catch {
      return 0;
    }
  },
  write(value: number): void {
    try {
      localStorage.setItem(REVISION_KEY, String(value));
    } catch {
      // the clock still seeds revisions
    }
  },
};
