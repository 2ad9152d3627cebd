import type { AppContext } from '../../context';
import { EIA_SYNC_JOB, runEiaSyncJob, type EiaSyncJobData } from './eia-sync-status.service';

export { EIA_SYNC_JOB };

/**
 * The daily EIA API v2 sync: scheduled only when an API key is configured. A failed run is recorded
 * (eia_sync_runs) and retried by pg-boss up to 3 times, the first after 10–20 minutes, each later one
 * twice as late (retryBackoff, with jitter).
 */
export function registerPriceJobs(ctx: AppContext) {
  ctx.jobs.define<EiaSyncJobData | null>({
    name: EIA_SYNC_JOB,
    cron: ctx.config.EIA_API_KEY ? ctx.config.EIA_SYNC_CRON : undefined,
    retryLimit: 3,
    retryDelaySeconds: 600,
    handler: (data, meta) => runEiaSyncJob(ctx, data, meta.id),
  });
}
