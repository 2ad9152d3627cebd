import type { ReadyResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { recordHeartbeat } from './system.repository';

const startedAt = Date.now();

export function getHealth() {
  return { status: 'ok' as const, uptime_seconds: Math.round((Date.now() - startedAt) / 1000) };
}

/** Ready means the database answers; a load balancer stops routing here when it does not. */
export async function getReadiness(ctx: AppContext): Promise<ReadyResponse> {
  try {
    await ctx.database.ping();
    return { status: 'ready', database: ctx.database.kind };
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness check failed');
    return { status: 'unavailable', database: ctx.database.kind };
  }
}

export const HEARTBEAT_JOB = 'system.heartbeat';

/** The trivial job that proves queue → worker → database wiring. */
export async function runHeartbeat(ctx: AppContext, data: { source?: string }) {
  await recordHeartbeat(ctx.db, data.source ?? 'unknown');
}
