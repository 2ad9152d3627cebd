import {
  findPlan,
  planCodes,
  type DueForm,
  type DueReport,
  type DueReportListItem,
  type DueUsage,
  type ListDueReportsQuery,
  type PlanCode,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { DueLang } from './due-diligence.messages';
import { renderReportPdf } from './due-diligence.pdf';
import {
  countReportsCreated,
  findReport,
  findReportOwner,
  insertReport,
  listReports,
  listStaleReports,
  lockReportOwner,
  type DueReportRow,
} from './due-diligence.repository';

export const DUE_REPORT_JOB = 'due-report';
/** Runs of one report's job before it ends `failed` (a crash counts as a run). */
export const DUE_REPORT_MAX_ATTEMPTS = 3;
export const DUE_REPORT_SWEEP_JOB = 'due-report-sweep';
export const DUE_REPORT_SWEEP_CRON = '*/5 * * * *';
const DUE_REPORT_STALE_MS = 10 * 60_000;

type Lang = DueLang;
export const asLang = (value: string | null | undefined): Lang => (value === 'es' ? 'es' : 'en');

const planLimitMessages: Record<Lang, (limit: number) => string> = {
  en: (limit) => `You have used the ${limit} due diligence reports of your plan this month. Upgrade your plan to create more.`,
  es: (limit) => `Ha usado los ${limit} informes de diligencia debida de su plan este mes. Mejore su plan para crear más.`,
};
const notFoundMessages: Record<Lang, string> = { en: 'Report not found.', es: 'Informe no encontrado.' };
const notReadyMessages: Record<Lang, string> = { en: 'The report is not ready yet.', es: 'El informe aún no está listo.' };

function monthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

const planOf = (code: string): PlanCode => ((planCodes as readonly string[]).includes(code) ? (code as PlanCode) : 'starter');
const reportLimit = (code: string) => findPlan(planOf(code))?.reportsPerMonth ?? 0;

function presentListItem(row: DueReportRow): DueReportListItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    rating: row.findings?.risk.rating ?? null,
    content: row.status === 'ready' ? row.content : '',
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

function presentReport(row: DueReportRow): DueReport {
  return { ...presentListItem(row), description: row.description, findings: row.findings ?? null, failure_reason: row.failureReason };
}

/** The caller's plan, its monthly report limit, and how many reports this calendar month (UTC) used. */
export async function getDueUsage(ctx: AppContext, user: AuthUser): Promise<DueUsage> {
  const owner = await findReportOwner(ctx.db, user.id);
  const planCode = planOf(owner?.planCode ?? 'starter');
  const { start, end } = monthOf(ctx.now());
  const used = await countReportsCreated(ctx.db, user.id, start, end);
  const limit = reportLimit(planCode);
  return { plan_code: planCode, limit, used, remaining: Math.max(0, limit - used), period_start: start.toISOString(), period_end: end.toISOString() };
}

/**
 * Stores a new report in `processing` and queues its job. The owner's row is locked while the
 * month's reports are counted, so concurrent creates cannot pass the plan limit together.
 * Throws 403 PLAN_LIMIT past the plan's reports this month.
 */
export async function createDueReport(ctx: AppContext, user: AuthUser, body: { description: string; contact_name: string; extra: DueForm }, lang: Lang): Promise<DueReport> {
  const form = body.extra;
  const title = body.contact_name || form.contact_name || form.owner_name;
  const row = await ctx.db.transaction(async (tx) => {
    const owner = await lockReportOwner(tx, user.id);
    if (!owner) throw notFound(notFoundMessages[lang]);
    const { start, end } = monthOf(ctx.now());
    const limit = reportLimit(owner.planCode);
    if ((await countReportsCreated(tx, user.id, start, end)) >= limit) {
      throw new AppError('PLAN_LIMIT', 403, planLimitMessages[lang](limit));
    }
    return insertReport(tx, { userId: user.id, title, description: body.description, form: form as unknown as Record<string, unknown>, language: lang, createdAt: ctx.now() });
  });
  await queueReportJob(ctx, row.id);
  return presentReport(row);
}

async function queueReportJob(ctx: AppContext, reportId: string) {
  try {
    await ctx.jobs.send(DUE_REPORT_JOB, { reportId }, { singletonKey: reportId, expireInSeconds: ctx.config.DUE_REPORT_EXPIRE_SECONDS });
  } catch (error) {
    // The report stays `processing`; the sweep queues it again.
    ctx.log.error({ err: error, reportId }, 'could not queue the due diligence report');
  }
}

/**
 * Queues again the reports still `processing` after DUE_REPORT_STALE_MS: a server killed between
 * storing a report and queueing its job must not leave it processing forever. The job is
 * idempotent, so a report whose job is merely slow is not produced twice.
 */
export async function requeueStaleReports(ctx: AppContext): Promise<number> {
  const stale = await listStaleReports(ctx.db, new Date(ctx.now().getTime() - DUE_REPORT_STALE_MS));
  for (const id of stale) await queueReportJob(ctx, id);
  return stale.length;
}

/** The caller's reports, newest first. */
export async function listDueReports(ctx: AppContext, user: AuthUser, query: ListDueReportsQuery): Promise<DueReportListItem[]> {
  return (await listReports(ctx.db, user.id, query)).map(presentListItem);
}

/** Owner or admin only; anybody else gets the same 404 as for a report that does not exist. */
async function findReadableReport(ctx: AppContext, user: AuthUser, id: string, lang: Lang): Promise<DueReportRow> {
  const row = await findReport(ctx.db, id);
  const admin = user.role === 'admin' || user.isSuperadmin;
  if (!row || (row.userId !== user.id && !admin)) throw notFound(notFoundMessages[lang]);
  return row;
}

export async function getDueReport(ctx: AppContext, user: AuthUser, id: string, lang: Lang): Promise<DueReport> {
  return presentReport(await findReadableReport(ctx, user, id, lang));
}

/** The ready report as a PDF file; 409 while it is still processing or when it failed. */
export async function getDueReportPdf(ctx: AppContext, user: AuthUser, id: string, lang: Lang): Promise<{ filename: string; pdf: Buffer }> {
  const row = await findReadableReport(ctx, user, id, lang);
  if (row.status !== 'ready' || !row.findings) throw new AppError('CONFLICT', 409, notReadyMessages[lang]);
  const pdf = await renderReportPdf({ title: row.title, createdAt: row.createdAt, completedAt: row.completedAt, findings: row.findings }, asLang(row.language));
  const slug = row.title.normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'report';
  return { filename: `due-diligence-${slug}.pdf`, pdf };
}
