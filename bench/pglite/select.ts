/**
 * A simple drizzle select on embedded PGlite (in memory), timed per query: what each request's queries
 * pay in JavaScript around PostgreSQL (issue 36: drizzle's per-query parser table, db/pglite-parsers.ts).
 *   node --import tsx bench/pglite/select.ts [--queries 5000] [--rounds 5]
 * Prints the median of the rounds in µs of CPU (user + system, this process) per query (a round: --queries
 * selects, one after the other); CPU rather than wall time, which other processes on the machine stretch.
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../apps/server/src/db/client';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '5' } } });
const queries = Number(values.queries);
const rounds = Number(values.rounds);

const items = pgTable('bench_items', { id: integer('id').primaryKey(), name: text('name').notNull(), at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull() });

const database = await openDatabase({ databaseUrl: 'memory://', dataDir: tmpdir() });
try {
  await database.executeSql('create table bench_items (id integer primary key, name text not null, at timestamptz not null)');
  await database.executeSql("insert into bench_items select n, 'item ' || n, now() from generate_series(1, 100) n");
  const select = (id: number) => database.db.select().from(items).where(eq(items.id, id));
  for (let i = 0; i < 500; i += 1) await select((i % 100) + 1);
  const perQuery: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = process.cpuUsage();
    for (let i = 0; i < queries; i += 1) await select((i % 100) + 1);
    const used = process.cpuUsage(start);
    perQuery.push((used.user + used.system) / queries);
  }
  await database.db.execute(sql`select 1`);
  perQuery.sort((a, b) => a - b);
  console.log(`drizzle select on PGlite: ${perQuery[Math.floor(rounds / 2)]!.toFixed(1)} µs CPU/query (median of ${rounds} rounds of ${queries}; range ${perQuery[0]!.toFixed(1)}–${perQuery.at(-1)!.toFixed(1)})`);
} finally {
  await database.close();
}
