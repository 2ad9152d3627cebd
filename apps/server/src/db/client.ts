import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Config } from '../config';
import { loadPgliteArtifacts } from './pglite-artifacts';
import { rawParsersOf, restorePgliteTypes } from './pglite-raw-parsers';
import { setWasmCompileFlags, WASM_TIERING_BUDGET } from './wasm-tiering';
import type * as schema from './schema';

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
  /** PGlite's shared_buffers when not PGLITE_START_PARAMS's (pglite.ts); a bulk command passes BULK_SHARED_BUFFERS. */
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
/** The shared_buffers of a bulk command (the price import writes the whole price table and its indexes): the 16 MB all had before the server's 8 MB (PGLITE_START_PARAMS, pglite.ts); the import with 8 MB was not measured. */
export const BULK_SHARED_BUFFERS = '16MB';

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
  setWasmCompileFlags(options.wasmTieringBudget ?? WASM_TIERING_BUDGET);
  // Read and compiled while the caller goes on (the server loads its modules meanwhile): pglite-artifacts.ts.
  const artifacts = loadPgliteArtifacts();
  // PGlite's JavaScript and drizzle's driver for it only here, as node-postgres above: every command and
  // start on PostgreSQL loaded them for nothing (~45 ms of CPU, README Benchmarks).
  const { openPglite } = await import('./pglite');
  return openPglite(options, inMemory, artifacts);
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
