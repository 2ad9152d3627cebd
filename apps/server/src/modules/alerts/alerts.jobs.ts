import type { AppContext } from '../../context';
import { ALERTS_EVALUATE_JOB, evaluateAlerts } from './alerts.service';

/** Price alerts are evaluated on the worker after each price write (see queueAlertEvaluation). */
export function registerAlertJobs(ctx: AppContext) {
  ctx.jobs.define<{ productCodes: string[]; writtenAt: string }>({
    name: ALERTS_EVALUATE_JOB,
    pollingIntervalSeconds: 0.5,
    retryLimit: 5,
    retryDelaySeconds: 30,
    handler: async (data) => {
      const { fired } = await evaluateAlerts(ctx, { productCodes: data.productCodes, writtenAt: new Date(data.writtenAt) });
      if (fired > 0) ctx.log.info({ fired }, 'price alerts fired');
    },
  });
}
