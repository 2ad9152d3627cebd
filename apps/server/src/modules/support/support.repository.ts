import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supportMessages } from '../../db/schema';

export type NewSupportMessage = typeof supportMessages.$inferInsert;
export type SupportMessageRow = typeof supportMessages.$inferSelect;

export async function insertSupportMessage(db: DbOrTx, values: NewSupportMessage) {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

export async function markSupportMessageNotified(db: DbOrTx, id: string, at: Date) {
  await db.update(supportMessages).set({ notifiedAt: at }).where(eq(supportMessages.id, id));
}

export function listSupportMessagesOfUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(limit);
}

/** The admin inbox's changes to a message: status, assignee (null: nobody), and when. */
export interface SupportInboxChanges {
  status?: 'open' | 'answered';
  assigneeId?: string | null;
  updatedAt: Date;
}

/** Returns false when there is no such message. */
export async function updateSupportMessageInbox(db: DbOrTx, id: string, changes: SupportInboxChanges): Promise<boolean> {
  const rows = await db.update(supportMessages).set(changes).where(eq(supportMessages.id, id)).returning({ id: supportMessages.id });
  return rows.length > 0;
}
