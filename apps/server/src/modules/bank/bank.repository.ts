import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankConnections, bankLinkSessions, bankWebhookEvents, identityVerifications } from '../../db/schema';

export type BankConnectionRow = typeof bankConnections.$inferSelect;
export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;

/** Stores a connection; reconnecting the same item replaces its token. Null when the item belongs to someone else. */
export async function upsertConnection(db: DbOrTx, values: typeof bankConnections.$inferInsert): Promise<BankConnectionRow | null> {
  const [row] = await db
    .insert(bankConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [bankConnections.provider, bankConnections.itemId],
      set: { accessTokenEncrypted: values.accessTokenEncrypted, updatedAt: values.updatedAt ?? new Date() },
      setWhere: eq(bankConnections.userId, values.userId),
    })
    .returning();
  return row ?? null;
}

export function listConnectionsOfUser(db: DbOrTx, userId: string) {
  return db.select().from(bankConnections).where(eq(bankConnections.userId, userId)).orderBy(bankConnections.createdAt);
}

export async function countConnectionsOfUser(db: DbOrTx, userId: string) {
  return db.$count(bankConnections, eq(bankConnections.userId, userId));
}

export async function findLatestVerification(db: DbOrTx, userId: string): Promise<IdentityVerificationRow | null> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertVerification(db: DbOrTx, values: typeof identityVerifications.$inferInsert) {
  const [row] = await db.insert(identityVerifications).values(values).returning();
  return row!;
}

export async function updateVerification(db: DbOrTx, id: string, values: Partial<typeof identityVerifications.$inferInsert>) {
  const [row] = await db.update(identityVerifications).set(values).where(eq(identityVerifications.id, id)).returning();
  return row ?? null;
}

export async function updateVerificationByProviderId(
  db: DbOrTx,
  provider: 'plaid' | 'sandbox',
  providerId: string,
  values: Partial<typeof identityVerifications.$inferInsert>,
) {
  await db
    .update(identityVerifications)
    .set(values)
    .where(and(eq(identityVerifications.provider, provider), eq(identityVerifications.providerId, providerId)));
}

export async function markConnectionWebhook(db: DbOrTx, provider: 'plaid' | 'sandbox', itemId: string, code: string, at: Date) {
  await db
    .update(bankConnections)
    .set({ lastWebhookCode: code, updatedAt: at })
    .where(and(eq(bankConnections.provider, provider), eq(bankConnections.itemId, itemId)));
}

/** Records a webhook delivery once; false when it was already recorded (a replay). */
export async function recordWebhookEvent(db: DbOrTx, values: typeof bankWebhookEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(bankWebhookEvents).values(values).onConflictDoNothing().returning({ id: bankWebhookEvents.id });
  return rows.length > 0;
}

export async function insertLinkSession(db: DbOrTx, values: typeof bankLinkSessions.$inferInsert) {
  // A token seen twice (never, from a real provider) keeps its first owner.
  await db.insert(bankLinkSessions).values(values).onConflictDoNothing();
}

/**
 * Spends a link session atomically: only its own user's, unused, unexpired; null otherwise (another
 * user's token, a second use and a stale one all look the same to the caller).
 */
export async function consumeLinkSession(db: DbOrTx, input: { tokenKind: 'link' | 'public'; tokenHash: string; userId: string; now: Date }) {
  const [row] = await db
    .update(bankLinkSessions)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(bankLinkSessions.tokenKind, input.tokenKind),
        eq(bankLinkSessions.tokenHash, input.tokenHash),
        eq(bankLinkSessions.userId, input.userId),
        isNull(bankLinkSessions.usedAt),
        gt(bankLinkSessions.expiresAt, input.now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Sessions that ended a day ago are of no more use. */
export async function deleteStaleLinkSessions(db: DbOrTx, before: Date) {
  await db.delete(bankLinkSessions).where(lt(bankLinkSessions.expiresAt, before));
}
