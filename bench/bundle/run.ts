// bench/bundle: each app's initial JavaScript (issue 13: the entry script and every modulepreload in the built
// index.html, gzipped; aims: student under 200 KB, dashboard under 300 KB), and Lighthouse's mobile performance
// score of both sign-in pages and of the student's first activity page (aim: at least 90). Builds both apps first.
// Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/server';
import { initialScripts } from './initial-js';
import { lighthouseScores } from './lighthouse';

const AIMS_KB = { student: 200, dashboard: 300 } as const;
type AppName = keyof typeof AIMS_KB;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(app: AppName): void {
  const scripts = initialScripts(path.join(ROOT, 'apps', app, 'dist'));
  const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const aim = AIMS_KB[app];
  console.log(
    `${app.padEnd(9)} ${String(scripts.length).padStart(2)} files  raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  aim < ${aim} KB  ${gzip / 1024 < aim ? 'met' : 'NOT MET'} (${((gzip / 1024 / aim) * 100).toFixed(0)}% of aim)`,
  );
  if (process.env.BENCH_BUNDLE_FILES === '1') {
    for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`    ${kb(s.gzip).padStart(8)}  ${s.url}`);
    }
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('\ninitial JavaScript (entry script + every modulepreload of the built index.html, gzip level 9)');
  for (const app of Object.keys(AIMS_KB) as AppName[]) report(app);
  console.log(
    `(sizes do not move with load; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
  if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return;
  await lighthouseScores();
}

await main();
