import type { AppContext } from '../../context';
import { mailNotification, NOTIFICATION_MAIL_JOB } from './notifications.service';

/** A notification's mail: retried with backoff on its own, so one failing send never holds up the others. */
export function registerNotificationJobs(ctx: AppContext) {
  ctx.jobs.define<{ notificationId: string }>({
    name: NOTIFICATION_MAIL_JOB,
    retryLimit: 5,
    retryDelaySeconds: 60,
    handler: async (data) => mailNotification(ctx, data.notificationId),
  });
}
