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
