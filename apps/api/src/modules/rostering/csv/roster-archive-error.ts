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

/** A limit for a message: 100 MB, 1.5 KB, 500 bytes. */
export function sizeLabel(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
