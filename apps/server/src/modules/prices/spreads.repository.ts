import { sql } from 'drizzle-orm';
import { arrayLiteral, queryRows, type DbOrTx } from '../../db/client';
import { pricePoints, products } from '../../db/schema';

export interface LegPointRecord {
  product_id: string;
  d: string;
  value: string;
  source: string;
}

/** The spot values of the legs' products between two dates (inclusive), by product then date. */
export function listLegPoints(db: DbOrTx, productIds: string[], from: string, to: string): Promise<LegPointRecord[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return queryRows<LegPointRecord>(
    db,
    sql`select product_id, publication_date::text as d, value::text as value, source from ${pricePoints}
        where product_id = any(${arrayLiteral(productIds)}::uuid[]) and forward_period = ''
          and publication_date >= ${from}::date and publication_date <= ${to}::date
        order by product_id, publication_date`,
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
