import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { produceDueReport } from './due-diligence.pipeline';
import { DUE_REPORT_JOB, DUE_REPORT_MAX_ATTEMPTS, DUE_REPORT_SWEEP_CRON, DUE_REPORT_SWEEP_JOB, requeueStaleReports } from './due-diligence.service';

const jobDataSchema = z.object({ reportId: z.uuid() });

/**
 * Reports one process produces at once: REPORT_CONCURRENCY, else two per CPU core between 2 and 8.
 * A report mostly waits (queries, the LLM), so a few at once fill the time between.
 */
export function reportConcurrency(setting: number | undefined, cores = availableParallelism()): number {
  return setting ?? Math.min(8, Math.max(2, cores * 2));
}

/**
 * One job per report (singletonKey = report id); pg-boss retries it (and hands it out again after a
 * crash) until it completes or fails. Several run at once; a report is still written once, since its
 * row moves from `processing` only once (completeReport / failReport are conditional updates).
 */
export function registerDueDiligenceJobs(ctx: AppContext) {
  ctx.jobs.define<unknown>({
    name: DUE_REPORT_JOB,
    retryLimit: DUE_REPORT_MAX_ATTEMPTS,
    retryDelaySeconds: 5,
    concurrency: reportConcurrency(ctx.config.REPORT_CONCURRENCY),
    handler: async (data) => {
      const parsed = jobDataSchema.safeParse(data);
      if (!parsed.success) {
        ctx.log.warn({ data }, 'due diligence job without a report id ignored');
        return;
      }
      await produceDueReport(ctx, parsed.data.reportId);
    },
  });
  ctx.jobs.define({
    name: DUE_REPORT_SWEEP_JOB,
    cron: DUE_REPORT_SWEEP_CRON,
    retryLimit: 0,
    handler: async () => {
      const requeued = await requeueStaleReports(ctx);
      if (requeued > 0) ctx.log.warn({ requeued }, 'due diligence reports queued again');
    },
  });
}
