import { and, count, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function listWebhooksOfUser(db: DbOrTx, userId: string) {
  return db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

export async function findWebhookOfUser(db: DbOrTx, userId: string, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  return row ?? null;
}

export async function countWebhooksOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertWebhook(db: DbOrTx, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function deleteWebhookOfUser(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))).returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * Creates the deliveries of notifications to their owners' active webhooks that subscribe to their
 * kind (once per pair), in one statement for any number of notifications; answers the ids of the
 * notifications that got at least one delivery.
 */
export async function insertDeliveriesForNotifications(
  db: DbOrTx,
  inputs: { userId: string; notificationId: string; event: string; payload: unknown }[],
  now: Date,
): Promise<Set<string>> {
  if (inputs.length === 0) return new Set();
  const records = inputs.map((input) => ({ user_id: input.userId, notification_id: input.notificationId, event: input.event, payload: input.payload }));
  const rows = await queryRows<{ notification_id: string }>(
    db,
    sql`insert into ${webhookDeliveries} (webhook_id, notification_id, event, payload, next_attempt_at, created_at)
        select w.id, n.notification_id, n.event, n.payload, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(records)}::json) as n(user_id uuid, notification_id uuid, event text, payload json)
        join ${webhooks} w on w.user_id = n.user_id and w.active and n.event = any(w.events)
        on conflict (webhook_id, notification_id) do nothing
        returning notification_id`,
  );
  return new Set(rows.map((row) => row.notification_id));
}

export function listDeliveriesOfWebhook(db: DbOrTx, webhookId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  event: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  url: string;
  secretEncrypted: string;
  userId: string;
  failingSince: Date | null;
}

/**
 * Claims due deliveries for this worker until `lockedUntil` (SKIP LOCKED: two workers never take the
 * same one; a claim left by a crashed worker runs out and is taken over). `notificationId` narrows
 * the claim to one notification's deliveries (sent at once after it is stored).
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  input: { now: Date; lockedUntil: Date; limit: number; notificationId?: string },
): Promise<ClaimedDelivery[]> {
  const now = input.now.toISOString();
  const rows = await queryRows<ClaimedDelivery & { createdAt: string | Date; failingSince: string | Date | null }>(
    db,
    sql`with due as (
          select d.id from ${webhookDeliveries} d
          where ((d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz)
                 or (d.status = 'sending' and d.locked_until < ${now}::timestamptz))
            ${input.notificationId ? sql`and d.notification_id = ${input.notificationId}::uuid` : sql``}
          order by d.next_attempt_at
          limit ${input.limit}
          for update skip locked
        )
        update ${webhookDeliveries} d set status = 'sending', locked_until = ${input.lockedUntil.toISOString()}::timestamptz, attempts = d.attempts + 1
        from due, ${webhooks} w
        where d.id = due.id and w.id = d.webhook_id
        returning d.id, d.webhook_id as "webhookId", d.event, d.payload, d.attempts, d.created_at as "createdAt",
          w.url, w.secret_encrypted as "secretEncrypted", w.user_id as "userId", w.failing_since as "failingSince"`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    failingSince: row.failingSince === null ? null : new Date(row.failingSince),
  }));
}

export async function recordDeliverySuccess(db: DbOrTx, delivery: { id: string; webhookId: string }, status: number, at: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'succeeded', responseStatus: status, lastError: null, deliveredAt: at, lockedUntil: null })
    .where(eq(webhookDeliveries.id, delivery.id));
  await db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, delivery.webhookId));
}

/** A failed attempt: retried at `nextAttemptAt`, or failed for good when that is null. */
export async function recordDeliveryFailure(
  db: DbOrTx,
  delivery: { id: string; webhookId: string },
  outcome: { status: number | null; error: string; nextAttemptAt: Date | null; at: Date },
) {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.nextAttemptAt ? 'pending' : 'failed',
      responseStatus: outcome.status,
      lastError: outcome.error.slice(0, 500),
      nextAttemptAt: outcome.nextAttemptAt ?? outcome.at,
      lockedUntil: null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${outcome.at.toISOString()}::timestamptz)` })
    .where(eq(webhooks.id, delivery.webhookId));
}

/** Disables a webhook that has failed since before `failingBefore`; true when this call disabled it. */
export async function disableWebhookFailingSince(db: DbOrTx, webhookId: string, failingBefore: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ active: false, disabledAt: at })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.active, true), lte(webhooks.failingSince, failingBefore)))
    .returning({ id: webhooks.id });
  if (rows.length === 0) return false;
  // Its pending deliveries stop with it.
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'webhook disabled after a day of failures', lockedUntil: null })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), or(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.status, 'sending'))));
  return true;
}

