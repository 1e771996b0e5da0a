import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';

// PLACEHOLDER (h-rqueue): the CSV helper's real reader replaces this file at merge. Only the signature the queue
// calls is here.

export interface ZipLimits {
  maxBytes?: number;
  maxEntries?: number;
  maxUncompressedBytes?: number;
}

/** A zip the reader refuses as a whole (not a zip, too big, a bad path, a missing manifest, ...). */
export class RosterArchiveError extends Error {}

export async function readOneRosterZip(
  filePath: string,
  limits?: ZipLimits,
): Promise<{ snapshot: RosterSnapshot; errors: RosterRowError[]; files: string[] }> {
  void filePath;
  void limits;
  await Promise.resolve();
  throw new RosterArchiveError('not merged');
}
