import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export async function listOutbox(db: DbOrTx, filter: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? sql`lower(${mailOutbox.to}) = lower(${filter.to})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit);
}
