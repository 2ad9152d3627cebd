// The EIA API v2 sync as the data desk sees it (issue 33 "Sources"): every run recorded with the rows
// it wrote or why it failed (a message key and parameters, put into words in the reader's language
// when read), the schedule's next run, pg-boss's retry of a failed run (backoff), and "sync now".
import { eiaSyncMessages, withParams, type EiaSyncRun, type EiaSyncStatus, type MessageKey, type MessageParams } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { loadCronParser } from '../../lib/cron-parser';
import { AppError } from '../../lib/app-error';
import { translate, type Lang } from '../../lib/messages';
import { EiaApiError } from '../../integrations/market-data/eia-api';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { syncEiaApi } from './eia-sync.service';
import { findLastEiaSyncSuccess, finishEiaSyncRun, hasLiveEiaSyncRun, insertEiaSyncRun, listRecentEiaSyncRuns, type EiaSyncRunRecord } from './eia-sync-runs.repository';

export const EIA_SYNC_JOB = 'prices.eia-sync';

/** What the job is sent: a date range (the CLI, tests), and who asked when an admin did. */
export interface EiaSyncJobData {
  from?: string;
  to?: string;
  trigger?: 'schedule' | 'manual';
  requested_by?: string;
}

/** Past pg-boss's job expiry (15 minutes) a run still marked running died with its process. */
const RUN_ALIVE_MS = 30 * 60_000;
const RUNS_SHOWN = 10;

/** Why a sync failed, as a message of the `eiaSync` catalog. */
export function describeEiaSyncError(error: unknown): { key: MessageKey; params: MessageParams | null } {
  if (error instanceof EiaApiError) {
    const status = error.status;
    if (status === 401 || status === 403) return { key: eiaSyncMessages.keyRefused, params: { status } };
    if (status === 429) return { key: eiaSyncMessages.rateLimited, params: null };
    if (status !== null && status >= 400) return { key: eiaSyncMessages.unavailable, params: { status } };
    if (error.unreachable) return { key: eiaSyncMessages.unreachable, params: null };
    return { key: eiaSyncMessages.badAnswer, params: null };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { key: eiaSyncMessages.failed, params: { reason: reason.replace(/\.$/, '').slice(0, 300) } };
}

/**
 * The job's handler: one recorded run per attempt. A failure is recorded, then thrown again so
 * that pg-boss retries the job with backoff (the queue's retryLimit, retryDelay and retryBackoff).
 */
export async function runEiaSyncJob(ctx: AppContext, data: EiaSyncJobData | null | undefined, jobId: string): Promise<void> {
  const run = await insertEiaSyncRun(ctx.db, {
    trigger: data?.trigger === 'manual' ? 'manual' : 'schedule',
    requestedBy: data?.requested_by ?? null,
    jobId,
    startedAt: ctx.now(),
  });
  const fail = (key: MessageKey, params: MessageParams | null) =>
    finishEiaSyncRun(ctx.db, run.id, { status: 'failed', finishedAt: ctx.now(), rowsWritten: 0, errorKey: key, errorParams: params });
  if (!ctx.config.EIA_API_KEY) {
    // Nothing a retry could fix: recorded and shown, not retried.
    ctx.log.warn('EIA sync skipped: EIA_API_KEY is not set');
    await fail(eiaSyncMessages.noKey, null);
    return;
  }
  try {
    const report = await syncEiaApi(ctx, { from: data?.from, to: data?.to, actor: { kind: 'eia-job' } });
    await finishEiaSyncRun(ctx.db, run.id, { status: 'succeeded', finishedAt: ctx.now(), rowsWritten: report.inserted + report.updated, errorKey: null, errorParams: null });
    ctx.log.info(
      { inserted: report.inserted, updated: report.updated, unchanged: report.unchanged, products: report.product_codes.length },
      'EIA API prices synced',
    );
  } catch (error) {
    const { key, params } = describeEiaSyncError(error);
    await fail(key, params);
    ctx.log.warn({ err: error, attempt: run.attempt }, 'EIA sync failed; pg-boss retries it with backoff');
    throw error;
  }
}

function nextScheduledRun(ctx: AppContext): string | null {
  if (!ctx.config.EIA_API_KEY) return null;
  try {
    return loadCronParser().parseExpression(ctx.config.EIA_SYNC_CRON, { currentDate: ctx.now(), tz: 'UTC' }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

function presentRun(run: EiaSyncRunRecord, lang: Lang, aliveSince: Date): EiaSyncRun {
  const interrupted = run.status === 'running' && run.startedAt <= aliveSince;
  const key = interrupted ? eiaSyncMessages.interrupted : (run.errorKey as MessageKey | null);
  const params = interrupted ? null : (run.errorParams ?? null);
  return {
    id: run.id,
    trigger: run.trigger,
    status: interrupted ? 'interrupted' : run.status,
    attempt: run.attempt,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    rows_written: run.rowsWritten,
    error: key ? translate(lang, params ? withParams(key, params) : key) : null,
    error_key: key,
    error_params: params,
  };
}

/** GET /admin/prices/sync. */
export async function getEiaSyncStatus(ctx: AppContext, lang: Lang): Promise<EiaSyncStatus> {
  const aliveSince = new Date(ctx.now().getTime() - RUN_ALIVE_MS);
  const [runs, lastSuccess, running] = await Promise.all([
    listRecentEiaSyncRuns(ctx.db, RUNS_SHOWN),
    findLastEiaSyncSuccess(ctx.db),
    hasLiveEiaSyncRun(ctx.db, aliveSince),
  ]);
  const boss = await ctx.jobs.boss();
  // Jobs sent and not yet fetched ('created' comes before 'retry' in pg-boss's order of states).
  const queued = await boss.getQueueSize(EIA_SYNC_JOB, { before: 'retry' });
  let retryAt: string | null = null;
  const last = runs[0];
  if (last?.status === 'failed' && last.jobId) {
    const job = await boss.getJobById(EIA_SYNC_JOB, last.jobId);
    if (job?.state === 'retry') retryAt = new Date(job.startAfter).toISOString();
  }
  return {
    configured: Boolean(ctx.config.EIA_API_KEY),
    cron: ctx.config.EIA_SYNC_CRON,
    next_run_at: nextScheduledRun(ctx),
    busy: running || queued > 0,
    retry_at: retryAt,
    last_success_at: lastSuccess?.toISOString() ?? null,
    runs: runs.map((run) => presentRun(run, lang, aliveSince)),
  };
}

/** POST /admin/prices/sync: queues a sync now, audited; 409 without a key or while one is queued or running. */
export async function requestEiaSync(ctx: AppContext, actor: AuditActor, lang: Lang): Promise<EiaSyncStatus> {
  if (!ctx.config.EIA_API_KEY) throw new AppError('CONFLICT', 409, eiaSyncMessages.noKey);
  if ((await getEiaSyncStatus(ctx, lang)).busy) throw new AppError('CONFLICT', 409, eiaSyncMessages.alreadyRunning);
  const data: EiaSyncJobData = { trigger: 'manual', ...(actor.id ? { requested_by: actor.id } : {}) };
  const jobId = await ctx.jobs.send(EIA_SYNC_JOB, data);
  await ctx.db.transaction((tx) => recordAudit(tx, { at: ctx.now(), actor, action: 'price_sync.request', subject: 'EIA API v2', details: { job_id: jobId } }));
  return getEiaSyncStatus(ctx, lang);
}
