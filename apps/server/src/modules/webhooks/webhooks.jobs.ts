import type { AppContext } from '../../context';
import { sendDueWebhookDeliveries, WEBHOOKS_DUE_JOB, WEBHOOKS_NOW_JOB } from './webhooks.service';

/** Every minute, on the worker: the webhook deliveries whose (re)try time has come. */
export function registerWebhookJobs(ctx: AppContext) {
  ctx.jobs.define({
    name: WEBHOOKS_DUE_JOB,
    cron: '* * * * *',
    handler: async () => {
      const { succeeded, failed } = await sendDueWebhookDeliveries(ctx, { limit: 200 });
      if (succeeded + failed > 0) ctx.log.info({ succeeded, failed }, 'webhook deliveries sent');
    },
  });
  ctx.jobs.define<{ notificationId: string }>({
    name: WEBHOOKS_NOW_JOB,
    pollingIntervalSeconds: 0.5,
    handler: async (data) => {
      await sendDueWebhookDeliveries(ctx, { notificationId: data.notificationId });
    },
  });
}
