import type { AppContext } from '../../context';
import { addApiKeyUsage } from './api-keys.repository';

interface Pending {
  requests: number;
  /** Epoch milliseconds: a key's request allocates no Date for its count. */
  lastUsedAt: number;
}

/**
 * Keys' usage counts and last-used times, added up in memory and stored every
 * API_KEY_USAGE_FLUSH_MS (one UPDATE per key used since the last store), so that a key's request
 * never waits on a write. Each instance adds its own counts; the owner's list stores this
 * instance's first. A crash loses at most one interval's counts.
 */
export class ApiKeyUsage {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  record(keyId: string, atMs: number): void {
    const entry = this.pending.get(keyId);
    if (entry) {
      entry.requests += 1;
      if (atMs > entry.lastUsedAt) entry.lastUsedAt = atMs;
    } else {
      this.pending.set(keyId, { requests: 1, lastUsedAt: atMs });
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.ctx.config.API_KEY_USAGE_FLUSH_MS).unref();
  }

  /** Stores what is pending (after any store already under way). */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      for (const [keyId, entry] of batch) {
        try {
          await addApiKeyUsage(this.ctx.db, keyId, entry.requests, new Date(entry.lastUsedAt));
        } catch (error) {
          this.ctx.log.warn({ err: error, keyId }, 'could not store API key usage');
        }
      }
    });
    this.flushing = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const usages = new WeakMap<object, ApiKeyUsage>();

export function apiKeyUsage(ctx: AppContext): ApiKeyUsage {
  let usage = usages.get(ctx);
  if (!usage) {
    usage = new ApiKeyUsage(ctx);
    usages.set(ctx, usage);
  }
  return usage;
}
