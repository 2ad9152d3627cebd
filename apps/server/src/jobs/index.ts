import type { AppContext } from '../context';
import { registerSystemJobs } from '../modules/system/system.jobs';
import { registerNewsJobs } from '../modules/news/news.jobs';
import { registerPriceJobs } from '../modules/prices/prices.jobs';
import { registerScreeningJobs } from '../modules/screening/screening.jobs';
import { registerDueDiligenceJobs } from '../modules/due-diligence/due-diligence.jobs';
import { registerSharingJobs } from '../modules/sharing/sharing.jobs';
import { registerNotificationJobs } from '../modules/notifications/notifications.jobs';
import { registerAlertJobs } from '../modules/alerts/alerts.jobs';
import { registerWebhookJobs } from '../modules/webhooks/webhooks.jobs';
import { registerWatchlistJobs } from '../modules/watchlist/watchlist.jobs';

/** Every module's job handlers and schedules. Called before the queue starts, in API and worker processes alike. */
export function registerAllJobs(ctx: AppContext) {
  registerSystemJobs(ctx);
  registerNewsJobs(ctx);
  registerPriceJobs(ctx);
  registerScreeningJobs(ctx);
  registerDueDiligenceJobs(ctx);
  registerSharingJobs(ctx);
  registerNotificationJobs(ctx);
  registerAlertJobs(ctx);
  registerWebhookJobs(ctx);
  registerWatchlistJobs(ctx);
}
