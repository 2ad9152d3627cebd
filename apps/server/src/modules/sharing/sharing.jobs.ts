import type { AppContext } from '../../context';
import { expireOverdueInvitations } from './sharing.service';

export const EXPIRE_INVITATIONS_JOB = 'sharing-expire-invitations';
/** Hourly: an invitation expires at most an hour after its seven days. */
export const EXPIRE_INVITATIONS_CRON = '7 * * * *';

export function registerSharingJobs(ctx: AppContext) {
  ctx.jobs.define({
    name: EXPIRE_INVITATIONS_JOB,
    cron: EXPIRE_INVITATIONS_CRON,
    retryLimit: 1,
    handler: async () => {
      const expired = await expireOverdueInvitations(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'sharing invitations expired');
    },
  });
}
