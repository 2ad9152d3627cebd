import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function insertAccountToken(db: DbOrTx, values: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** Older unused links of the same purpose stop working when a new one is sent. */
export async function expireUnusedTokens(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

export async function findAccountToken(db: DbOrTx, hash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a valid token used in one statement, so a link works exactly once even under concurrency. */
export async function consumeAccountToken(db: DbOrTx, hash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The newest unused, unexpired token of a purpose (e.g. a pending email change). */
export async function findPendingToken(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row;
}
