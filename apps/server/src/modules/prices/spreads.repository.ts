import { sql } from 'drizzle-orm';
import { arrayLiteral, queryRows, type DbOrTx } from '../../db/client';
import { pricePoints } from '../../db/schema';

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
