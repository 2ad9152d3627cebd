import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeyNameBudgets, apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/**
 * Holds the user's row until the transaction ends, so that two creations at once count the live
 * keys in turn (the 10-key limit cannot be passed by racing).
 */
export async function lockKeyOwner(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Keys neither revoked nor expired at `now`. */
export async function countLiveApiKeys(db: DbOrTx, userId: string, now: Date): Promise<number> {
  return db.$count(apiKeys, and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
}

export async function listApiKeysOfUser(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one of the user's keys; the row when it was live, null when it is not theirs or already revoked. */
export async function revokeApiKey(db: DbOrTx, userId: string, id: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function findApiKeyOfUser(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).limit(1);
  return row;
}

/** What the auth hook checks for a key: the key's row and its owner's live state, in one read. */
export async function findApiKeyState(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      active: users.active,
      role: users.role,
      isSuperadmin: users.isSuperadmin,
      email: users.email,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

/** Adds requests counted in memory to a key's usage; last_used_at only moves forward. */
export async function addApiKeyUsage(db: DbOrTx, id: string, requests: number, lastUsedAt: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({
      usageCount: sql`${apiKeys.usageCount} + ${requests}`,
      lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${lastUsedAt.toISOString()}::timestamptz)`,
    })
    .where(eq(apiKeys.id, id));
}

/**
 * Spends `names` of a key's budget for `day` when they fit within `limit`, in one statement (two
 * instances cannot both spend the last names). Answers the names spent that day after the call,
 * and whether these were spent.
 */
export async function spendNameBudget(db: DbOrTx, keyId: string, day: string, names: number, limit: number): Promise<{ spent: boolean; used: number }> {
  const rows = await db
    .insert(apiKeyNameBudgets)
    .values({ keyId, day, names })
    .onConflictDoUpdate({
      target: [apiKeyNameBudgets.keyId, apiKeyNameBudgets.day],
      set: { names: sql`${apiKeyNameBudgets.names} + ${names}` },
      setWhere: sql`${apiKeyNameBudgets.names} + ${names} <= ${limit}`,
    })
    .returning({ names: apiKeyNameBudgets.names });
  if (rows[0] && rows[0].names <= limit) return { spent: true, used: rows[0].names };
  const [current] = await db
    .select({ names: apiKeyNameBudgets.names })
    .from(apiKeyNameBudgets)
    .where(and(eq(apiKeyNameBudgets.keyId, keyId), eq(apiKeyNameBudgets.day, day)));
  return { spent: false, used: current?.names ?? 0 };
}
