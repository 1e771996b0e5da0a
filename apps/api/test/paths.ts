import { createHash } from 'node:crypto';
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
