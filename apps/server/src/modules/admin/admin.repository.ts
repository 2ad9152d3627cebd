import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { matchUser } from '../../db/user-filter';

export type AdminUserRecord = typeof users.$inferSelect;

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
