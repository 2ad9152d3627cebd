import { bankMessages } from '@fueldesk/contracts';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { getBankProvider } from '../../integrations/bank';
import { createWebhookKeyCache, verifyPlaidWebhook, WebhookVerificationError, type WebhookKeyCache } from '../../integrations/bank/webhook-verification';
import { AppError } from '../../lib/app-error';
import * as repo from './bank.repository';

const keyCaches = new WeakMap<AppContext, WebhookKeyCache>();
const unverified = () => new AppError('WEBHOOK_UNVERIFIED', 401, bankMessages.webhookUnverified);

interface WebhookBody {
  webhook_type?: unknown;
  webhook_code?: unknown;
  item_id?: unknown;
  identity_verification_id?: unknown;
  webhook_id?: unknown;
}

/**
 * A provider webhook: verified first (401 otherwise), then handled once. A replayed delivery (same
 * body, or the same webhook id) is acknowledged and changes nothing.
 */
export async function handleBankWebhook(ctx: AppContext, header: string | string[] | undefined, rawBody: string): Promise<{ ok: true; duplicate: boolean }> {
  const provider = getBankProvider(ctx);
  if (!provider.getWebhookVerificationKey) throw unverified();
  let cache = keyCaches.get(ctx);
  if (!cache) keyCaches.set(ctx, (cache = createWebhookKeyCache()));
  try {
    await verifyPlaidWebhook({
      header: Array.isArray(header) ? header[0] : header,
      rawBody,
      now: ctx.now(),
      cache,
      fetchKey: (kid) => provider.getWebhookVerificationKey!(kid),
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      ctx.log.warn({ reason: error.message }, 'bank webhook refused');
      throw unverified();
    }
    throw error;
  }
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw new AppError('BAD_REQUEST', 400, bankMessages.webhookNotJson);
  }
  const type = typeof body.webhook_type === 'string' ? body.webhook_type : 'UNKNOWN';
  const code = typeof body.webhook_code === 'string' ? body.webhook_code : 'UNKNOWN';
  const itemId = typeof body.item_id === 'string' ? body.item_id : null;
  const id = typeof body.webhook_id === 'string' ? body.webhook_id : createHash('sha256').update(rawBody).digest('hex');
  const now = ctx.now();
  const fresh = await repo.recordWebhookEvent(ctx.db, { id, provider: provider.name, webhookType: type, webhookCode: code, itemId, receivedAt: now });
  if (!fresh) return { ok: true, duplicate: true };
  if (type === 'IDENTITY_VERIFICATION' && typeof body.identity_verification_id === 'string') {
    const current = await provider.getIdentityVerification(body.identity_verification_id).catch(() => null);
    if (current) {
      await repo.updateVerificationByProviderId(ctx.db, provider.name, current.id, {
        status: current.status,
        failureReasons: current.failureReasons,
        updatedAt: now,
      });
    }
  } else if (type === 'ITEM' && itemId) {
    await repo.markConnectionWebhook(ctx.db, provider.name, itemId, code, now);
  }
  return { ok: true, duplicate: false };
}
