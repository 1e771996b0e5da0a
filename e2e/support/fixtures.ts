import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared fixtures (real data nobody here wrote): ../shared/fixtures beside the repository (CI's fresh clone with
 * ../shared beside it), or beside a folder above it (a worktree in wt/); AULA_FIXTURES_DIR overrides. The same rule
 * as apps/api/test/paths.ts.
 */
function findFixtures(): string {
  if (process.env.AULA_FIXTURES_DIR) return process.env.AULA_FIXTURES_DIR;
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  for (let dir = repo; ; dir = path.dirname(dir)) {
    const candidate = path.join(path.dirname(dir), 'shared', 'fixtures');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.join(path.dirname(repo), 'shared', 'fixtures');
  }
}

/** A file of the shared fixtures, e.g. fixturePath('oneroster', 'Test_minimal_data_set.zip'). */
export const fixturePath = (...parts: string[]): string => path.join(findFixtures(), ...parts);
