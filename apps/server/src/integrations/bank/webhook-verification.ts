import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { WebhookVerificationKey } from './provider';

/** Plaid: a webhook whose JWT was issued more than 5 minutes ago is refused. */
export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** Keys are fetched by kid once and reused; a day keeps rotation cheap to follow. */
export const WEBHOOK_KEY_CACHE_MS = 24 * 3_600_000;

export class WebhookVerificationError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookVerificationError';
  }
}

export interface WebhookKeyCache {
  get(kid: string, now: number): WebhookVerificationKey | undefined;
  set(kid: string, key: WebhookVerificationKey, now: number): void;
}

export function createWebhookKeyCache(): WebhookKeyCache {
  const entries = new Map<string, { key: WebhookVerificationKey; at: number }>();
  return {
    get(kid, now) {
      const entry = entries.get(kid);
      return entry && now - entry.at < WEBHOOK_KEY_CACHE_MS ? entry.key : undefined;
    },
    set(kid, key, now) {
      entries.set(kid, { key, at: now });
    },
  };
}

/**
 * Verifies Plaid's `Plaid-Verification` header as Plaid documents it: a JWT signed with ES256 only,
 * its key fetched by `kid` (and cached), issued no more than 5 minutes ago, whose
 * `request_body_sha256` equals the SHA-256 of the exact body received. Throws otherwise.
 */
export async function verifyPlaidWebhook(input: {
  header: string | undefined;
  rawBody: string;
  now: Date;
  cache: WebhookKeyCache;
  fetchKey: (kid: string) => Promise<WebhookVerificationKey>;
}): Promise<void> {
  if (!input.header) throw new WebhookVerificationError('missing Plaid-Verification header');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(input.header);
  } catch {
    throw new WebhookVerificationError('malformed JWT');
  }
  if (header.alg !== 'ES256') throw new WebhookVerificationError('algorithm is not ES256');
  if (!header.kid) throw new WebhookVerificationError('no key id');
  const nowMs = input.now.getTime();
  let key = input.cache.get(header.kid, nowMs);
  if (!key) {
    key = await input.fetchKey(header.kid);
    input.cache.set(header.kid, key, nowMs);
  }
  if (key.expiredAt !== null && key.expiredAt * 1000 <= nowMs) throw new WebhookVerificationError('key expired');
  let payload: { iat?: number; request_body_sha256?: unknown };
  try {
    const publicKey = await importJWK({ ...key.jwk, alg: 'ES256' }, 'ES256');
    ({ payload } = await jwtVerify(input.header, publicKey, { algorithms: ['ES256'], currentDate: input.now }));
  } catch {
    throw new WebhookVerificationError('bad signature');
  }
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof payload.iat !== 'number' || nowSeconds - payload.iat > WEBHOOK_MAX_AGE_SECONDS || payload.iat - nowSeconds > WEBHOOK_MAX_AGE_SECONDS) {
    throw new WebhookVerificationError('stale iat');
  }
  if (typeof payload.request_body_sha256 !== 'string') throw new WebhookVerificationError('no body hash');
  const expected = Buffer.from(createHash('sha256').update(input.rawBody, 'utf8').digest('hex'), 'utf8');
  const claimed = Buffer.from(payload.request_body_sha256, 'utf8');
  if (expected.length !== claimed.length || !timingSafeEqual(expected, claimed)) throw new WebhookVerificationError('body hash mismatch');
}
