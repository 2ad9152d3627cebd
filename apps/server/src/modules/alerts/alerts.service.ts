import {
  PRICE_ALERT_LIMIT,
  errorMessages,
  watchingMessages,
  type CreatePriceAlertInput,
  type PriceAlert,
  type PriceAlertEvent,
  type UpdatePriceAlertInput,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { createNotifications, deliverNotifications, queueMailWithin } from '../notifications/notifications.service';
import { findNewestSpreadPoint } from '../prices/spreads.service';
import { lockUser } from '../users/users.service';
import {
  countAlertsOfUser,
  deleteAlertOfUser,
  findActiveProduct,
  findAlertOfUser,
  findNewestWrittenPublications,
  hasActiveAlerts,
  insertAlert,
  listAlertEvents,
  listAlertsOfUser,
  listWatchedSpreads,
  markAlertsFired,
  recordAlertFirings,
  updateAlertOfUser,
  type PriceAlertWithProduct,
  type PublicationValues,
  type WrittenPublication,
} from './alerts.repository';

export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';
/** The firings GET /alerts/{id}/events lists at most. */
export const ALERT_EVENTS_LIMIT = 200;

function present(row: PriceAlertWithProduct): PriceAlert {
  return {
    id: row.id,
    product_code: row.productCode,
    condition: row.condition,
    value: row.value,
    channels: row.channels as PriceAlert['channels'],
    active: row.active,
    created_at: row.createdAt.toISOString(),
    last_fired_at: row.lastFiredAt ? row.lastFiredAt.toISOString() : null,
  };
}

const alertNotFound = () => notFound(watchingMessages.alertNotFound);

export async function listAlerts(ctx: AppContext, user: AuthUser): Promise<{ items: PriceAlert[] }> {
  return { items: (await listAlertsOfUser(ctx.db, user.id)).map(present) };
}

/** Creates an alert on an active product; at most PRICE_ALERT_LIMIT per user (counted under the user's lock). */
export async function createAlert(ctx: AppContext, user: AuthUser, input: CreatePriceAlertInput): Promise<PriceAlert> {
  const product = await findActiveProduct(ctx.db, input.product_code);
  if (!product) throw new AppError('UNKNOWN_PRODUCT', 400, watchingMessages.unknownProduct, { product_code: watchingMessages.unknownProduct });
  const productId = product.id;
  const id = await ctx.db.transaction(async (tx) => {
    // Two creations at once must not pass the limit together: they take turns on the user's alerts.
    await lockUser(tx, user.id);
    if ((await countAlertsOfUser(tx, user.id)) >= PRICE_ALERT_LIMIT) {
      throw new AppError('ALERT_LIMIT', 409, watchingMessages.alertLimit);
    }
    const now = ctx.now();
    const row = await insertAlert(tx, {
      userId: user.id,
      productId,
      condition: input.condition,
      value: input.value,
      channels: input.channels,
      createdAt: now,
      updatedAt: now,
    });
    return row.id;
  });
  return present((await findAlertOfUser(ctx.db, user.id, id))!);
}

export async function updateAlert(ctx: AppContext, user: AuthUser, id: string, input: UpdatePriceAlertInput): Promise<PriceAlert> {
  const existing = await findAlertOfUser(ctx.db, user.id, id);
  if (!existing) throw alertNotFound();
  const condition = input.condition ?? existing.condition;
  const value = input.value ?? existing.value;
  if (condition === 'change_pct' && !(Number(value) > 0 && Number(value) <= 1000)) {
    throw badRequest(errorMessages.VALIDATION_ERROR, { value: watchingMessages.pctRange });
  }
  await updateAlertOfUser(ctx.db, user.id, id, {
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.condition !== undefined ? { condition: input.condition } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.channels !== undefined ? { channels: input.channels } : {}),
    updatedAt: ctx.now(),
  });
  return present((await findAlertOfUser(ctx.db, user.id, id))!);
}

export async function deleteAlert(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  if (!(await deleteAlertOfUser(ctx.db, user.id, id))) throw alertNotFound();
}

