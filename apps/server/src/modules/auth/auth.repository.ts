import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens, sessions, users, type AccountTokenPurpose } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks the user row until the transaction ends, so two sign-ins of one user run one after the other. */
export async function lockUser(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`select id from ${users} where ${users.id} = ${id} for update`);
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSessionById(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** The session whose current or previous refresh token has this hash. */
export async function findSessionByRefreshHash(db: DbOrTx, hash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshTokenHash, hash), eq(sessions.previousRefreshTokenHash, hash)))
    .limit(1);
  return row;
}

export async function listLiveSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function listSessionsOfUser(db: DbOrTx, userId: string, limit = 500): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(limit);
}

/**
 * Rotates the refresh token only if `currentHash` is still the current one: of two refreshes with
 * the same token, exactly one wins and the other is seen as reuse.
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  sessionId: string,
  currentHash: string,
  nextHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ refreshTokenHash: nextHash, previousRefreshTokenHash: currentHash, refreshRotatedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshTokenHash, currentHash), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

/** Adds the time since the previous ping (capped) to active_seconds, in one statement. */
export async function recordPing(db: DbOrTx, sessionId: string, now: Date, capSeconds: number): Promise<SessionRow | undefined> {
  const nowIso = now.toISOString();
  const [row] = await db
    .update(sessions)
    .set({
      activeSeconds: sql`${sessions.activeSeconds} + least(${capSeconds}, greatest(0, floor(extract(epoch from (${nowIso}::timestamptz - ${sessions.lastSeenAt})))))::int`,
      lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${nowIso}::timestamptz)`,
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

/** Revokes the given live sessions; answers those it revoked (already-revoked ones are left alone). */
export async function revokeSessions(
  db: DbOrTx,
  where: { ids?: string[]; userId?: string; exceptId?: string },
  reason: string,
  now: Date,
  extra: Partial<typeof sessions.$inferInsert> = {},
): Promise<SessionRow[]> {
  const conditions = [isNull(sessions.revokedAt)];
  if (where.ids) conditions.push(inArray(sessions.id, where.ids.length > 0 ? where.ids : ['00000000-0000-0000-0000-000000000000']));
  if (where.userId) conditions.push(eq(sessions.userId, where.userId));
  if (where.exceptId) conditions.push(ne(sessions.id, where.exceptId));
  return db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason, ...extra })
    .where(and(...conditions))
    .returning();
}

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
