import type { AppContext } from '../../context';
import { syncEiaApi } from './eia-sync.service';

export const EIA_SYNC_JOB = 'prices.eia-sync';

/** The daily EIA API v2 sync: scheduled only when an API key is configured. */
export function registerPriceJobs(ctx: AppContext) {
  ctx.jobs.define<{ from?: string; to?: string }>({
    name: EIA_SYNC_JOB,
    cron: ctx.config.EIA_API_KEY ? ctx.config.EIA_SYNC_CRON : undefined,
    retryLimit: 3,
    retryDelaySeconds: 600,
    handler: async (data) => {
      if (!ctx.config.EIA_API_KEY) {
        ctx.log.warn('EIA sync skipped: EIA_API_KEY is not set');
        return;
      }
      const report = await syncEiaApi(ctx, { from: data?.from, to: data?.to, actor: { kind: 'eia-job' } });
      ctx.log.info(
        { inserted: report.inserted, updated: report.updated, unchanged: report.unchanged, products: report.product_codes.length },
        'EIA API prices synced',
      );
    },
  });
}
