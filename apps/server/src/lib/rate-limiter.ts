import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lazyModule } from './lazy-module';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** ioredis only with REDIS_URL (the embedded default keeps its counters in memory). */
const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/**
 * Fixed-window counters by key, kept by @fastify/rate-limit's stores: in memory, or in Redis
 * (REDIS_URL) where every instance shares them. A hit counts and checks in one atomic step, so
 * of two simultaneous requests at the limit only one is allowed.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit; allowed while the count stays within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads without counting (e.g. "is this address already over its failures?"): allowed while below `limit`. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

type Check = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<{ remaining?: number; ttl?: number; isExceeded?: boolean }>;

/** Attacker-chosen keys (emails, addresses) must not push live windows out of the memory store. */
const MEMORY_KEYS = 100_000;

/**
 * The limiter functions come from `fastify.createRateLimit()` on a small Fastify instance of their
 * own, so services can count by any key (an email, an address and an email) outside a route hook.
 */
export function createLibraryRateLimiter(options: { redisUrl?: string; prefix?: string; onError?: (error: unknown) => void } = {}): RateLimiter {
  const redis = options.redisUrl ? new (loadIoredis().Redis)(options.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 }) : null;
  redis?.on('error', (error) => options.onError?.(error));
  // The Fastify instance is built on first use: a command that never counts (an import) skips it,
  // and the server's start does not wait for it (~0.1-0.25 s of module loading and plugin setup).
  // Its modules load then too: imported statically, they put Fastify's code in the command line's
  // runtime, ~45 ms of loading for every command (the server loads them anyway).
  let host: Promise<FastifyInstance> | null = null;
  const build = async () => {
    const [{ default: Fastify }, { default: rateLimit }, { zodSchemaController }] = await Promise.all([
      import('fastify'),
      import('@fastify/rate-limit'),
      import('./schema-compilers'),
    ]);
    const instance = Fastify({ logger: false, schemaController: zodSchemaController });
    await instance.register(rateLimit, {
      global: false,
      cache: MEMORY_KEYS,
      ...(redis ? { redis, nameSpace: options.prefix ?? 'fueldesk:rl:' } : {}),
      keyGenerator: (request: FastifyRequest) => (request as unknown as { limitKey: string }).limitKey,
    });
    await instance.ready();
    return instance;
  };
  const checks = new Map<string, Check>();
  const checkFor = async (limit: number, windowMs: number): Promise<Check> => {
    const instance = await (host ??= build());
    const name = `${limit}/${windowMs}`;
    let check = checks.get(name);
    if (!check) {
      check = instance.createRateLimit({ max: limit, timeWindow: windowMs }) as unknown as Check;
      checks.set(name, check);
    }
    return check;
  };
  // The limiter reads the key (and the route's group, none here) from the request it is given.
  const requestFor = (key: string) => ({ limitKey: key, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  const toResult = (state: { remaining?: number; ttl?: number }, allowed: boolean): RateLimitResult => ({
    allowed,
    remaining: state.remaining ?? 0,
    retryAfterSeconds: state.ttl && state.ttl > 0 ? Math.max(1, Math.ceil(state.ttl / 1000)) : 0,
  });
  // The memory store hands back its live entry, read after an await: two hits at once would both
  // see the second count. Hits in memory are therefore taken one at a time (Redis answers per call).
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    if (redis) return task();
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };
  return {
    kind: redis ? 'redis' : 'memory',
    async hit(key, limit, windowMs) {
      const check = await checkFor(limit, windowMs);
      const state = await inTurn(() => check(requestFor(key)));
      const result = toResult(state, !state.isExceeded);
      return { ...result, retryAfterSeconds: Math.max(1, result.retryAfterSeconds) };
    },
    async peek(key, limit, windowMs) {
      const state = await (await checkFor(limit, windowMs))(requestFor(key), { increment: false });
      return toResult(state, (state.remaining ?? 0) > 0);
    },
    async close() {
      await (await host?.catch(() => null))?.close();
      await redis?.quit().catch(() => {});
    },
  };
}

/** Redis when REDIS_URL is set (shared by every instance), memory otherwise. */
export function createRateLimiter(config: { REDIS_URL?: string }, onError?: (error: unknown) => void): RateLimiter {
  return createLibraryRateLimiter({ redisUrl: config.REDIS_URL, onError });
}
