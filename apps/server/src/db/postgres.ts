import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsAreCurrent, migrationsFolder, type Database, type DatabaseHandle, type DatabaseTimeouts, type SqlExecutor } from './client';
import * as schema from './schema';

/** PostgreSQL (DATABASE_URL): a node-postgres pool, migrations and start-up tasks under advisory locks. */
export async function openPostgres(url: string, timeouts: DatabaseTimeouts, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels long statements and abandoned transactions...
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleTransactionMs,
    // ...and the client gives up on a server that does not answer at all.
    query_timeout: timeouts.statementMs + 1_000,
  });
  // numeric stays a string (exact), bigint counts become numbers.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: result.rows };
    },
  };
  return {
    db,
    kind: 'postgres',
    pool,
    ...executor,
    async migrate() {
      if (await migrationsAreCurrent(executor)) return;
      await withSessionLock(url, timeouts.connectMs, 'fueldesk.migrations', () => migrateOn(url, timeouts.connectMs));
    },
    exclusive: (name, task) => withSessionLock(url, timeouts.connectMs, name, task),
    async ping() {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
  };
}

/**
 * Several processes start together on one PostgreSQL (two API processes and a worker): without a lock
 * each sees an empty migrations table (or no demo data) and they race to create the same rows. A
 * session-level advisory lock on a connection of its own lets one process work while the others wait,
 * then find nothing to do. No statement timeout there: a large migration, or waiting for another
 * process's, may outlast a request's.
 */
async function withSessionLock<T>(url: string, connectMs: number, name: string, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    return await task();
  } finally {
    // Ending the session releases the lock, also when the task failed.
    await client.end();
  }
}

async function migrateOn(url: string, connectMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  client.on('error', () => {});
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
