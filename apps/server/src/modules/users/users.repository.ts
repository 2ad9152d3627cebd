import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

/** The users with any of these addresses (compared without case), in one query. */
export async function findUsersByEmails(db: DbOrTx, emails: readonly string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())));
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks the user row until the transaction ends, so two sign-ins of one user run one after the other. */
export async function lockUser(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`select id from ${users} where ${users.id} = ${id} for update`);
}

export async function isEmailUsedByAnother(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: UserChanges): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Active administrators' ids (who hears about the sanctions lists' freshness). */
export async function listActiveAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.active, true)));
  return rows.map((row) => row.id);
}
