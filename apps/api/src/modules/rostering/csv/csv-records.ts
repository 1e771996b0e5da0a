import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { RosterArchiveError } from './roster-archive-error';

// One CSV file of the archive, streamed record by record (csv-parse): a UTF-8 byte-order mark is dropped, blank lines
// are skipped, fields are trimmed. Rows are numbered as a spreadsheet shows them: the header is row 1. Records are
// handed over synchronously as they are parsed (no promise per record: a district has a million enrollments); a
// handler that returns a promise now and then (a batch of rows written elsewhere) pauses the file until it settles.

export interface CsvRecord {
  row: number;
  values: string[];
}

export interface CsvHandlers {
  /** the header (names as written); throwing here stops the file */
  header(names: string[]): void;
  record(rec: CsvRecord): void | Promise<void>;
}

function reasonOf(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  // csv-parse ends its messages with a full stop; the archive message adds its own
  return msg.replace(/\.$/, '');
}

/** Reads the whole file; a file without a header is refused (RosterArchiveError), as is one that is not CSV. */
export function readCsv(stream: Readable, file: string, on: CsvHandlers): Promise<void> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  return new Promise<void>((resolve, reject) => {
    let row = 0;
    let done = false;
    let pending: Promise<void> | null = null;
    const fail = (err: unknown) => {
      if (done) return;
      done = true;
      stream.unpipe(parser);
      stream.destroy();
      parser.destroy();
      if (err instanceof RosterArchiveError) return reject(err);
      // csv-parse's errors have codes CSV_...; anything else comes from the archive (a damaged deflate stream)
      const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
      if (!code.startsWith('CSV_')) return reject(new RosterArchiveError('damaged', { reason: reasonOf(err) }));
      reject(new RosterArchiveError('badCsv', { file, row: row + 1, reason: reasonOf(err) }));
    };
    parser.on('data', (values: string[]) => {
      if (done) return;
      row += 1;
      try {
        if (row === 1) {
          if (values.every((h) => h === '')) throw new RosterArchiveError('emptyFile', { file });
          on.header(values);
        } else {
          const wait = on.record({ row, values });
          if (wait) {
            parser.pause();
            pending = wait.then(
              () => {
                pending = null;
                if (!done) parser.resume();
              },
              (err: unknown) => {
                // the handler's own failure (not the archive's): passed on as it is
                if (done) return;
                done = true;
                stream.unpipe(parser);
                stream.destroy();
                parser.destroy();
                reject(err instanceof Error ? err : new Error(String(err)));
              },
            );
          }
        }
      } catch (err) {
        fail(err);
      }
    });
    parser.on('error', fail);
    stream.on('error', fail);
    parser.on('end', () => {
      const end = () => {
        if (done) return;
        done = true;
        if (row === 0) reject(new RosterArchiveError('emptyFile', { file }));
        else resolve();
      };
      if (pending) void pending.then(end);
      else end();
    });
    stream.pipe(parser);
  });
}
