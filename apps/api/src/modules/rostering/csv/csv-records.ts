import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { RosterArchiveError } from './roster-archive-error';

// One CSV file of the archive, streamed record by record (csv-parse): a UTF-8 byte-order mark is dropped, blank lines
// are skipped, fields are trimmed. Rows are numbered as a spreadsheet shows them: the header is row 1.

export interface CsvRecord {
  row: number;
  values: string[];
}

export interface CsvFile {
  /** header names as written (trimmed) */
  header: string[];
  records: AsyncGenerator<CsvRecord>;
  /** stops reading (the records were not wanted after all) */
  close(): void;
}

function reasonOf(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  // csv-parse ends its messages with a full stop; the archive message adds its own
  return msg.replace(/\.$/, '');
}

/** Reads the header first (a file without one is refused), then yields the data records. */
export async function openCsv(stream: Readable, file: string): Promise<CsvFile> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(parser);
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  let row = 0;
  const next = async (): Promise<string[] | null> => {
    try {
      const r = await iterator.next();
      if (r.done) return null;
      row += 1;
      return r.value;
    } catch (err) {
      stream.destroy();
      if (err instanceof RosterArchiveError) throw err;
      // csv-parse's errors have codes CSV_...; anything else comes from the archive (a damaged deflate stream)
      const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
      if (!code.startsWith('CSV_')) throw new RosterArchiveError('damaged', { reason: reasonOf(err) });
      throw new RosterArchiveError('badCsv', { file, row: row + 1, reason: reasonOf(err) });
    }
  };
  const header = await next();
  if (!header || header.every((h) => h === '')) {
    stream.destroy();
    throw new RosterArchiveError('emptyFile', { file });
  }
  async function* records(): AsyncGenerator<CsvRecord> {
    try {
      for (let values = await next(); values; values = await next()) yield { row, values };
    } finally {
      stream.destroy();
    }
  }
  return { header, records: records(), close: () => stream.destroy() };
}
