import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Inserts the notifications whose (user, dedupe key) is new, in one statement; returns those inserted. */
export async function insertNotificationsOnce(db: DbOrTx, values: NewNotification[]): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] }).returning();
}

export function listNotificationsOfUser(db: DbOrTx, userId: string, options: { since?: Date; limit: number }) {
  const conditions = [eq(notifications.userId, userId)];
  if (options.since) conditions.push(gt(notifications.createdAt, options.since));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the user's unread notifications (those of `ids`, or all) read; other users' ids change nothing. */
export async function markNotificationsRead(db: DbOrTx, userId: string, ids: string[] | 'all', at: Date): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') conditions.push(inArray(notifications.id, ids));
  const rows = await db.update(notifications).set({ readAt: at }).where(and(...conditions)).returning({ id: notifications.id });
  return rows.length;
}

export async function findNotification(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

export async function setNotificationMailStatus(db: DbOrTx, id: string, status: 'none' | 'pending' | 'sent') {
  await db.update(notifications).set({ mailStatus: status }).where(eq(notifications.id, id));
}
