import { types, type PGlite, type Transaction } from '@electric-sql/pglite';
import { rawParsersKey, type Parser, type RawParsers } from './pglite-raw-parsers';

/**
 * drizzle's PGlite session (drizzle-orm/pglite/session.js) reads timestamps, dates, intervals and
 * their arrays (and numeric[]) as PostgreSQL's text: it passes identity parsers for them in every
 * query's options. PGlite then merges them into a copy of its whole parser table (~318 entries, one
 * per array type) for that query (`parseResults`: `{...parsers, ...options.parsers}`): ~0.18 ms, about
 * 40 % of a simple query's CPU.
 *
 * Here the identity parsers are installed once in the instance's own table, and drizzle is given a
 * client that forwards its queries (and its transactions' queries) without `parsers`. The raw paths
 * (pg-boss's executeSql, transactionExecutor) keep PGlite's own parsing: `restorePgliteTypes` applies
 * the instance's original parsers to those columns after the query (the identity parser left the
 * text unchanged, so the values are those PGlite gave before).
 */

/** The types drizzle passes identity parsers for (types.TIMESTAMP, TIMESTAMPTZ, INTERVAL, DATE; numeric[], timestamp[], timestamptz[], interval[], date[]). */
export const DRIZZLE_IDENTITY_PARSER_OIDS: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/** Element type of each array type above (numeric, timestamp, timestamptz, interval, date). */
const ARRAY_ELEMENTS: Readonly<Record<number, number>> = { 1231: types.NUMERIC, 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1187: types.INTERVAL, 1182: types.DATE };

type Parsers = Record<number, Parser | undefined>;
type QueryOptions = Parameters<PGlite['query']>[2];

const identity: Parser = (value) => value;

/**
 * Installs drizzle's identity parsers in `client`'s table (once, after waitReady: PGlite adds its
 * array parsers when it starts) and returns the parsers they replaced. An array type's parser reads its
 * element's parser from the table at each call, so it is rebuilt here over the element's original one.
 */
export function installIdentityParsers(client: PGlite): RawParsers {
  const table = client.parsers as Parsers;
  const original = new Map<number, Parser>();
  for (const oid of DRIZZLE_IDENTITY_PARSER_OIDS) {
    const element = ARRAY_ELEMENTS[oid];
    if (element === undefined) {
      const parser = table[oid];
      if (parser && parser !== identity) original.set(oid, parser);
    } else if (table[oid]) {
      const elementParser = table[element];
      const parseElement = elementParser === identity ? undefined : elementParser;
      // PGlite's array parser calls the element's parser when there is one (its type says it always is).
      original.set(oid, (value) => types.arrayParser(value, parseElement as types.Parser, oid));
    }
  }
  for (const oid of DRIZZLE_IDENTITY_PARSER_OIDS) table[oid] = identity;
  return original;
}

function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/** What drizzle's PGlite session calls on a transaction, forwarded without parsers; `rawParsersKey` for transactionExecutor. */
function drizzleTransaction(tx: Transaction, original: RawParsers): Transaction {
  return {
    query: (text, params, options) => tx.query(text, params, withoutParsers(options)),
    sql: (...args) => tx.sql(...args),
    exec: (text, options) => tx.exec(text, options),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
    [rawParsersKey]: original,
  } as Transaction;
}

/**
 * The client drizzle is given: `query` and `transaction` (all drizzle-orm/pglite calls) forward to
 * `client` without parsers. `client` must have had installIdentityParsers.
 */
export function drizzleClient(client: PGlite, original: RawParsers): PGlite {
  return {
    query: (text: string, params?: unknown[], options?: QueryOptions) => client.query(text, params, withoutParsers(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(drizzleTransaction(tx, original))),
  } as unknown as PGlite;
}
