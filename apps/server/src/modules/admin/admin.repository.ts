import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type AdminUserRecord = typeof users.$inferSelect;
export type AdminSessionRecord = typeof sessions.$inferSelect & {
  userEmail: string;
  userFirstName: string | null;
  userLastName: string | null;
  userIsSuperadmin?: boolean;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function matchUser(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
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

export async function listSessions(db: DbOrTx, filter: SessionFilter): Promise<{ rows: AdminSessionRecord[]; total: number }> {
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

export async function findSessionWithUser(db: DbOrTx, id: string): Promise<AdminSessionRecord | undefined> {
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

export interface UserFilter {
  q?: string;
  role?: 'admin' | 'user' | 'cliente';
  active?: boolean;
  limit: number;
  offset: number;
}

const lastSeen = sql<Date | string | null>`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;

function toDate(value: Date | string | null): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

export async function listUsers(db: DbOrTx, filter: UserFilter): Promise<{ rows: { user: AdminUserRecord; lastSeenAt: Date | null }[]; total: number }> {
  const where = and(
    matchUser(filter.q),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.active === undefined ? undefined : eq(users.active, filter.active),
  );
  const rows = await db
    .select({ user: users, lastSeenAt: lastSeen })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows: rows.map((row) => ({ user: row.user, lastSeenAt: toDate(row.lastSeenAt) })), total: Number(count?.total ?? 0) };
}

export async function findUser(db: DbOrTx, id: string): Promise<{ user: AdminUserRecord; lastSeenAt: Date | null } | undefined> {
  const [row] = await db.select({ user: users, lastSeenAt: lastSeen }).from(users).where(eq(users.id, id)).limit(1);
  return row ? { user: row.user, lastSeenAt: toDate(row.lastSeenAt) } : undefined;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
