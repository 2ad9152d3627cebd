import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsAreCurrent, migrationsFolder, type Database, type DatabaseHandle, type OpenDatabaseOptions, type SqlExecutor } from './client';
import { acquireDirectoryLock } from './directory-lock';
import { releaseFsBundle, type PgliteArtifacts } from './pglite-artifacts';
import { drizzleClient, installIdentityParsers } from './pglite-parsers';
import { restorePgliteTypes, type RawParsers } from './pglite-raw-parsers';
import { unpackPgliteTemplate } from './pglite-template';
import * as schema from './schema';

/**
 * PGlite's own defaults are a server's: shared_buffers 128 MB (and wal_buffers 4 MB derived from it)
 * and maintenance_work_mem 64 MB, all resident once touched, for a database far smaller with the ten
 * years of EIA prices. 8 MB of buffers holds the hot pages (a price history, the latest prices);
 * the files stay in the OS page cache. PGlite touches all its buffers when it opens, so each MB of
 * them is a MB of the server's resident memory from its start: 8 MB instead of 16 MB left 8 MiB less
 * after the import and a load run on GET /api/prices (paired runs, README's Benchmarks), for the same
 * CPU reading every product's whole history three times (more of it from the page cache). The price
 * import (a bulk command) keeps 16 MB: BULK_SHARED_BUFFERS.
 * wal_init_zero=off: a new 16 MB WAL segment is not first filled with zeros (a full import writes
 * a few, a large share of its writes through Emscripten's file system; paired runs were faster). Only its last byte is written, as PostgreSQL does on copy-on-write
 * file systems; the server's recovery does not depend on the zeros.
 * max_connections=10 (PostgreSQL's default 100; PGlite is one connection): PostgreSQL sizes its shared
 * memory per possible backend (process slots, lock and predicate-lock tables, activity buffers), and
 * PGlite's whole segment is resident from the start (memset at open): 14 MiB instead of 16 MiB of
 * WebAssembly memory at open (2.0 MiB less, PGlite alone on the imported data, every run). The lock
 * table is sized by max_locks_per_transaction times the backends (38 instead of 128 with the
 * autovacuum, worker and WAL sender slots), so 245 instead of 64 keeps as many lock slots or more
 * (9,310 against 8,192): a transaction creating tables one by one ran out of shared memory in the
 * same batch of 250 (9,000-9,250 tables) with either setting.
 * Passed as start parameters (not `postgresqlconf`, which replaces the data directory's
 * postgresql.conf and with it TimeZone=UTC and the other initdb settings).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'wal_init_zero=off',
  '-c',
  'max_connections=10',
  '-c',
  'max_locks_per_transaction=245',
];

/** PGLITE_START_PARAMS with other shared buffers (a later -c of the same setting wins). */
export function pgliteStartParams(sharedBuffers?: string): string[] {
  return sharedBuffers ? [...PGLITE_START_PARAMS, '-c', `shared_buffers=${sharedBuffers}`] : PGLITE_START_PARAMS;
}

/**
 * Raw SQL on a PGlite client, for pg-boss. `rawParsers`: the parsers installIdentityParsers replaced
 * on this client (pglite-parsers.ts), applied to the result so that its values are PGlite's own.
 */
export function pgliteExecutor(client: PGlite, rawParsers?: RawParsers): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: (rawParsers ? restorePgliteTypes(result, rawParsers) : result).rows as any[] };
      }
      // pg-boss sends multi-statement scripts without parameters; only exec() accepts those.
      const last = (await client.exec(text)).at(-1);
      if (!last) return { rows: [] };
      return { rows: (rawParsers ? restorePgliteTypes(last, rawParsers) : last).rows as any[] };
    },
  };
}

/** How long after PGlite's open its file bundle is let go of (releaseFsBundle). */
export const FS_BUNDLE_RELEASE_DELAY_MS = 1000;

/** The embedded database (openDatabase without a PostgreSQL URL): PGlite in memory or in DATA_DIR/pglite, its artifacts already loading. */
export async function openPglite(options: OpenDatabaseOptions, inMemory: boolean, artifacts: PgliteArtifacts): Promise<DatabaseHandle> {
  const dir = path.resolve(options.dataDir, 'pglite');
  const release = inMemory ? () => {} : await acquireDirectoryLock(path.resolve(options.dataDir));
  let client: PGlite;
  try {
    // A fresh directory is unpacked from the migrated template instead of running initdb (pglite-template.ts).
    if (!inMemory && !existsSync(path.join(dir, 'PG_VERSION'))) await unpackPgliteTemplate(dir, migrationsFolder, PGLITE_START_PARAMS);
    client = new PGlite(inMemory ? undefined : dir, {
      startParams: pgliteStartParams(options.sharedBuffers),
      pgliteWasmModule: await artifacts.pgliteWasmModule,
      fsBundle: artifacts.fsBundle,
    });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  // PGlite's file bundle, read at every start, is not kept for the process's life (pglite-artifacts.ts);
  // a second after the open, off a start's way to its first answer (a few ms of walking PGlite's files).
  const bundleRead = await artifacts.fsBundle.arrayBuffer();
  const releasing = setTimeout(() => {
    releaseFsBundle((client as unknown as { mod: { FS: { root: unknown } } }).mod.FS, artifacts.fsBundlePath, bundleRead);
  }, FS_BUNDLE_RELEASE_DELAY_MS);
  releasing.unref();
  // drizzle's queries without their per-query parser table, the raw paths with PGlite's own parsing (pglite-parsers.ts).
  const rawParsers = installIdentityParsers(client);
  const forDrizzle = drizzleClient(client, rawParsers);
  const db = drizzlePglite(forDrizzle, { schema }) as unknown as Database;
  const executor = pgliteExecutor(client, rawParsers);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ...executor,
    async migrate() {
      if (!(await migrationsAreCurrent(executor))) await migratePglite(drizzlePglite(forDrizzle), { migrationsFolder });
    },
    exclusive: (_name, task) => task(),
    async ping() {
      await client.query('select 1');
      return true;
    },
    async close() {
      clearTimeout(releasing);
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

