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
 * The shared fixtures folder (../shared/fixtures beside the checkout: CI clones the repository next to it; a git
 * worktree one level further down finds it two levels up). AULA_SHARED_DIR overrides both.
 */
export function sharedFixturesDir(): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const candidates = [
    process.env.AULA_SHARED_DIR,
    path.join(root, '..', 'shared'),
    path.join(root, '..', '..', 'shared'),
  ].filter((c): c is string => !!c);
  const found = candidates.find((c) => existsSync(path.join(c, 'fixtures')));
  if (!found) throw new Error(`The shared fixtures folder was not found (looked in ${candidates.join(', ')})`);
  return path.join(found, 'fixtures');
}
