import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobHeartbeats } from '../../db/schema';

export async function recordHeartbeat(db: DbOrTx, source: string) {
  await db.insert(jobHeartbeats).values({ source });
}

export function listHeartbeats(db: DbOrTx) {
  return db.select().from(jobHeartbeats).orderBy(desc(jobHeartbeats.createdAt));
}
