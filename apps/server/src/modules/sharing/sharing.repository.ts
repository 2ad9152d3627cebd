import { and, count, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailSends, sharingInvitations, users } from '../../db/schema';

export type InvitationRow = typeof sharingInvitations.$inferSelect;
export type InvitationStatusValue = InvitationRow['status'];

/** Serialises invitation creation per inviter, so two concurrent requests cannot both take the last slot. */
export async function lockInviter(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findInviter(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, company: users.company, planCode: users.planCode })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, language: users.language, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ?? null;
}

/** Invitations created in [start, end), deleted ones included: deleting does not give a validation back. */
export async function countInvitationsCreated(db: DbOrTx, inviterId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(sharingInvitations)
    .where(and(eq(sharingInvitations.inviterId, inviterId), gte(sharingInvitations.createdAt, start), lt(sharingInvitations.createdAt, end)));
  return row?.value ?? 0;
}

export async function findPendingTo(db: DbOrTx, inviterId: string, email: string) {
  const [row] = await db
    .select({ id: sharingInvitations.id })
    .from(sharingInvitations)
    .where(
      and(
        eq(sharingInvitations.inviterId, inviterId),
        eq(sql`lower(${sharingInvitations.email})`, email.toLowerCase()),
        eq(sharingInvitations.status, 'PENDING'),
      ),
    );
  return row ?? null;
}

export async function insertInvitation(db: DbOrTx, values: typeof sharingInvitations.$inferInsert) {
  const [row] = await db.insert(sharingInvitations).values(values).returning();
  return row!;
}

export async function deleteInvitationRow(db: DbOrTx, id: string) {
  await db.delete(sharingInvitations).where(eq(sharingInvitations.id, id));
}

export function listInvitationsOfInviter(db: DbOrTx, inviterId: string) {
  return db
    .select()
    .from(sharingInvitations)
    .where(and(eq(sharingInvitations.inviterId, inviterId), isNull(sharingInvitations.deletedAt)))
    .orderBy(desc(sharingInvitations.createdAt), desc(sharingInvitations.id));
}

/** Only the inviter's own, not deleted: another user's id answers like a missing one. */
export async function findInvitationOfInviter(db: DbOrTx, id: string, inviterId: string) {
  const [row] = await db
    .select()
    .from(sharingInvitations)
    .where(and(eq(sharingInvitations.id, id), eq(sharingInvitations.inviterId, inviterId), isNull(sharingInvitations.deletedAt)));
  return row ?? null;
}

const inviter = {
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  email: users.email,
};

export function listReceived(db: DbOrTx, inviteeId: string) {
  return db
    .select({ invitation: sharingInvitations, inviter })
    .from(sharingInvitations)
    .innerJoin(users, eq(users.id, sharingInvitations.inviterId))
    .where(eq(sharingInvitations.inviteeId, inviteeId))
    .orderBy(desc(sharingInvitations.createdAt), desc(sharingInvitations.id));
}

export async function findReceived(db: DbOrTx, id: string, inviteeId: string) {
  const [row] = await db
    .select()
    .from(sharingInvitations)
    .where(and(eq(sharingInvitations.id, id), eq(sharingInvitations.inviteeId, inviteeId)));
  return row ?? null;
}

/** Changes an invitation only while it is in one of `from`; null when it was not (a lost race or a stale answer). */
export async function transitionInvitation(
  db: DbOrTx,
  id: string,
  from: InvitationStatusValue[],
  values: Partial<typeof sharingInvitations.$inferInsert>,
  /** Only while the invitation's time has not run out at this moment (the same check as the read, in the write). */
  options: { unexpiredAt?: Date } = {},
) {
  const [row] = await db
    .update(sharingInvitations)
    .set(values)
    .where(
      and(
        eq(sharingInvitations.id, id),
        inArray(sharingInvitations.status, from),
        options.unexpiredAt ? gt(sharingInvitations.expiresAt, options.unexpiredAt) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateInvitation(db: DbOrTx, id: string, values: Partial<typeof sharingInvitations.$inferInsert>) {
  const [row] = await db.update(sharingInvitations).set(values).where(eq(sharingInvitations.id, id)).returning();
  return row ?? null;
}

/** PENDING invitations whose time ran out become EXPIRED; the changed rows are returned. */
export function expireInvitations(db: DbOrTx, now: Date) {
  return db
    .update(sharingInvitations)
    .set({ status: 'EXPIRED', respondedAt: now })
    .where(and(eq(sharingInvitations.status, 'PENDING'), lte(sharingInvitations.expiresAt, now)))
    .returning();
}

/** The inviter's PENDING invitation to `email` whose time ran out becomes EXPIRED (before a new one to the same address). */
export async function expirePendingTo(db: DbOrTx, inviterId: string, email: string, now: Date) {
  await db
    .update(sharingInvitations)
    .set({ status: 'EXPIRED', respondedAt: now })
    .where(
      and(
        eq(sharingInvitations.inviterId, inviterId),
        eq(sql`lower(${sharingInvitations.email})`, email.toLowerCase()),
        eq(sharingInvitations.status, 'PENDING'),
        lte(sharingInvitations.expiresAt, now),
      ),
    );
}

/** When the invitation mails of a user (or of one invitation) since `since` were sent, oldest first. */
export async function listInvitationMailTimes(db: DbOrTx, filter: { userId: string; subjectId?: string; since: Date }): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: mailSends.sentAt })
    .from(mailSends)
    .where(
      and(
        eq(mailSends.kind, 'invitation'),
        filter.subjectId ? eq(mailSends.subjectId, filter.subjectId) : eq(mailSends.userId, filter.userId),
        gt(mailSends.sentAt, filter.since),
      ),
    )
    .orderBy(mailSends.sentAt);
  return rows.map((row) => row.sentAt);
}

export async function recordInvitationMail(db: DbOrTx, values: { userId: string; subjectId: string; sentAt: Date }): Promise<string> {
  const [row] = await db.insert(mailSends).values({ kind: 'invitation', ...values }).returning({ id: mailSends.id });
  return row!.id;
}

/** A mail that could not be sent does not count. */
export async function forgetInvitationMail(db: DbOrTx, id: string) {
  await db.delete(mailSends).where(eq(mailSends.id, id));
}

/**
 * Takes the invitation's resend slot: sets last_sent_at to `now` only while it is PENDING, unexpired
 * and last sent at or before `lastSentBy`. One atomic update, so of many concurrent resends one wins
 * and the others see its new last_sent_at (no lock is held while they wait for a connection).
 */
export async function claimResendSlot(db: DbOrTx, id: string, now: Date, lastSentBy: Date) {
  const [row] = await db
    .update(sharingInvitations)
    .set({ lastSentAt: now })
    .where(
      and(
        eq(sharingInvitations.id, id),
        eq(sharingInvitations.status, 'PENDING'),
        gt(sharingInvitations.expiresAt, now),
        lte(sharingInvitations.lastSentAt, lastSentBy),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a claimed slot back (the mail was refused or failed): last_sent_at returns to what it was. */
export async function releaseResendSlot(db: DbOrTx, id: string, claimedAt: Date, previous: Date) {
  await db
    .update(sharingInvitations)
    .set({ lastSentAt: previous })
    .where(and(eq(sharingInvitations.id, id), eq(sharingInvitations.lastSentAt, claimedAt)));
}
