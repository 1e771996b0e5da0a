import type { RosterImportMode, RosterRowError, RosterRowStatus } from '@aula/domain/rostering';

// The fields of one CSV row, read by column name with the row's problems noted as they are found. A row with an
// error is left out of the snapshot; a warning keeps it. Messages name the column and quote the value.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 date-time as OneRoster writes it (2023-10-02T00:00:00.000Z, with or without fractions or zone); a bare
// date is accepted too
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

// a district's rows repeat a few dates (a term's begin date in every enrollment): each is checked once
const checkedDates = new Map<string, boolean>();
function isCalendarDate(value: string): boolean {
  let ok = checkedDates.get(value);
  if (ok === undefined) {
    if (checkedDates.size >= 10_000) checkedDates.clear();
    ok = checkDate(value);
    checkedDates.set(value, ok);
  }
  return ok;
}

function checkDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

// exports stamp many rows with the same dateLastModified: each is read once
const readDateTimes = new Map<string, string | null>();
/** an ISO 8601 date-time in UTC (2023-10-02T00:00:00.000Z), null when `value` is not one */
function utcOf(value: string): string | null {
  let utc = readDateTimes.get(value);
  if (utc === undefined) {
    if (readDateTimes.size >= 10_000) readDateTimes.clear();
    const ms = DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10)) ? Date.parse(value) : NaN;
    utc = Number.isNaN(ms) ? null : new Date(ms).toISOString();
    readDateTimes.set(value, utc);
  }
  return utc;
}

/**
 * One copy of each short value that repeats across rows (a class's sourcedId in its thousand enrollments, a role, a
 * date): a district's snapshot holds a million rows, and each cell is otherwise a string of its own.
 */
export class Interner {
  private readonly seen = new Map<string, string>();
  of(value: string): string {
    if (value.length > 64) return value;
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    this.seen.set(value, value);
    return value;
  }
}

// the allowed values the parsers ask for (a few dozen, from the code), lower-cased once: a district's million rows
// ask about ten each, and lower-casing each time was half a second of the worker's
const lowered = new Map<string, string>();
function lower(value: string): string {
  let key = lowered.get(value);
  if (key === undefined) {
    key = value.toLowerCase();
    lowered.set(value, key);
  }
  return key;
}

/** A file's header: where each column is, by its name in any case; a name as the parsers spell it is looked up once. */
export class CsvColumns {
  private readonly byName = new Map<string, number>();
  private readonly asked = new Map<string, number>();
  constructor(header: readonly string[]) {
    header.forEach((h, i) => {
      if (!this.byName.has(h.toLowerCase())) this.byName.set(h.toLowerCase(), i);
    });
  }
  /** the column's position, -1 when the header has no such column */
  indexOf(column: string): number {
    let i = this.asked.get(column);
    if (i === undefined) {
      i = this.byName.get(column.toLowerCase()) ?? -1;
      this.asked.set(column, i);
    }
    return i;
  }
}

export class RowReader {
  failed = false;
  constructor(
    readonly file: string,
    readonly row: number,
    private readonly columns: CsvColumns,
    private readonly values: string[],
    private readonly sink: RosterRowError[],
    private readonly interner?: Interner,
  ) {}

  error(column: string | null, message: string): void {
    this.failed = true;
    this.sink.push({ file: this.file, row: this.row, column, message, severity: 'error' });
  }

  warn(column: string | null, message: string): void {
    this.sink.push({ file: this.file, row: this.row, column, message, severity: 'warning' });
  }

  /** the trimmed value; '' when empty or when the header has no such column */
  get(column: string): string {
    const i = this.columns.indexOf(column);
    const v = i < 0 ? '' : (this.values[i] ?? '').trim();
    // a row's own sourcedId is unique; other values repeat
    return this.interner && v && column !== 'sourcedId' ? this.interner.of(v) : v;
  }

  opt(column: string): string | null {
    return this.get(column) || null;
  }

  req(column: string): string {
    const v = this.get(column);
    if (!v) this.error(column, `${column} is required`);
    return v;
  }

  /** a comma-separated list in one cell ("a,b" quoted in the file), empty items dropped */
  list(column: string, required = false): string[] {
    const items = this.get(column)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (required && items.length === 0) this.error(column, `${column} is required`);
    return items;
  }

  /** YYYY-MM-DD, a real calendar day */
  date(column: string, required = false): string | null {
    const v = required ? this.req(column) : this.get(column);
    if (!v) return null;
    if (!isCalendarDate(v)) {
      this.error(column, `${column} "${v}" is not a date (YYYY-MM-DD)`);
      return null;
    }
    return v;
  }

  /** an ISO 8601 date-time, given back in UTC (2023-10-02T00:00:00.000Z) */
  dateTime(column: string): string | null {
    const v = this.get(column);
    if (!v) return null;
    const utc = utcOf(v);
    if (utc === null) this.error(column, `${column} "${v}" is not a date-time (ISO 8601)`);
    return utc;
  }

  /** true or false in any case (real exports write TRUE); empty is `empty` */
  bool(column: string, empty: boolean | null): boolean {
    const v = this.get(column).toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (!v && empty !== null) return empty;
    if (!v) this.error(column, `${column} is required`);
    else this.error(column, `${column} "${this.get(column)}" must be true or false`);
    return false;
  }

  /** one of the allowed values, matched in any case and given back as the list spells it */
  oneOf<T extends string>(column: string, allowed: readonly T[], what: string, required = true): T | null {
    const v = required ? this.req(column) : this.get(column);
    if (!v) return null;
    const lv = v.toLowerCase();
    const found = allowed.find((a) => lower(a) === lv);
    if (!found) this.error(column, `${column} "${v}" is not a OneRoster ${what}`);
    return found ?? null;
  }

  /** sourcedId, status and dateLastModified, which every file has */
  base(mode: RosterImportMode): { sourcedId: string; status: RosterRowStatus; dateLastModified: string | null } {
    const sourcedId = this.req('sourcedId');
    const raw = this.get('status');
    let status: RosterRowStatus = 'active';
    if (raw.toLowerCase() === 'tobedeleted') {
      status = 'tobedeleted';
      if (mode === 'bulk') this.error('status', 'status "tobedeleted" is only allowed in a delta file');
    } else if (raw && raw.toLowerCase() !== 'active') {
      this.error('status', `status "${raw}" must be active or tobedeleted`);
    }
    return { sourcedId, status, dateLastModified: this.dateTime('dateLastModified') };
  }
}
