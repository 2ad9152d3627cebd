import { lazyModule } from './lazy-module';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Counts hits per key in a fixed window. The check and the increment are one atomic step, so
 * two simultaneous requests at the limit cannot both get through.
 */
export interface RateLimiter {
  readonly kind?: 'memory' | 'redis';
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads without counting (e.g. "is this account locked?"). */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  /** Gives one hit back (e.g. a sign-in that turned out to succeed is not a failure). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_THRESHOLD = 10_000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const read = (key: string) => {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= now()) return undefined;
    return entry;
  };
  return {
    kind: 'memory',
    async hit(key, limit, windowMs) {
      // Keys are attacker-chosen (emails, IPs): drop finished windows before the map can grow without bound.
      if (windows.size >= SWEEP_THRESHOLD) {
        const current = now();
        for (const [stale, value] of windows) if (value.resetAt <= current) windows.delete(stale);
      }
      let entry = read(key);
      if (!entry) {
        entry = { count: 0, resetAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
      return { allowed: entry.count <= limit, remaining: Math.max(0, limit - entry.count), retryAfterSeconds };
    },
    async peek(key, limit) {
      const entry = read(key);
      const count = entry?.count ?? 0;
      const retryAfterSeconds = entry ? Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)) : 0;
      return { allowed: count < limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
    },
    async release(key) {
      const entry = read(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the first PEXPIRE run as one script, so no window is left without an expiry and two
// instances cannot both read "limit - 1".
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const releaseScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/** Fixed windows in Redis, shared by every server instance (REDIS_URL). */
export function createRedisRateLimiter(options: { url: string; prefix?: string; onError?: (error: unknown) => void }): RateLimiter {
  const redis = new (loadIoredis().Redis)(options.url, { maxRetriesPerRequest: 2 });
  redis.on('error', (error) => options.onError?.(error));
  const prefix = options.prefix ?? 'fueldesk:rl:';
  const toResult = (count: number, ttlMs: number, limit: number, counted: boolean): RateLimitResult => ({
    allowed: counted ? count <= limit : count < limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: count > 0 && ttlMs > 0 ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0,
  });
  return {
    kind: 'redis',
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(hitScript, 1, prefix + key, String(windowMs))) as [number, number];
      return { ...toResult(count, ttl, limit, true), retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key, limit) {
      const [[, value], [, ttl]] = (await redis.multi().get(prefix + key).pttl(prefix + key).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return toResult(Number(value ?? 0), ttl, limit, false);
    },
    async release(key) {
      await redis.eval(releaseScript, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}

/** Redis when REDIS_URL is set (shared by every instance), memory otherwise. */
export function createRateLimiter(config: { REDIS_URL?: string }, onError?: (error: unknown) => void): RateLimiter {
  return config.REDIS_URL ? createRedisRateLimiter({ url: config.REDIS_URL, onError }) : createMemoryRateLimiter();
}
