import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { PGLITE_START_PARAMS, pgliteExecutor } from '../src/db/pglite';
import { ensurePgliteTemplate, templateKey } from '../src/db/pglite-template';
import { prepareJobQueueTables } from '../src/db/template-preparation';

/*
 * A server test's database starts as a copy of a database migrated once: every migration and
 * pg-boss's queue tables, as a fresh install's first start finds them (db/template-preparation.ts).
 * Running initdb and every migration per test file was most of a server test file's time (a fresh
 * PGlite in memory: initdb and 21 migrations, ~5x the copy; PostgreSQL: 21 migrations against one
 * CREATE DATABASE … TEMPLATE). Made by the server projects' global setup (test/global-setup.ts);
 * a test or benchmark run without it makes them on first use.
 */

/** PGlite: the template directory a fresh install copies (apps/server/.cache, named by the migrations). */
export function ensurePgliteTestTemplate(): Promise<unknown> {
  return ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS, (client) => prepareJobQueueTables(pgliteExecutor(client)));
}

function pgBossVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('pg-boss'));
  while (!dir.endsWith(`${path.sep}pg-boss`)) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template's name: a new migration or pg-boss version gives another, so a stale one is never used. */
function postgresTemplateName(): string {
  const key = createHash('sha256').update(`${templateKey(migrationsFolder)} pg-boss ${pgBossVersion()}`).digest('hex').slice(0, 16);
  return `fd_test_template_${key}`;
}

const made = new Map<string, Promise<string>>();

/**
 * PostgreSQL: the template database on the server of `base`, made when missing. Several processes may
 * ask at once (test workers, two runs on one server): an advisory lock lets one make it while the
 * others wait and find it. It accepts no connection (CREATE DATABASE … TEMPLATE refuses a template
 * anybody is connected to) and is kept for the next run with the same migrations.
 */
export function ensurePostgresTestTemplate(base: string): Promise<string> {
  let template = made.get(base);
  if (!template) {
    template = makePostgresTemplate(base);
    made.set(base, template);
    template.catch(() => made.delete(base));
  }
  return template;
}

async function makePostgresTemplate(base: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: base });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const partial = `${name}_partial`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    const url = new URL(base);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
    try {
      await database.migrate();
      await prepareJobQueueTables(database);
    } finally {
      await database.close();
    }
    await renameWhenUnused(admin, partial, name);
    await admin.query(`alter database ${name} with is_template true allow_connections false`);
    return name;
  } finally {
    // Ending the session releases the lock.
    await admin.end();
  }
}

/** Renaming needs no connection left, and a closed connection's server process may still be ending for a moment. */
async function renameWhenUnused(admin: pg.Client, from: string, to: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`alter database ${from} rename to ${to}`);
      return;
    } catch (error) {
      // 55006 object_in_use: "database is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
