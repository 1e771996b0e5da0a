import type { AppDispatch } from '@aula/web/app/store.ts';
import { AnswerSaver } from './answer-saver';
import { indexedDbStore, pendingAttemptIds } from './local-answers';
import { apiTransport, storedRevisions } from './save-transport';

/**
 * Sends what an earlier visit left on this device (the player was closed offline, the server was down). Safe to
 * send without the server's answers at hand: the server keeps whichever revision is greater, and says which.
 */
export async function sendLeftovers(dispatch: AppDispatch): Promise<void> {
  let ids: number[];
  try {
    ids = await pendingAttemptIds();
  } catch {
    return;
  }
  for (const attemptId of ids) {
    const saver = new AnswerSaver({
      attemptId,
      store: indexedDbStore,
      transport: apiTransport(dispatch),
      revisions: storedRevisions,
    });
    try {
      await saver.open({ answers: [], states: [] });
      await saver.flushAll();
    } finally {
      saver.stop();
    }
  }
}
