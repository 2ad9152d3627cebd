import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMIT,
  notificationMessages,
  watchingMessages,
  withParams,
  type CreateWebhookInput,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { postWebhook, webhookAddressPolicy, WebhookUrlError } from '../../integrations/http/webhook-sender';
import { renderNoticeMail } from '../../integrations/mail/templates';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import { decryptSecret, encryptSecret } from '../../lib/encryption';
import { generateOpaqueToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { findUserById, lockUser } from '../users/users.service';
import {
  claimDueDeliveries,
  countWebhooksOfUser,
  deleteWebhookOfUser,
  disableWebhookFailingSince,
  findWebhookOfUser,
  insertDeliveriesForNotifications,
  insertWebhook,
  listDeliveriesOfWebhook,
  listWebhooksOfUser,
  recordDeliveryFailure,
  recordDeliverySuccess,
  type ClaimedDelivery,
  type WebhookRow,
} from './webhooks.repository';

export const WEBHOOKS_DUE_JOB = 'webhooks.deliver-due';
/** Sent when a notification is stored: its webhook deliveries go out at once instead of at the next minute. */
export const WEBHOOKS_NOW_JOB = 'webhooks.deliver-now';
/** Deliveries are retried with exponential backoff (from 30 s, at most 2 h apart) for a day, then fail. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_GAP_MS = 2 * 60 * 60 * 1000;
/** A worker's claim on a delivery it is sending; longer than any attempt's deadline. */
const CLAIM_MS = 5 * 60 * 1000;
const DELIVERIES_LISTED = 100;

const secretContext = (webhookId: string) => `webhook:${webhookId}`;

function present(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    active: row.active,
    failing_since: row.failingSince ? row.failingSince.toISOString() : null,
    disabled_at: row.disabledAt ? row.disabledAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listWebhooks(ctx: AppContext, user: AuthUser): Promise<{ items: Webhook[] }> {
  return { items: (await listWebhooksOfUser(ctx.db, user.id)).map(present) };
}

/** Registers an endpoint; answers its signing secret this once (stored encrypted, to sign with). */
export async function createWebhook(ctx: AppContext, user: AuthUser, input: CreateWebhookInput): Promise<CreatedWebhook> {
  try {
    webhookAddressPolicy(input.url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  } catch (error) {
    if (!(error instanceof WebhookUrlError)) throw error;
    const message =
      error.message === 'plain_http' ? watchingMessages.plainHttp : error.message === 'private_address' ? watchingMessages.privateAddress : watchingMessages.badUrl;
    throw badRequest(watchingMessages.badUrl, { url: message });
  }
  const id = randomUUID();
  const secret = `whsec_${generateOpaqueToken(32)}`;
  const row = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await countWebhooksOfUser(tx, user.id)) >= WEBHOOK_LIMIT) throw new AppError('WEBHOOK_LIMIT', 409, watchingMessages.webhookLimit);
    return insertWebhook(tx, {
      id,
      userId: user.id,
      url: input.url,
      events: input.events,
      secretEncrypted: encryptSecret(ctx.config.DATA_ENCRYPTION_KEY, secret, secretContext(id)),
      createdAt: ctx.now(),
    });
  });
  return { ...present(row), secret };
}

export async function deleteWebhook(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  if (!(await deleteWebhookOfUser(ctx.db, user.id, id))) throw notFound(watchingMessages.webhookNotFound);
}

export async function listWebhookDeliveries(ctx: AppContext, user: AuthUser, id: string): Promise<{ items: WebhookDelivery[] }> {
  if (!(await findWebhookOfUser(ctx.db, user.id, id))) throw notFound(watchingMessages.webhookNotFound);
  const rows = await listDeliveriesOfWebhook(ctx.db, id, DELIVERIES_LISTED);
  return {
    items: rows.map((row) => ({
      id: row.id,
      event: row.event,
      at: (row.deliveredAt ?? row.createdAt).toISOString(),
      status: row.status,
      attempts: row.attempts,
      response_status: row.responseStatus,
      last_error: row.lastError,
    })),
  };
}

