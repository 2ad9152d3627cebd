import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { ProviderError, type WebhookVerificationKey } from './provider';

/** Plaid: a webhook whose JWT was issued more than 5 minutes ago is refused. */
export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** Keys are fetched by kid once and reused; a day keeps rotation cheap to follow. */
export const WEBHOOK_KEY_CACHE_MS = 24 * 3_600_000;
/** A kid the provider does not know is remembered as unknown this long: forged kids cost no new call. */
export const WEBHOOK_UNKNOWN_KEY_CACHE_MS = 10 * 60_000;
/** At most this many key fetches a minute, whatever arrives: a stream of new forged kids is refused unfetched. */
export const WEBHOOK_KEY_FETCHES_PER_MINUTE = 3;
/** Plaid's key ids are UUIDs; anything longer or with other characters is malformed, never fetched. */
const KID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Bounds the cache's memory against a flood of distinct kids. */
const MAX_CACHE_ENTRIES = 1_000;

export class WebhookVerificationError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookVerificationError';
  }
}

export interface WebhookKeyCache {
  /** The key, `null` when the kid is known to be unknown, `undefined` when it must be fetched. */
  get(kid: string, now: number): WebhookVerificationKey | null | undefined;
  set(kid: string, key: WebhookVerificationKey | null, now: number): void;
  /** Takes one of the minute's fetches; false when they are used up. */
  takeFetch(now: number): boolean;
}

export function createWebhookKeyCache(options: { fetchesPerMinute?: number } = {}): WebhookKeyCache {
  const entries = new Map<string, { key: WebhookVerificationKey | null; at: number }>();
  const perMinute = options.fetchesPerMinute ?? WEBHOOK_KEY_FETCHES_PER_MINUTE;
  let fetches: number[] = [];
  return {
    get(kid, now) {
      const entry = entries.get(kid);
      if (!entry) return undefined;
      const ttl = entry.key ? WEBHOOK_KEY_CACHE_MS : WEBHOOK_UNKNOWN_KEY_CACHE_MS;
      if (now - entry.at >= ttl || now < entry.at) {
        entries.delete(kid);
        return undefined;
      }
      return entry.key;
    },
    set(kid, key, now) {
      entries.delete(kid);
      if (entries.size >= MAX_CACHE_ENTRIES) {
        // The oldest entry goes (a Map keeps insertion order); known keys are cheap to fetch again.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(kid, { key, at: now });
    },
    takeFetch(now) {
      fetches = fetches.filter((at) => now - at < 60_000 && at <= now);
      if (fetches.length >= perMinute) return false;
      fetches.push(now);
      return true;
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
  /** The provider's key for a kid; a ProviderError with `userFault` means the provider knows no such key. */
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
  if (typeof header.kid !== 'string' || !KID_PATTERN.test(header.kid)) throw new WebhookVerificationError('no or malformed key id');
  const nowMs = input.now.getTime();
  let key = input.cache.get(header.kid, nowMs);
  if (key === null) throw new WebhookVerificationError('unknown key id (cached)');
  if (key === undefined) {
    if (!input.cache.takeFetch(nowMs)) throw new WebhookVerificationError('key fetches rate-limited');
    try {
      key = await input.fetchKey(header.kid);
    } catch (error) {
      if (error instanceof ProviderError && error.userFault) {
        input.cache.set(header.kid, null, nowMs);
        throw new WebhookVerificationError('unknown key id');
      }
      throw new WebhookVerificationError(`key fetch failed${error instanceof ProviderError ? ` (${error.providerCode})` : ''}`);
    }
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
