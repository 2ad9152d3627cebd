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
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads without counting (e.g. "is this account locked?"). */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const read = (key: string) => {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= now()) return undefined;
    return entry;
  };
  return {
    async hit(key, limit, windowMs) {
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
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