/**
 * Inside the transaction that stores notifications: one delivery per active webhook of each owner
 * that subscribes to the notification's kind, all in one statement (a re-screen stores thousands).
 * The body is fixed here, so every retry sends the same bytes' content. Answers the ids of the
 * notifications that got a delivery.
 */
export async function createWebhookDeliveries(
  tx: DbOrTx,
  inputs: { userId: string; notificationId: string; event: string; data: Record<string, unknown> }[],
  now: Date,
): Promise<Set<string>> {
  return insertDeliveriesForNotifications(
    tx,
    inputs.map((input) => ({
      userId: input.userId,
      notificationId: input.notificationId,
      event: input.event,
      payload: { id: input.notificationId, event: input.event, created_at: now.toISOString(), data: input.data },
    })),
    now,
  );
}

/** The wait before the next attempt after `attempts` failed ones. */
export function nextRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_GAP_MS);
}

async function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<boolean> {
  const body = JSON.stringify(delivery.payload);
  const outcome = await postWebhook({
    url: delivery.url,
    body,
    secret: decryptSecret(ctx.config.DATA_ENCRYPTION_KEY, delivery.secretEncrypted, secretContext(delivery.webhookId)),
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
    now: ctx.now(),
  });
  const at = ctx.now();
  if (outcome.ok) {
    await recordDeliverySuccess(ctx.db, delivery, outcome.status, at);
    return true;
  }
  const retryAt = new Date(at.getTime() + nextRetryDelayMs(delivery.attempts));
  const withinWindow = retryAt.getTime() - delivery.createdAt.getTime() <= WEBHOOK_RETRY_WINDOW_MS;
  await recordDeliveryFailure(ctx.db, delivery, { status: outcome.status, error: outcome.error, nextAttemptAt: withinWindow ? retryAt : null, at });
  // An endpoint that has failed for a whole day is switched off, and its owner told.
  const failingSince = delivery.failingSince ?? at;
  if (at.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS) {
    const failingBefore = new Date(at.getTime() - WEBHOOK_RETRY_WINDOW_MS);
    if (await disableWebhookFailingSince(ctx.db, delivery.webhookId, failingBefore, at)) await tellOwnerDisabled(ctx, delivery);
  }
  return false;
}

async function tellOwnerDisabled(ctx: AppContext, delivery: ClaimedDelivery): Promise<void> {
  const user = await findUserById(ctx.db, delivery.userId);
  if (!user) return;
  const language = user.language === 'es' ? 'es' : 'en';
  const mail = renderNoticeMail(language, {
    name: user.firstName ?? null,
    subject: translate(language, notificationMessages.subjectWebhookDisabled),
    lines: [translate(language, withParams(notificationMessages.webhookDisabled, { url: delivery.url }))],
    link: new URL('/webhooks', ctx.config.PUBLIC_URL).toString(),
    action: translate(language, notificationMessages.mailAction),
    footer: translate(language, notificationMessages.mailFooter),
  });
  try {
    await ctx.mailer.send({ to: user.email, ...mail });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not mail a webhook owner');
  }
}

/**
 * Sends the deliveries that are due (or only those of one notification): each claimed by one worker,
 * sent once per attempt, retried with backoff on failure. Returns how many succeeded and failed.
 */
export async function sendDueWebhookDeliveries(ctx: AppContext, options: { notificationId?: string; limit?: number } = {}) {
  const now = ctx.now();
  const claimed = await claimDueDeliveries(ctx.db, {
    now,
    lockedUntil: new Date(now.getTime() + CLAIM_MS),
    limit: options.limit ?? 50,
    notificationId: options.notificationId,
  });
  let succeeded = 0;
  for (const delivery of claimed) {
    try {
      if (await attempt(ctx, delivery)) succeeded += 1;
    } catch (error) {
      ctx.log.warn({ err: error }, 'a webhook delivery attempt failed unexpectedly');
    }
  }
  return { succeeded, failed: claimed.length - succeeded };
}
