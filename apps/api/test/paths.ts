import os from 'node:os';
import path from 'node:path';

export const TEMPLATE_DUMP = path.join(os.tmpdir(), `aula-test-template-${process.env.USER ?? 'u'}.tar`);
export const PG_TEMPLATE_DB = 'aula_test_template';
