import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Config } from '../config';
import { acquireDirectoryLock } from './directory-lock';
import { loadPgliteArtifacts, releaseFsBundle } from './pglite-artifacts';
import { drizzleClient, installIdentityParsers, rawParsersOf, restorePgliteTypes, type RawParsers } from './pglite-parsers';
import { unpackPgliteTemplate } from './pglite-template';
import { setWasmCompileFlags, WASM_TIERING_BUDGET } from './wasm-tiering';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query' | 'selectDistinct' | 'selectDistinctOn' | '$count'>;

export interface SqlExecutor {
  /** Runs SQL with positional parameters; used by pg-boss and LISTEN-free raw access. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DatabaseHandle extends SqlExecutor {
  db: Database;
  kind: 'pglite' | 'postgres';
  pool?: pg.Pool;
  pglite?: PGlite;
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other process runs a task under the same name (start-up seeding, list imports):
   * on PostgreSQL a session advisory lock on a connection of its own; PGlite has one process by its directory lock (db/directory-lock.ts).
   */
  exclusive<T>(name: string, task: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export { DatabaseLockedError } from './directory-lock';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Bounds for a database that refuses or hangs (PostgreSQL only). */
  timeouts?: DatabaseTimeouts;
  poolMax?: number;
  /** PGlite's tier-up budget (see WASM_TIERING_BUDGET); a bulk command passes BULK_WASM_TIERING_BUDGET. */
  wasmTieringBudget?: number;
  /** PGlite's shared_buffers when not PGLITE_START_PARAMS's; a bulk command passes BULK_SHARED_BUFFERS. */
  sharedBuffers?: string;
}

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleTransactionMs: number;
}

/** What openDatabase needs of the configuration: where the database is, its pool size and timeouts. */
export function databaseOptions(config: Config): OpenDatabaseOptions {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      idleTransactionMs: config.DB_IDLE_TRANSACTION_TIMEOUT_MS,
    },
  };
}

const defaultTimeouts: DatabaseTimeouts = { connectMs: 3_000, statementMs: 10_000, idleTransactionMs: 10_000 };
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

/** The shared_buffers of a bulk command (the price import writes the whole price table and its indexes): the 16 MB all had before the server's 8 MB; the import with 8 MB was not measured. */
export const BULK_SHARED_BUFFERS = '16MB';

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

/**
 * Raw SQL inside a drizzle transaction, for pg-boss (jobs inserted with the rows they are about: they
 * commit with them or not at all). The connection is the one drizzle's transaction session holds: a
 * node-postgres client or PGlite's transaction, both with `query(text, values)`.
 */
export function transactionExecutor(tx: DbOrTx): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; fields: { name: string; dataTypeID: number }[] }> } } }).session?.client;
  if (!client) throw new Error('transactionExecutor needs a drizzle transaction');
  // PGlite's transaction as drizzleClient hands it over: its types drizzle reads as text are parsed as PGlite parses them.
  const rawParsers = rawParsersOf(client);
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values ?? []);
      return { rows: (rawParsers ? restorePgliteTypes(result, rawParsers) : result).rows as any[] };
    },
  };
}

/** How long after PGlite's open its file bundle is let go of (releaseFsBundle). */
export const FS_BUNDLE_RELEASE_DELAY_MS = 1000;

/** Opens PGlite (memory:// or a directory under DATA_DIR) or a node-postgres pool. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl;
  if (url && !url.startsWith('memory://')) {
    // node-postgres and its drizzle driver only here: loaded before PGlite's start, they delayed the
    // embedded default's every start and command (pg-boss loads node-postgres later, when
    // the server starts its job queue after listening).
    const { openPostgres } = await import('./postgres');
    return openPostgres(url, options.timeouts ?? defaultTimeouts, options.poolMax ?? 10);
  }

  const inMemory = url?.startsWith('memory://') ?? false;
  const dir = path.resolve(options.dataDir, 'pglite');
  setWasmCompileFlags(options.wasmTieringBudget ?? WASM_TIERING_BUDGET);
  // Read and compiled while the caller goes on (the server loads its modules meanwhile): pglite-artifacts.ts.
  const artifacts = loadPgliteArtifacts();
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

/**
 * Whether every migration of the journal is applied: drizzle's migrator applies those created after
 * the newest it recorded, so there is nothing to do when that one is the journal's newest. A restart
 * then skips the migrator, which creates its schema and table "if not exists", reads and hashes every
 * migration file and opens a transaction (slow on PGlite), and on PostgreSQL two connections of
 * its own. A database without drizzle's table is not current.
 */
export async function migrationsAreCurrent(executor: SqlExecutor): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const table = await executor.executeSql(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table.rows[0]?.present) return false;
  const { rows } = await executor.executeSql('select max(created_at)::text as recorded from drizzle.__drizzle_migrations');
  return rows[0]?.recorded != null && Number(rows[0].recorded) >= newest;
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A PostgreSQL array literal of text elements ('{"a","b"}'), to send a whole column as one parameter
 * and cast it (`${arrayLiteral(ids)}::uuid[]`). Every element is quoted, with its quotes and
 * backslashes escaped, so no value can change the array's shape.
 */
export function arrayLiteral(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  // Dates, decimals and ids need no escaping: one join instead of a new string per element.
  const escaped = values.some((value) => NEEDS_ESCAPE.test(value)) ? values.map((value) => value.replace(ESCAPED, '\\$&')) : values;
  return `{"${escaped.join('","')}"}`;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** Socket errors and SQLSTATEs meaning "the database cannot be reached or did not answer in time". */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '3D000', '53300', '57014', '25P03']);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'Cannot use a pool after calling end',
];

/** True when an error (or one it wraps, as Drizzle does) says the database is down or too slow. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessages.some((text) => message.includes(text))) return true;
    // Node's AggregateError (IPv4 and IPv6 both refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
