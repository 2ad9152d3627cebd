import { dueErrorMessages, withParams, type DueFindings, type DueReportChanges } from '@fueldesk/contracts';
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
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { getScreeningStatus } from '../screening/screening.service';
import type { DueLang } from './due-diligence.messages';
import { attachDecisions } from './due-diligence.decisions';
import { renderReportPdf } from './due-diligence.pdf';
import {
  countReportsCreated,
  findReport,
  findReportOwner,
  hasNextVersion,
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

const matchRefs = (findings: DueFindings | null | undefined) =>
  (findings?.screening ?? []).flatMap((entry) =>
    entry.matches.filter((match) => !match.decision?.cleared).map((match) => ({ field: entry.field, name: entry.name, entity_id: match.entity_id, matched_name: match.matched_name, score: match.score })),
  );

/** What a re-run changed against its previous version: matches that appeared, matches gone (or cleared), list versions. */
export function compareReports(previous: DueFindings | null, current: DueFindings | null): DueReportChanges {
  const key = (ref: { field: string; entity_id: string }) => `${ref.field}\u0000${ref.entity_id}`;
  const before = matchRefs(previous);
  const after = matchRefs(current);
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const sources = [...new Set([...(previous?.lists ?? []), ...(current?.lists ?? [])].map((list) => list.source))];
  return {
    new_matches: after.filter((ref) => !beforeKeys.has(key(ref))),
    cleared_matches: before.filter((ref) => !afterKeys.has(key(ref))),
    lists: sources.map((source) => ({
      source,
      previous_version_id: previous?.lists.find((list) => list.source === source)?.version_id ?? null,
      version_id: current?.lists.find((list) => list.source === source)?.version_id ?? null,
    })),
  };
}

function presentReport(row: DueReportRow, previous: DueReportRow | null = null): DueReport {
  return {
    ...presentBase(row),
    version: row.version,
    previous_id: row.previousId,
    engine_version: row.engineVersion,
    threshold: row.threshold,
    rating_history: row.ratingHistory ?? [],
    changes: previous && row.status === 'ready' ? compareReports(previous.findings ?? null, row.findings ?? null) : null,
  };
}

function presentBase(row: DueReportRow): Omit<DueReport, 'version' | 'previous_id' | 'engine_version' | 'threshold' | 'rating_history' | 'changes'> {
  return { ...presentListItem(row), language: row.language === 'es' ? 'es' : 'en', description: row.description, findings: row.findings ?? null, failure_reason: row.failureReason };
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
export async function createDueReport(
  ctx: AppContext,
  user: AuthUser,
  body: { description: string; contact_name: string; extra: DueForm },
  lang: Lang,
  actor: AuditActor = { id: user.id, email: user.email, ip: null },
): Promise<DueReport> {
  const form = body.extra;
  const title = body.contact_name || form.contact_name || form.owner_name;
  const row = await ctx.db.transaction(async (tx) => {
    const owner = await lockReportOwner(tx, user.id);
    if (!owner) throw notFound(dueErrorMessages.notFound);
    const { start, end } = monthOf(ctx.now());
    const limit = reportLimit(owner.planCode);
    if ((await countReportsCreated(tx, user.id, start, end)) >= limit) {
      throw new AppError('PLAN_LIMIT', 403, withParams(dueErrorMessages.planLimit, { limit }));
    }
    const inserted = await insertReport(tx, { userId: user.id, title, description: body.description, form: form as unknown as Record<string, unknown>, language: lang, createdAt: ctx.now() });
    await recordAudit(tx, { at: ctx.now(), actor, action: 'due.create', subject: title, details: { report_id: inserted.id, plan_code: owner.planCode } });
    return inserted;
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
async function findReadableReport(ctx: AppContext, user: AuthUser, id: string): Promise<DueReportRow> {
  const row = await findReport(ctx.db, id);
  const admin = user.role === 'admin' || user.isSuperadmin;
  if (!row || (row.userId !== user.id && !admin)) throw notFound(dueErrorMessages.notFound);
  return row;
}

export async function getDueReport(ctx: AppContext, user: AuthUser, id: string): Promise<DueReport> {
  const row = await findReadableReport(ctx, user, id);
  const previous = row.previousId ? await findReport(ctx.db, row.previousId) : null;
  return presentReport(row, previous);
}

/** Whether the user may read the report (owner or admin): decisions that name a report check it. */
export async function reportReadableBy(ctx: AppContext, user: AuthUser, id: string): Promise<boolean> {
  const row = await findReport(ctx.db, id);
  return Boolean(row && (row.userId === user.id || user.role === 'admin' || user.isSuperadmin));
}

const listVersionsKey = (lists: { source: string; version_id?: string | number | null }[]) =>
  lists
    .map((list) => `${list.source}#${list.version_id ?? '?'}`)
    .sort()
    .join(',');

/**
 * POST /due/report/{id}/rerun: the same form screened against the lists stored now, as the next
 * version (previous_id). It does not count toward the plan; 409 when no list changed since, while
 * the report is still processing, or when a newer version exists already.
 */
export async function rerunDueReport(ctx: AppContext, user: AuthUser, actor: AuditActor, id: string): Promise<DueReport> {
  const row = await findReadableReport(ctx, user, id);
  if (row.status === 'processing') throw new AppError('CONFLICT', 409, dueErrorMessages.notReady);
  if (await hasNextVersion(ctx.db, id)) throw new AppError('CONFLICT', 409, dueErrorMessages.newerVersion);
  const status = await getScreeningStatus(ctx);
  const current = status.loaded ? status.lists.map((list) => ({ source: list.source, version_id: list.versionId })) : [];
  if (listVersionsKey(row.findings?.lists ?? []) === listVersionsKey(current)) throw new AppError('CONFLICT', 409, dueErrorMessages.noListChanged);
  const created = await ctx.db.transaction(async (tx) => {
    const inserted = await insertReport(tx, {
      userId: row.userId,
      title: row.title,
      description: row.description,
      form: row.form,
      language: row.language,
      createdAt: ctx.now(),
      previousId: row.id,
      version: row.version + 1,
    });
    await recordAudit(tx, {
      at: ctx.now(),
      actor,
      action: 'due.rerun',
      subject: row.title,
      details: { report_id: inserted.id, previous_id: row.id, version: inserted.version, version_ids: current.map((list) => list.version_id) },
    });
    return inserted;
  });
  await queueReportJob(ctx, created.id);
  return presentReport(created, row);
}

/**
 * The ready report as a PDF file, in the report's language; 409 while it is still processing or
 * when it failed. The decisions on its matches are read as they stand now (a decision waiting for
 * approval shows as such), the requester is the report's owner (also when an admin downloads it).
 */
export async function getDueReportPdf(ctx: AppContext, user: AuthUser, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const row = await findReadableReport(ctx, user, id);
  if (row.status !== 'ready' || !row.findings) throw new AppError('CONFLICT', 409, dueErrorMessages.notReady);
  const lang = asLang(row.language);
  const owner = await findReportOwner(ctx.db, row.userId);
  const ownerName = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ').trim();
  const requester = owner ? (ownerName ? `${ownerName} <${owner.email}>` : owner.email) : '—';
  const form = row.form as Record<string, unknown>;
  const named = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const businessName = named(form.business_name) ?? named(form.legal_business_name) ?? row.title;
  const findings = { ...row.findings, screening: await attachDecisions(ctx, ctx.db, row.userId, row.findings.screening, lang) };
  const pdf = await renderReportPdf(
    {
      id: row.id,
      businessName,
      title: row.title,
      requester,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      findings,
      version: row.version,
      engineVersion: row.engineVersion,
      threshold: row.threshold,
    },
    lang,
  );
  const slug = businessName.normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'report';
  return { filename: `due-diligence-${slug}.pdf`, pdf };
}