export async function listEventsOfAlert(ctx: AppContext, user: AuthUser, id: string): Promise<{ items: PriceAlertEvent[] }> {
  if (!(await findAlertOfUser(ctx.db, user.id, id))) throw alertNotFound();
  const rows = await listAlertEvents(ctx.db, id, ALERT_EVENTS_LIMIT);
  return {
    items: rows.map((row) => ({
      at: row.createdAt.toISOString(),
      publication_date: row.publicationDate,
      value: row.value,
      previous_value: row.previousValue,
      change_pct: row.changePct,
    })),
  };
}

/** Queued by every price write that changed something (import, upload, scheduled sync). */
export async function queueAlertEvaluation(ctx: AppContext, input: { productCodes: string[]; writtenAt: Date }): Promise<void> {
  try {
    // A write of products nobody watches (most imports, the demo seed) sends no job, so commands
    // such as the CLI import never load the queue for nothing.
    if (!(await hasActiveAlerts(ctx.db, input.productCodes))) return;
    await ctx.jobs.send(ALERTS_EVALUATE_JOB, { productCodes: input.productCodes, writtenAt: input.writtenAt.toISOString() }, { retryLimit: 5, retryDelay: 30 });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue the price alerts evaluation');
  }
}

/**
 * Evaluates the alerts of each product whose newest publication this write stored or changed (of
 * a futures product, its contract 1: a write of C2–C4 alone fires nothing), and of each spread with
 * one of these products as a leg whose newest value (on the newest date every leg has one, computed
 * from the legs as every reading computes it) this write stored or changed a leg value of. A backfill of older dates fires nothing: alerts are about the market as it is now.
 * Every firing, its notification and the alert's last_fired_at are written in one transaction per
 * product or spread, and the (alert, publication date) key makes the whole evaluation idempotent: a
 * retried job, a second worker or the same file imported twice fires nothing more.
 */
export async function evaluateAlerts(
  ctx: AppContext,
  input: { productCodes: string[]; writtenAt: Date },
  opts: {
    /** Tests: a crash right after a firing transaction commits, before its notifications are delivered. */
    afterCommit?: () => Promise<void>;
  } = {},
): Promise<{ fired: number }> {
  let fired = 0;
  for (const publication of await findNewestWrittenPublications(ctx.db, input.productCodes, input.writtenAt)) {
    fired += await fireAlerts(ctx, publication, undefined, opts.afterCommit);
  }
  for (const spread of await listWatchedSpreads(ctx.db, input.productCodes)) {
    const point = await findNewestSpreadPoint(ctx, { legs: spread.legs, divisor: spread.divisor });
    if (!point || point.legsWrittenAt < input.writtenAt) continue;
    fired += await fireAlerts(ctx, { ...spread, publicationDate: point.date, forwardPeriod: '' }, { value: point.value, previousValue: point.previousValue }, opts.afterCommit);
  }
  return { fired };
}

/**
 * Records the firings of one publication's alerts with their notifications and their mail jobs in one
 * transaction, then delivers them (push, webhooks now; a webhook delivery row is in the transaction
 * and the every-minute sweep sends it anyway).
 */
async function fireAlerts(ctx: AppContext, publication: WrittenPublication, values?: PublicationValues, afterCommit?: () => Promise<void>): Promise<number> {
  const now = ctx.now();
  const stored = await ctx.db.transaction(async (tx) => {
    const firings = await recordAlertFirings(tx, publication, now, values);
    await markAlertsFired(tx, firings.map((firing) => firing.alertId), now);
    const created = await createNotifications(
      tx,
      firings.map((firing) => ({
        userId: firing.userId,
        kind: 'price_alert' as const,
        params: {
          product_code: publication.productCode,
          product_name: publication.productName,
          units: publication.units,
          condition: firing.condition,
          level: firing.level,
          value: firing.value,
          previous_value: firing.previousValue,
          change_pct: firing.changePct,
          publication_date: publication.publicationDate,
        },
        url: `/marketprice/alerts?alert=${firing.alertId}`,
        dedupeKey: `price_alert:${firing.alertId}:${publication.publicationDate}`,
        email: firing.channels.includes('email'),
        webhook: firing.channels.includes('webhook'),
      })),
      now,
      ctx.config.PUBLIC_URL,
    );
    // Their mail commits with them: queued after the commit, a worker killed in between lost it (the
    // firing is recorded, so the job's retry fires nothing more).
    await queueMailWithin(ctx, tx, created);
    return created;
  });
  if (afterCommit) await afterCommit();
  await deliverNotifications(ctx, stored);
  return stored.rows.length;
}
