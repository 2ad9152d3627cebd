import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { pricePoints } from '../../db/schema';

export interface CurvePointRecord {
  d: string;
  forward_period: string;
  value: string;
  source: string;
}

/** Every contract (forward periods C1, C2, …) of a futures product, by date then contract. */
export function listCurvePoints(db: DbOrTx, productId: string): Promise<CurvePointRecord[]> {
  return queryRows<CurvePointRecord>(
    db,
    sql`select publication_date::text as d, forward_period, value::text as value, source from ${pricePoints}
        where product_id = ${productId}::uuid and forward_period ~ '^C[0-9]+$'
        order by publication_date, length(forward_period), forward_period`,
  );
}
