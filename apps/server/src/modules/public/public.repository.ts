import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, leads } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewLead = typeof leads.$inferInsert;

export async function insertContactMessage(db: DbOrTx, values: NewContactMessage) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

export async function markContactMessageNotified(db: DbOrTx, id: string, at: Date) {
  await db.update(contactMessages).set({ notifiedAt: at }).where(eq(contactMessages.id, id));
}

export async function insertLead(db: DbOrTx, values: NewLead) {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

export async function markLeadNotified(db: DbOrTx, id: string, at: Date) {
  await db.update(leads).set({ notifiedAt: at }).where(eq(leads.id, id));
}

/** The admin inbox's changes to a message: status, assignee (null: nobody), and when. */
export interface InboxChanges {
  status?: 'open' | 'answered';
  assigneeId?: string | null;
  updatedAt: Date;
}

/** Returns false when there is no such message. */
export async function updateContactMessageInbox(db: DbOrTx, id: string, changes: InboxChanges): Promise<boolean> {
  const rows = await db.update(contactMessages).set(changes).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Returns false when there is no such lead. */
export async function updateLeadInbox(db: DbOrTx, id: string, changes: InboxChanges): Promise<boolean> {
  const rows = await db.update(leads).set(changes).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length > 0;
}
