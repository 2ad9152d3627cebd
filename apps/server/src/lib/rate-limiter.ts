import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from './app-error';
import { lazyModule } from './lazy-module';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** ioredis only with REDIS_URL (the embedded default keeps its counters in memory). */
const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/**
 * Fixed-window counters by any key (an email, an address, a user), kept by rate-limiter-flexible:
 * in memory, or in Redis (REDIS_URL) where every instance shares them. A hit counts and checks in
 * one atomic step (one synchronous update in memory, one Lua call in Redis), so of two simultaneous
 * requests at the limit only one is allowed.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit; allowed while the count stays within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads without counting (e.g. "is this address already over its failures?"): allowed while below `limit`. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

const isRefusal = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);

const secondsUntil = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

export function createLibraryRateLimiter(options: { redisUrl?: string; prefix?: string; onError?: (error: unknown) => void } = {}): RateLimiter {
  const redis = options.redisUrl ? new (loadIoredis().Redis)(options.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 }) : null;
  redis?.on('error', (error) => options.onError?.(error));
  const prefix = options.prefix ?? 'fueldesk:rl:';
  // The library loads with the first count: a command that never counts (an import) does without it.
  let library: Promise<typeof import('rate-limiter-flexible')> | null = null;
  const limiters = new Map<string, RateLimiterAbstract>();
  const createLimiter = async (name: string, limit: number, windowMs: number): Promise<RateLimiterAbstract> => {
    const { RateLimiterMemory, RateLimiterRedis } = await (library ??= import('rate-limiter-flexible'));
    let limiter = limiters.get(name);
    if (!limiter) {
      const settings = { points: limit, duration: Math.max(1, Math.ceil(windowMs / 1000)), keyPrefix: `${prefix}${name}` };
      limiter = redis ? new RateLimiterRedis({ ...settings, storeClient: redis }) : new RateLimiterMemory(settings);
      limiters.set(name, limiter);
    }
    return limiter;
  };
  // A limiter made once is found without waiting on the library's import again.
  const limiterFor = (limit: number, windowMs: number): RateLimiterAbstract | Promise<RateLimiterAbstract> => {
    const name = `${limit}/${windowMs}`;
    return limiters.get(name) ?? createLimiter(name, limit, windowMs);
  };
  const counted = (result: RateLimiterRes): RateLimitResult => ({
    allowed: true,
    remaining: result.remainingPoints,
    retryAfterSeconds: Math.max(1, secondsUntil(result.msBeforeNext)),
  });
  const refused = (refusal: unknown): RateLimitResult => {
    if (!isRefusal(refusal)) throw refusal;
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, secondsUntil(refusal.msBeforeNext)) };
  };
  return {
    kind: redis ? 'redis' : 'memory',
    // One promise chain, no async layers: every API-key request counts a hit, and the awaits of an
    // async wrapper cost twice the memory store's own count in its profile (issue 32).
    hit(key, limit, windowMs) {
      const limiter = limiterFor(limit, windowMs);
      const consumed = limiter instanceof Promise ? limiter.then((made) => made.consume(key)) : limiter.consume(key);
      return consumed.then(counted, refused);
    },
    async peek(key, limit, windowMs) {
      const state = await (await limiterFor(limit, windowMs)).get(key);
      // The memory store hands back a window that has ended until its timer removes it: a new window.
      if (!state || state.msBeforeNext <= 0) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
      const remaining = Math.max(0, limit - state.consumedPoints);
      return { allowed: remaining > 0, remaining, retryAfterSeconds: secondsUntil(state.msBeforeNext) };
    },
    async close() {
      await redis?.quit().catch(() => {});
    },
  };
}

/** Redis when REDIS_URL is set (shared by every instance), memory otherwise. */
export function createRateLimiter(config: { REDIS_URL?: string }, onError?: (error: unknown) => void): RateLimiter {
  return createLibraryRateLimiter({ redisUrl: config.REDIS_URL, onError });
}

export interface LimitKey {
  key: string;
  limit: number;
}

function refuseIfAny(results: RateLimitResult[]): void {
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw rateLimited(Math.max(...refused.map((result) => result.retryAfterSeconds)));
}

/**
 * The one way a service limits: counts one hit on every key at once and throws the 429
 * (`rateLimited`, with Retry-After) when any is over its budget.
 */
export async function consumeLimits(limiter: RateLimiter, keys: LimitKey[], windowMs: number): Promise<void> {
  refuseIfAny(await Promise.all(keys.map(({ key, limit }) => limiter.hit(key, limit, windowMs))));
}

/** Throws the 429 when any key has used its budget already, without counting (failures counted after the fact). */
export async function checkLimits(limiter: RateLimiter, keys: LimitKey[], windowMs: number): Promise<void> {
  refuseIfAny(await Promise.all(keys.map(({ key, limit }) => limiter.peek(key, limit, windowMs))));
}

/** One key: counts an attempt and throws the 429 once `limit` hits within `windowMs` are passed. */
export function enforceRateLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number): Promise<void> {
  return consumeLimits(limiter, [{ key, limit }], windowMs);
}
