import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// One template per checkout: two worktrees testing at once must not overwrite each other's migrated template.
const checkout = createHash('sha1')
  .update(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'))
  .digest('hex')
  .slice(0, 8);

export const TEMPLATE_DUMP = path.join(os.tmpdir(), `aula-test-template-${process.env.USER ?? 'u'}-${checkout}.tar`);
export const PG_TEMPLATE_DB = `aula_test_template_${checkout}`;

/**
 * The shared fixtures (real data nobody here wrote, e.g. oneroster/): ../shared/fixtures beside the repository (a
 * checkout or CI's fresh clone), or beside a folder above it (a worktree in wt/); AULA_FIXTURES_DIR overrides.
 */
function findFixtures(): string {
  if (process.env.AULA_FIXTURES_DIR) return process.env.AULA_FIXTURES_DIR;
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  for (let dir = repo; ; dir = path.dirname(dir)) {
    const candidate = path.join(path.dirname(dir), 'shared', 'fixtures');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.join(path.dirname(repo), 'shared', 'fixtures');
  }
}

export const FIXTURES_DIR = findFixtures();

/** A file of the shared fixtures, e.g. fixturePath('oneroster', 'Test_minimal_data_set.zip'). */
export const fixturePath = (...parts: string[]): string => path.join(FIXTURES_DIR, ...parts);
