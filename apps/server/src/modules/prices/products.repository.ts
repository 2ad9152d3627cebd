import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { pricePoints, products } from '../../db/schema';
import type { ProductRecord } from './prices.repository';

export type NewProductRecord = typeof products.$inferInsert;
export type ProductChanges = Partial<Omit<NewProductRecord, 'id' | 'code' | 'kind' | 'createdAt'>>;

export interface ProductWithCounts extends ProductRecord {
  points: number;
  lastDate: string | null;
}

/** Every product, retired ones too, with how many values it holds and its latest date (the admin's list). */
export async function listProductsForAdmin(db: DbOrTx): Promise<ProductWithCounts[]> {
  const counts = await queryRows<{ product_id: string; points: number; last_date: string | null }>(
    db,
    sql`select product_id, count(*)::int as points, max(publication_date)::text as last_date from ${pricePoints} group by product_id`,
  );
  const byId = new Map(counts.map((row) => [row.product_id, row]));
  const all = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.code));
  return all.map((product) => ({ ...product, points: Number(byId.get(product.id)?.points ?? 0), lastDate: byId.get(product.id)?.last_date ?? null }));
}

export async function findProductByCode(db: DbOrTx, code: string): Promise<ProductRecord | null> {
  const [row] = await db.select().from(products).where(eq(products.code, code)).limit(1);
  return row ?? null;
}

/** The product (other than `exceptCode`) that already uses one of these EIA or FRED series ids, spot or as a contract. */
export async function findSeriesOwner(db: DbOrTx, seriesIds: string[], exceptCode: string | null): Promise<{ code: string; series: string } | null> {
  if (seriesIds.length === 0) return null;
  const wanted = sql.join(seriesIds.map((id) => sql`${id}`), sql`, `);
  const [row] = await queryRows<{ code: string; series: string }>(
    db,
    sql`select p.code, s.series from ${products} p
        cross join lateral unnest(array[upper(p.eia_series_id), upper(p.fred_series_id)] || (select coalesce(array_agg(upper(f)), '{}') from unnest(p.futures_series_ids) f)) as s(series)
        where s.series in (${wanted}) and (${exceptCode}::text is null or p.code <> ${exceptCode}::text)
        limit 1`,
  );
  return row ?? null;
}

/** The next sort position: new products go after the configured ones. */
export async function nextSortOrder(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ next: number }>(db, sql`select coalesce(max(sort_order), 0)::int + 10 as next from ${products}`);
  return Number(row?.next ?? 10);
}

export async function insertProduct(db: DbOrTx, values: NewProductRecord): Promise<ProductRecord> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(db: DbOrTx, code: string, changes: ProductChanges): Promise<ProductRecord> {
  const [row] = await db.update(products).set(changes).where(eq(products.code, code)).returning();
  return row!;
}
