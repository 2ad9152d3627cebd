import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, transactionExecutor, type DatabaseHandle } from './client';
import { DRIZZLE_IDENTITY_PARSER_OIDS } from './pglite-parsers';

/**
 * Every value of the types drizzle reads as text on PGlite (timestamp, timestamptz, interval, date and
 * their arrays, numeric[]) is the same through drizzle (text) and through the raw paths (pg-boss's
 * executeSql, transactionExecutor: PGlite's own parsers, Dates) as before drizzle's per-query parser
 * table was taken out of the queries (pglite-parsers.ts). An embedded database of its own (memory://),
 * so it is PGlite whatever DATABASE_URL says.
 */
const probe = pgTable('parser_probe', { id: integer('id') });

const columns =
  "'2024-01-02 03:04:05.123456'::timestamp as ts, '2024-01-02 03:04:05.5+02'::timestamptz as tstz, '1 day 02:00:00'::interval as iv, " +
  "'2024-02-29'::date as d, '{1.50,NULL,3}'::numeric[] as nums, '{\"2024-01-02 03:04:05\",NULL}'::timestamp[] as tss, " +
  "'{\"2024-01-02 03:04:05+00\"}'::timestamptz[] as tstzs, '{\"1 mon\",\"00:00:01\"}'::interval[] as ivs, '{2024-03-01,infinity}'::date[] as ds, " +
  "'infinity'::timestamptz as inf, 1.5::numeric as num, 7 as n, 'x'::text as t, '{a,b}'::text[] as texts, null::timestamptz as none";

const asText = {
  ts: '2024-01-02 03:04:05.123456',
  tstz: '2024-01-02 01:04:05.5+00',
  iv: '1 day 02:00:00',
  d: '2024-02-29',
  nums: '{1.50,NULL,3}',
  tss: '{"2024-01-02 03:04:05",NULL}',
  tstzs: '{"2024-01-02 03:04:05+00"}',
  ivs: '{"1 mon",00:00:01}',
  ds: '{2024-03-01,infinity}',
  inf: 'infinity',
  num: '1.5',
  n: 7,
  t: 'x',
  texts: ['a', 'b'],
  none: null,
};

const parsed = {
  ts: new Date('2024-01-02T03:04:05.123Z'),
  tstz: new Date('2024-01-02T01:04:05.500Z'),
  iv: '1 day 02:00:00',
  d: new Date('2024-02-29T00:00:00.000Z'),
  nums: ['1.50', null, '3'],
  tss: [new Date('2024-01-02T03:04:05.000Z'), null],
  tstzs: [new Date('2024-01-02T03:04:05.000Z')],
  ivs: ['1 mon', '00:00:01'],
  ds: [new Date('2024-03-01T00:00:00.000Z'), Infinity],
  inf: Infinity,
  num: '1.5',
  n: 7,
  t: 'x',
  texts: ['a', 'b'],
  none: null,
};

describe('PGlite values through drizzle and the raw paths', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: 'memory://', dataDir: tmpdir() });
    await database.executeSql('create table parser_probe (id integer)');
    await database.executeSql('insert into parser_probe values (1)');
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('reads them as text through drizzle, in object and array row mode, in and out of transactions', async () => {
    const raw = (await database.db.execute(sql.raw(`select ${columns}`))) as unknown as { rows: unknown[] };
    expect(raw.rows).toEqual([asText]);
    const selected = await database.db.select({ ts: sql`'2024-01-02 03:04:05.123456'::timestamp`, ds: sql`'{2024-03-01,infinity}'::date[]`, texts: sql`'{a,b}'::text[]` }).from(probe);
    expect(selected).toEqual([{ ts: asText.ts, ds: asText.ds, texts: asText.texts }]);
    await database.db.transaction(async (tx) => {
      expect(((await tx.execute(sql.raw(`select ${columns}`))) as unknown as { rows: unknown[] }).rows).toEqual([asText]);
      await tx.transaction(async (savepoint) => {
        expect(await savepoint.select({ iv: sql`'1 day 02:00:00'::interval`, nums: sql`'{1.50,NULL,3}'::numeric[]` }).from(probe)).toEqual([{ iv: asText.iv, nums: asText.nums }]);
      });
    });
  });

  it('reads them with PGlite\'s own parsers through executeSql (with and without parameters) and transactionExecutor', async () => {
    expect((await database.executeSql(`select ${columns} where $1::int = 1`, [1])).rows).toEqual([parsed]);
    expect((await database.executeSql(`select 1; select ${columns}`)).rows).toEqual([parsed]);
    await database.db.transaction(async (tx) => {
      expect((await transactionExecutor(tx).executeSql(`select ${columns}`)).rows).toEqual([parsed]);
      await tx.transaction(async (savepoint) => {
        expect((await transactionExecutor(savepoint).executeSql(`select ${columns} where $1::int = 1`, [1])).rows).toEqual([parsed]);
      });
    });
    // Duplicate names: the last column's value, parsed by its own type.
    expect((await database.executeSql("select '2024-01-02'::date as x, 'x'::text as x")).rows).toEqual([{ x: 'x' }]);
    expect((await database.executeSql("select 'x'::text as x, '2024-01-02'::date as x")).rows).toEqual([{ x: new Date('2024-01-02T00:00:00.000Z') }]);
  });

  it('sends PGlite no parser table with drizzle\'s queries (PGlite copies its whole table for a query that has one)', async () => {
    const pglite = database.pglite!;
    const options: unknown[] = [];
    const realQuery = pglite.query.bind(pglite);
    const realTransaction = pglite.transaction.bind(pglite);
    const query = vi.spyOn(pglite, 'query').mockImplementation((text, params, queryOptions) => {
      options.push(queryOptions);
      return realQuery(text, params, queryOptions);
    });
    const transaction = vi.spyOn(pglite, 'transaction').mockImplementation((callback) =>
      realTransaction((tx) => {
        const txQuery = tx.query;
        tx.query = (text, params, queryOptions) => {
          options.push(queryOptions);
          return txQuery(text, params, queryOptions);
        };
        return callback(tx);
      }),
    );
    try {
      await database.db.execute(sql`select 1`);
      await database.db.select({ one: sql`1` }).from(probe);
      await database.db.transaction(async (tx) => {
        await tx.select({ one: sql`1` }).from(probe);
        await tx.transaction((savepoint) => savepoint.execute(sql`select 1`));
      });
    } finally {
      query.mockRestore();
      transaction.mockRestore();
    }
    // Outside: the execute and the select; inside: the select and the savepoint's three statements.
    expect(options).toHaveLength(6);
    for (const queryOptions of options) expect(queryOptions).not.toHaveProperty('parsers');
  });

  it('installs identity parsers for exactly the types drizzle reads as text', async () => {
    const seen: unknown[] = [];
    const fake = {
      query: async (_text: string, _params: unknown[], options: unknown) => {
        seen.push(options);
        return { rows: [], fields: [] };
      },
      transaction: async () => undefined,
    };
    const db = drizzle(fake as never);
    await db.execute(sql`select 1`);
    await db.select({ one: sql`1` }).from(probe);
    expect(seen).toHaveLength(2);
    for (const options of seen) expect(Object.keys((options as { parsers: object }).parsers).map(Number).sort((a, b) => a - b)).toEqual([...DRIZZLE_IDENTITY_PARSER_OIDS].sort((a, b) => a - b));
  });
});
