import { sql } from 'drizzle-orm';
import { arrayLiteral, queryRows, type DbOrTx } from '../../db/client';
import { pricePoints, products } from '../../db/schema';

export interface LegSeriesRecord {
  product_id: string;
  /** The product's spot dates in the range as days from 1970-01-01, ascending, comma-separated. */
  days: string;
  /** Their values (PostgreSQL's text of the numeric), comma-separated, in the same order. */
  values: string;
  /** The days whose value is generated demo data, comma-separated; null when none. */
  demo_days: string | null;
}

/**
 * The spot values of the legs' products between two dates (inclusive): one row per product with its
 * days and values as ordered text lists. A row per product instead of a row per point: the driver's
 * per-row cost (PGlite decodes every row and field in JavaScript) was most of a ten-year reading.
 * Days as numbers rather than YYYY-MM-DD: shorter to write and to send, and compared as integers
 * when the legs are joined.
 */
export function listLegSeries(db: DbOrTx, productIds: string[], from: string, to: string): Promise<LegSeriesRecord[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return queryRows<LegSeriesRecord>(
    db,
    sql`select product_id,
          string_agg((publication_date - date '1970-01-01')::text, ',' order by publication_date) as days,
          string_agg(value::text, ',' order by publication_date) as values,
          string_agg((publication_date - date '1970-01-01')::text, ',' order by publication_date) filter (where source = 'demo') as demo_days
        from ${pricePoints}
        where product_id = any(${arrayLiteral(productIds)}::uuid[]) and forward_period = ''
          and publication_date >= ${from}::date and publication_date <= ${to}::date
        group by product_id`,
  );
}

export interface NewestLegPointRecord {
  code: string;
  d: string;
  value: string;
  source: string;
  /** When the newest of the date's leg values was stored or changed (ISO). */
  date_updated_at: string;
}

/**
 * The legs' spot values on the `dates` newest dates on which every leg (by code) has one: the dates
 * a spread has a value on. Nothing when a leg's product does not exist.
 */
export function listNewestCompleteLegPoints(db: DbOrTx, legCodes: string[], dates: number): Promise<NewestLegPointRecord[]> {
  const codes = [...new Set(legCodes)];
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<NewestLegPointRecord>(
    db,
    sql`with legs as (
          select id, code from ${products} where code = any(${arrayLiteral(codes)}::text[])
        ), complete as (
          select pp.publication_date as d, max(pp.updated_at) as updated_at
          from ${pricePoints} pp join legs on legs.id = pp.product_id
          where pp.forward_period = ''
          group by pp.publication_date
          having count(*) = ${codes.length}
          order by pp.publication_date desc
          limit ${dates}
        )
        select legs.code, to_char(complete.d, 'YYYY-MM-DD') as d, pp.value::text as value, pp.source,
          to_char(complete.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_updated_at
        from complete
        join ${pricePoints} pp on pp.publication_date = complete.d and pp.forward_period = ''
        join legs on legs.id = pp.product_id
        order by complete.d, legs.code`,
  );
}
