import { z } from 'zod';
import type { AppContext } from '../../context';
import { produceDueReport } from './due-diligence.pipeline';
import { DUE_REPORT_JOB, DUE_REPORT_MAX_ATTEMPTS, DUE_REPORT_SWEEP_CRON, DUE_REPORT_SWEEP_JOB, requeueStaleReports } from './due-diligence.service';

const jobDataSchema = z.object({ reportId: z.uuid() });

/** One job per report; pg-boss retries it (and hands it out again after a crash) until it completes or fails. */
export function registerDueDiligenceJobs(ctx: AppContext) {
  ctx.jobs.define<unknown>({
    name: DUE_REPORT_JOB,
    retryLimit: DUE_REPORT_MAX_ATTEMPTS,
    retryDelaySeconds: 5,
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
