import type { AppContext } from '../../context';
import { rescreenForVersion, WATCHLIST_RESCREEN_JOB } from './watchlist.service';

/** Every new list version re-screens the watchlists once (see rescreenForVersion). */
export function registerWatchlistJobs(ctx: AppContext) {
  ctx.jobs.define<{ versionId: number }>({
    name: WATCHLIST_RESCREEN_JOB,
    pollingIntervalSeconds: 1,
    retryLimit: 10,
    retryDelaySeconds: ctx.config.WATCHLIST_RESCREEN_RETRY_SECONDS,
    handler: async (data) => {
      const report = await rescreenForVersion(ctx, data.versionId);
      ctx.log.info({ versionId: data.versionId, ...report }, 'watchlist re-screened');
    },
  });
}
