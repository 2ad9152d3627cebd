import type { Results } from '@electric-sql/pglite';

/**
 * What the raw paths (pg-boss's executeSql, transactionExecutor) need of pglite-parsers.ts, without
 * PGlite itself (type imports only): client.ts imports it, and the PostgreSQL path never loads PGlite.
 */

export type Parser = (value: string, typeId: number) => unknown;

/** PGlite's parsers for those types before the identity parsers replaced them, to apply on the raw paths. */
export type RawParsers = ReadonlyMap<number, Parser>;

/** Carried by the transactions drizzleClient hands to drizzle (pglite-parsers.ts). */
export const rawParsersKey = Symbol('pglite raw parsers');

/** Applies `original` to the columns of those types, in place: the values PGlite's own parsers give. */
export function restorePgliteTypes<T extends { rows: unknown[]; fields: Results['fields'] }>(result: T, original: RawParsers): T {
  const fields = result.fields;
  let restore: [name: string, parser: Parser, typeId: number][] | null = null;
  for (let index = 0; index < fields.length; index += 1) {
    const { name, dataTypeID } = fields[index]!;
    // Object rows keep the last column of a name.
    if (fields.findLastIndex((field) => field.name === name) !== index) continue;
    const parser = original.get(dataTypeID);
    if (parser) (restore ??= []).push([name, parser, dataTypeID]);
  }
  if (!restore) return result;
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const [name, parser, typeId] of restore) {
      const value = row[name];
      if (typeof value === 'string') row[name] = parser(value, typeId);
    }
  }
  return result;
}

/** The original parsers a transaction handed to drizzle by drizzleClient carries (undefined for any other client). */
export function rawParsersOf(client: object): RawParsers | undefined {
  return (client as { [rawParsersKey]?: RawParsers })[rawParsersKey];
}
