import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { PG_TEMPLATE_DB, TEMPLATE_DUMP } from './paths';

// Migrates once per run: a PGlite data dir dumped to a file that every test file loads (fast, isolated), and for
// PostgreSQL a template database every test file copies with CREATE DATABASE ... TEMPLATE.
export default async function setup(project: TestProject) {
  const mode = project.config.env?.AULA_TEST_DB ?? 'pglite';
  if (mode === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const database = createDatabase(u.toString(), 2);
    await runMigrations(database);
    await database.close();
    return;
  }
  const embedded = await startEmbeddedDatabase({ maxConnections: 4 });
  const database = createDatabase(embedded.url, 1);
  await runMigrations(database);
  await database.close();
  const dump = await embedded.db.dumpDataDir('none');
  await mkdir(path.dirname(TEMPLATE_DUMP), { recursive: true });
  await writeFile(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await embedded.stop();
}
