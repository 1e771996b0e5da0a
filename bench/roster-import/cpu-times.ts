// CPU-seconds of a process and of PostgreSQL backends (from /proc: the server runs on this machine), so that the
// import and the COPY baseline can be compared by the work they cost, which the machine's load moves far less than
// their wall-clock time.
import { readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, from the text of /proc/<pid>/stat (0 when it is gone). */
export function statSeconds(text: string): number {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields after the name start at field 3 (state): utime is field 14, stime field 15
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

export function processSeconds(pid: number): number {
  try {
    return statSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** bash's `times`: its children's user and system time on the second line ("0m1.234s 0m0.567s"). */
export function childrenSeconds(timesOutput: string): number {
  const line = timesOutput.trim().split('\n').pop() ?? '';
  return line
    .split(' ')
    .map((t) => /(\d+)m([\d.]+)s/.exec(t))
    .reduce((s, m) => s + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
}
