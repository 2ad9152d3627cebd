import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceImports, users } from '../../db/schema';

export type NewPriceImport = typeof priceImports.$inferInsert;
export type PriceImportRecord = typeof priceImports.$inferSelect;

/** The owner of price_imports: one row per import, written once, never changed. */
export async function insertPriceImport(db: DbOrTx, values: NewPriceImport): Promise<void> {
  await db.insert(priceImports).values(values);
}

export interface PriceImportWithUser {
  entry: PriceImportRecord;
  user: { id: string; email: string; firstName: string | null; lastName: string | null } | null;
}

/** Newest first, with the uploading user when there is one. */
export async function listPriceImports(db: DbOrTx, limit: number, offset: number): Promise<{ rows: PriceImportWithUser[]; total: number }> {
  const rows = await db
    .select({ entry: priceImports, userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(priceImports)
    .leftJoin(users, eq(users.id, priceImports.userId))
    .orderBy(desc(priceImports.createdAt), desc(priceImports.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(priceImports);
  return {
    rows: rows.map((row) => ({
      entry: row.entry,
      user: row.userId && row.email ? { id: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName } : null,
    })),
    total: Number(count?.total ?? 0),
  };
}
