// BENCH_SLOW_MS=n: every SQL statement of this process slower than n ms is printed with its time, and
// printStatementTotals lists the statements by their total time (where an import spends its time).
import pg from 'pg';

const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);
const totals = new Map<string, { n: number; ms: number }>();

export function timeStatements(): void {
  if (SLOW_MS <= 0) return;
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const t0 = performance.now();
    const out = query.apply(this, args);
    const text = String((args[0] as { text?: string })?.text ?? args[0]).replace(/\s+/g, ' ');
    if (out instanceof Promise)
      void out.then(
        () => {
          const ms = performance.now() - t0;
          if (ms >= SLOW_MS) console.error(`  ${ms.toFixed(0).padStart(6)} ms  ${text.slice(0, 110)}`);
          const key = text.slice(0, 70);
          const t = totals.get(key) ?? { n: 0, ms: 0 };
          totals.set(key, { n: t.n + 1, ms: t.ms + ms });
        },
        () => undefined,
      );
    return out;
  } as typeof pg.Client.prototype.query;
}

export function printStatementTotals(what: string): void {
  if (SLOW_MS <= 0) return;
  const top = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  console.error(`  statements of the ${what}, by total time:`);
  for (const [k, t] of top) console.error(`  ${t.ms.toFixed(0).padStart(6)} ms ${String(t.n).padStart(5)}x  ${k}`);
  totals.clear();
}
