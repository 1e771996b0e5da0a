import { translate } from '@aula/i18n/translate';
import type { MessageRef } from '../../../lib/errors';

/**
 * Why a roster source could not be read as a whole (refused credentials, an unreachable server, a 500 half way):
 * nothing of the read is kept. `ref` is the message key for the caller's language; `message` is the English text
 * for logs and the queue log. Never carries the secret or a token.
 */
export class RosterSourceError extends Error {
  constructor(readonly ref: MessageRef) {
    super(translate('en', ref.key, ref.params));
    this.name = 'RosterSourceError';
  }
}

export const sourceError = (key: string, params?: Record<string, string | number>) =>
  new RosterSourceError({ key: `rosteringSources.errors.${key}`, ...(params ? { params } : {}) });
