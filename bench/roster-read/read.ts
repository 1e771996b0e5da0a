// One read of a OneRoster zip in a process of its own (bench/roster-read/run.ts): time, peak resident memory.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { readOneRosterZip } from '../../apps/api/src/modules/rostering/csv/read-zip';

const file = process.argv[2];
if (!file) throw new Error('usage: read.ts <zip>');
const baseline = process.resourceUsage().maxRSS * 1024;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const { snapshot, errors } = await readOneRosterZip(file);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const peak = process.resourceUsage().maxRSS * 1024;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const rows =
  snapshot.orgs.length +
  snapshot.academicSessions.length +
  snapshot.courses.length +
  snapshot.classes.length +
  snapshot.users.length +
  snapshot.enrollments.length;
console.log(
  `read ${rows} rows in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s), ${errors.length} problems`,
);
console.log(
  `CPU ${cpuSeconds.toFixed(2)} s (${Math.round(rows / cpuSeconds)} rows per CPU-second); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
);
console.log(`peak RSS ${mb(peak)} (process before reading ${mb(baseline)}; the snapshot's rows stay in memory)`);
