import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hardeningMessages } from '../../lib/hardening-messages';

/** Batch screenings (up to 1,000 names each) one user may run: 6 a minute and 60 an hour. */
export const SCREENING_BATCH_LIMITS = [
  { limit: 6, windowMs: 60_000 },
  { limit: 60, windowMs: 3_600_000 },
] as const;

/** Counts one batch of the user against each window; 429 with Retry-After once one is passed. */
export async function enforceBatchScreeningLimit(ctx: AppContext, userId: string): Promise<void> {
  for (const { limit, windowMs } of SCREENING_BATCH_LIMITS) {
    const result = await ctx.rateLimiter.hit(`screening-batch:${windowMs}:${userId}`, limit, windowMs);
    if (!result.allowed) {
      throw new AppError('RATE_LIMITED', 429, hardeningMessages.screeningBatchLimit, undefined, { 'retry-after': String(Math.max(1, result.retryAfterSeconds)) });
    }
  }
}
