import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every feature injects its calls into the one RTK Query api (packages/web/src/lib/api.ts). An endpoint name that two
// features both inject is kept from whichever loads first and silently ignored in the other, whose page then sends
// the first one's request. So each name is injected once across both packages.
const ROOTS = ['apps/dashboard/src', 'packages/web/src'].map((r) => path.resolve(__dirname, '../../../..', r));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('RTK Query endpoint names', () => {
  it('are injected by one feature each', () => {
    const seen = new Map<string, string[]>();
    for (const file of ROOTS.flatMap(sourceFiles)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/^\s+([A-Za-z]\w*): build\.(?:query|mutation)\b/gm)) {
        seen.set(name!, [...(seen.get(name!) ?? []), path.relative(process.cwd(), file)]);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
