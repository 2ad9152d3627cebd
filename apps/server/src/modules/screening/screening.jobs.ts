import type { AppContext } from '../../context';
import { updateSanctionsFromPublishers } from './screening-import.service';

export const SANCTIONS_UPDATE_JOB = 'screening.sanctions-update';

/** The daily download of the official lists (SANCTIONS_UPDATE_CRON; `off` schedules none). */
export function registerScreeningJobs(ctx: AppContext) {
  const cron = ctx.config.SANCTIONS_UPDATE_CRON.trim();
  ctx.jobs.define({
    name: SANCTIONS_UPDATE_JOB,
    cron: cron === 'off' ? undefined : cron,
    retryLimit: 0,
    handler: async () => {
      const results = await updateSanctionsFromPublishers(ctx);
      for (const result of results) {
        const log = result.status === 'failed' || result.status === 'refused' ? ctx.log.warn.bind(ctx.log) : ctx.log.info.bind(ctx.log);
        log({ ...result }, `sanctions list ${result.source}: ${result.status}${result.error ? ` (${result.error})${result.hadStoredList ? '; the stored list stays in use' : ''}` : ''}`);
      }
    },
  });
}
