// Hand-written on purpose (issue 28): the in-memory counter replaces rate-limiter-flexible's memory store, whose promise per hit made an API key cost 1.046× a session one request at a time, 1.014× without it (bench/http/api-key.ts); Redis keeps the library.
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
 * Fixed-window counters by any key (an email, an address, a user), kept in this process's memory
 * (createMemoryRateLimiter), or by rate-limiter-flexible in Redis (REDIS_URL) where every instance
 * shares them. A hit counts and checks in
 * one atomic step (one synchronous update in memory, one Lua call in Redis), so of two simultaneous
 * requests at the limit only one is allowed.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit; allowed while the count stays within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * The memory store only: `hit` answered at once, without a promise (an API key's request counts
   * one on every call, issue 32). Absent for Redis, whose count is a round trip.
   */
  readonly hitNow?: (key: string, limit: number, windowMs: number) => RateLimitResult;
  /** Reads without counting (e.g. "is this address already over its failures?"): allowed while below `limit`. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

const isRefusal = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);

const secondsUntil = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

interface Window {
  count: number;
  /** Epoch milliseconds at which the window ends. */
  endsAt: number;
}

/**
 * The in-memory store: rate-limiter-flexible's memory store rewritten synchronously with the same
 * fixed windows (a window opens with a key's first hit and lasts the limit's window rounded up to
 * whole seconds; every hit counts, refused ones too; a window that has ended is a new one). Its
 * `consume` always answers through a promise and a Date per hit, which was most of an API key's
 * extra cost (issue 32). Ended windows are swept once a window's time has passed since the last sweep.
 */
export function createMemoryRateLimiter(): RateLimiter {
  type Store = { limit: number; askedMs: number; windowMs: number; windows: Map<string, Window>; sweptAt: number };
  const stores = new Map<string, Store>();
  // The last store asked for is found without making its name (one limit asked again and again).
  let last: Store | null = null;
  const storeFor = (limit: number, windowMs: number): Store => {
    if (last && last.limit === limit && last.askedMs === windowMs) return last;
    const name = `${limit}/${windowMs}`;
    let store = stores.get(name);
    if (!store) {
      store = { limit, askedMs: windowMs, windowMs: Math.max(1, Math.ceil(windowMs / 1000)) * 1000, windows: new Map(), sweptAt: Date.now() };
      stores.set(name, store);
    }
    return (last = store);
  };
  const hitNow = (key: string, limit: number, windowMs: number): RateLimitResult => {
    const store = storeFor(limit, windowMs);
    const now = Date.now();
    let window = store.windows.get(key);
    if (window && window.endsAt > now) {
      window.count += 1;
    } else {
      if (now - store.sweptAt >= store.windowMs) {
        for (const [name, ended] of store.windows) if (ended.endsAt <= now) store.windows.delete(name);
        store.sweptAt = now;
      }
      window = { count: 1, endsAt: now + store.windowMs };
      store.windows.set(key, window);
    }
    const retryAfterSeconds = Math.max(1, secondsUntil(window.endsAt - now));
    if (window.count > limit) return { allowed: false, remaining: 0, retryAfterSeconds };
    return { allowed: true, remaining: limit - window.count, retryAfterSeconds };
  };
  return {
    kind: 'memory',
    hitNow,
    hit(key, limit, windowMs) {
      return Promise.resolve(hitNow(key, limit, windowMs));
    },
    peek(key, limit, windowMs) {
      const window = storeFor(limit, windowMs).windows.get(key);
      const now = Date.now();
      if (!window || window.endsAt <= now) return Promise.resolve({ allowed: true, remaining: limit, retryAfterSeconds: 0 });
      const remaining = Math.max(0, limit - window.count);
      return Promise.resolve({ allowed: remaining > 0, remaining, retryAfterSeconds: secondsUntil(window.endsAt - now) });
    },
    close() {
      return Promise.resolve();
    },
  };
}

export function createLibraryRateLimiter(options: { redisUrl?: string; prefix?: string; onError?: (error: unknown) => void } = {}): RateLimiter {
  // Without Redis the counts are this process's own: no library at all (createMemoryRateLimiter).
  if (!options.redisUrl) return createMemoryRateLimiter();
  const redis = new (loadIoredis().Redis)(options.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 });
  redis.on('error', (error) => options.onError?.(error));
  const prefix = options.prefix ?? 'fueldesk:rl:';
  // The library loads with the first count: a command that never counts (an import) does without it.
  let library: Promise<typeof import('rate-limiter-flexible')> | null = null;
  const limiters = new Map<string, RateLimiterAbstract>();
  const createLimiter = async (name: string, limit: number, windowMs: number): Promise<RateLimiterAbstract> => {
    const { RateLimiterRedis } = await (library ??= import('rate-limiter-flexible'));
    let limiter = limiters.get(name);
    if (!limiter) {
      const settings = { points: limit, duration: Math.max(1, Math.ceil(windowMs / 1000)), keyPrefix: `${prefix}${name}` };
      limiter = new RateLimiterRedis({ ...settings, storeClient: redis });
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
    kind: 'redis',
    // One promise chain, no async layers: every API-key request counts a hit, and the awaits of an
    // async wrapper cost twice the memory store's own count in its profile (issue 32).
    hit(key, limit, windowMs) {
      const limiter = limiterFor(limit, windowMs);
      const consumed = limiter instanceof Promise ? limiter.then((made) => made.consume(key)) : limiter.consume(key);
      return consumed.then(counted, refused);
    },
    async peek(key, limit, windowMs) {
      const state = await (await limiterFor(limit, windowMs)).get(key);
      // A window that has ended (and not yet expired in Redis) is a new one.
      if (!state || state.msBeforeNext <= 0) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
      const remaining = Math.max(0, limit - state.consumedPoints);
      return { allowed: remaining > 0, remaining, retryAfterSeconds: secondsUntil(state.msBeforeNext) };
    },
    async close() {
      await redis.quit().catch(() => {});
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
