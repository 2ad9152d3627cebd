import type { AppContext } from '../../context';
import { HEARTBEAT_JOB, runHeartbeat } from './system.service';

export function registerSystemJobs(ctx: AppContext) {
  ctx.jobs.define<{ source?: string }>({
    name: HEARTBEAT_JOB,
    handler: (data) => runHeartbeat(ctx, data),
    retryLimit: 1,
  });
}
