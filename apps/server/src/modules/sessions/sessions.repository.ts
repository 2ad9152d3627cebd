import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { matchUser } from '../../db/user-filter';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionWithUser = SessionRow & {
  userEmail: string;
  userFirstName: string | null;
  userLastName: string | null;
  userIsSuperadmin?: boolean;
};

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

/** What the auth hook checks on every signed-in request: the session and its user's live state. */
export async function findSessionState(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      sessionUser: sessions.userId,
      active: users.active,
      role: users.role,
      isSuperadmin: users.isSuperadmin,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
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

export interface SessionFilter {
  status?: 'active' | 'idle' | 'revoked';
  /** Sessions seen at or after this moment count as active, earlier ones as idle. */
  activeSince: Date;
  userId?: string;
  q?: string;
  limit: number;
  offset: number;
}

export async function listSessions(db: DbOrTx, filter: SessionFilter): Promise<{ rows: SessionWithUser[]; total: number }> {
  const where = and(
    filter.status === 'active'
      ? and(isNull(sessions.revokedAt), gte(sessions.lastSeenAt, filter.activeSince))
      : filter.status === 'idle'
        ? and(isNull(sessions.revokedAt), lt(sessions.lastSeenAt, filter.activeSince))
        : filter.status === 'revoked'
          ? isNotNull(sessions.revokedAt)
          : undefined,
    filter.userId ? eq(sessions.userId, filter.userId) : undefined,
    matchUser(filter.q),
  );
  const rows = await db
    .select({ session: sessions, userEmail: users.email, userFirstName: users.firstName, userLastName: users.lastName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(where)
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.session, userEmail: row.userEmail, userFirstName: row.userFirstName, userLastName: row.userLastName })),
    total: Number(count?.total ?? 0),
  };
}

export async function findSessionWithUser(db: DbOrTx, id: string): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({ session: sessions, userEmail: users.email, userFirstName: users.firstName, userLastName: users.lastName, userIsSuperadmin: users.isSuperadmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row
    ? { ...row.session, userEmail: row.userEmail, userFirstName: row.userFirstName, userLastName: row.userLastName, userIsSuperadmin: row.userIsSuperadmin }
    : undefined;
}
