import { translate } from '@aula/i18n/translate';
import { DomainError } from '../../../lib/errors';

// A OneRoster zip refused as a whole (issue 16 item 2): nothing of it is imported. The error plugin answers 422 with
// the message in the caller's language (rosterValidation.archive.* in packages/i18n); `message` is the English text,
// for logs and the import queue's log.

export type RosterArchiveProblem =
  | 'notZip'
  | 'damaged'
  | 'tooBig'
  | 'tooManyEntries'
  | 'tooLarge'
  | 'entryLies'
  | 'unsafePath'
  | 'duplicateEntry'
  | 'noManifest'
  | 'twoManifests'
  | 'manifestHeader'
  | 'manifestVersion'
  | 'manifestMode'
  | 'missingFile'
  | 'noRosterFiles'
  | 'emptyFile'
  | 'missingColumns'
  | 'badCsv';

export class RosterArchiveError extends DomainError {
  readonly status = 422;
  constructor(
    readonly problem: RosterArchiveProblem,
    params: Record<string, string | number> = {},
  ) {
    super({ key: `rosterValidation.archive.${problem}`, params });
    this.name = 'RosterArchiveError';
    this.message = translate('en', this.ref.key, params);
  }
}

/** Megabytes for a message (limits are given in bytes). */
export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;
