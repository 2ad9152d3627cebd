import { DUE_REPORT_READY_EVENT, type DueFindings, type DueForm, type EntityType } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { createLlmClient, type LlmClient } from '../../integrations/llm/client';
import { findNewsMentioning } from '../news/news.service';
import { explainHit } from '../screening/screening.explanation';
import { screenNames, screeningThreshold, SCREENING_ENGINE_VERSION } from '../screening/screening.service';
import { attachDecisions } from './due-diligence.decisions';
import { checkContact, checkFederalTaxId, checkRoutingNumber, checkUst, listMissingFields } from './due-diligence.checks';
import { dueText, type DueLang as Lang } from './due-diligence.messages';
import { renderReportHtml } from './due-diligence.render';
import { completeReport, failReport, startReportAttempt, type DueReportRow } from './due-diligence.repository';
import { buildNarrativePrompt, rateRisk } from './due-diligence.risk';
import { asLang, DUE_REPORT_MAX_ATTEMPTS } from './due-diligence.service';

/** The report job's pipeline: screening, checks, adverse media, the rating, the narrative, then ready or failed. */

export const DUE_NARRATIVE_TIMEOUT_MS = 30_000;

/**
 * Every person and business name of the form that is screened, with the list types it is compared
 * with. Business names are compared with persons too: a company named after a sanctioned person is
 * a finding (issue 29).
 */
const screenedFields: { field: keyof DueForm; type: EntityType; types?: EntityType[] }[] = [
  { field: 'business_name', type: 'organization', types: ['organization', 'person'] },
  { field: 'legal_business_name', type: 'organization', types: ['organization', 'person'] },
  { field: 'contact_name', type: 'person' },
  { field: 'owner_name', type: 'person' },
  { field: 'authorized_signer', type: 'person' },
  { field: 'printed_name', type: 'person' },
  { field: 'guarantor_signature', type: 'person' },
  { field: 'buyer_name', type: 'person' },
  { field: 'bank_name', type: 'organization' },
];
/** Articles kept per name in the adverse-media section. */
const DUE_ADVERSE_MEDIA_LIMIT = 5;

interface ProduceOptions {
  /** Overrides the writer built from LLM_* (tests); null means none. */
  writer?: LlmClient | null;
}

/** News articles per screened name (each distinct name searched once); names without any are left out. */
async function findAdverseMedia(ctx: AppContext, screening: { field: string; name: string }[]): Promise<DueFindings['adverse_media']> {
  const seen = new Set<string>();
  const searched = screening.filter(({ name }) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const articles = await findNewsMentioning(ctx, searched.map(({ name }) => name), DUE_ADVERSE_MEDIA_LIMIT);
  return searched.flatMap(({ field, name }, index) => (articles[index]!.length > 0 ? [{ field, name, articles: articles[index]! }] : []));
}

/** All findings of a form: screening, the bank, tax id, contact and UST checks, missing information, the rating. */
export async function analyzeDueForm(ctx: AppContext, form: Record<string, string>, lang: Lang, userId: string | null = null): Promise<Omit<DueFindings, 'narrative'>> {
  const named = screenedFields.filter(({ field }) => (form[field] ?? '').trim() !== '');
  // A name the form repeats (the contact who also signs) is screened once against the same list types.
  const queries = new Map<string, { name: string; type: EntityType; types?: EntityType[] }>();
  const queryKeys = named.map(({ field, type, types }) => {
    const name = form[field]!.trim();
    const key = `${name}\u0000${type}\u0000${types?.join(',') ?? ''}`;
    if (!queries.has(key)) queries.set(key, { name, type, types });
    return key;
  });
  const distinct = [...queries.keys()];
  const screenedOnce = await screenNames(ctx, [...queries.values()], { matchesOnly: true });
  const screened = { status: screenedOnce.status, results: queryKeys.map((key) => screenedOnce.results[distinct.indexOf(key)]) };
  const lists = screened.status.loaded
    ? screened.status.lists.map((item) => ({
        source: item.source,
        published_at: item.publishedAt,
        entries: item.entries,
        version_id: item.versionId,
        stale: item.stale,
      }))
    : [];
  const found = named.map(({ field }, position) => ({
    field,
    name: form[field]!.trim(),
    matches: (screened.results[position]?.matches ?? []).map((hit) => ({
      entity_id: hit.entityId,
      source: hit.source,
      name: hit.name,
      matched_name: hit.matchedName,
      score: hit.score,
      programs: hit.programs,
      // The engine's sentence is English; the report's language gets the same facts (screening's localiser).
      explanation: explainHit(hit.reasons, lang),
    })),
  }));
  const screening = userId ? await attachDecisions(ctx, ctx.db, userId, found, lang) : found;
  const partial = {
    lists,
    screening,
    routing_number: checkRoutingNumber(form.routing_number ?? '', lang),
    federal_tax_id: checkFederalTaxId(form.federal_tax_id ?? '', lang),
    contact: checkContact({ email: form.email ?? '', phone: form.phone ?? '', country: form.country ?? '' }),
    ust: checkUst(form, lang),
    missing: listMissingFields(form),
    adverse_media: await findAdverseMedia(ctx, screening),
  };
  return { ...partial, risk: rateRisk(partial, lang, { now: ctx.now(), staleDays: ctx.config.SCREENING_STALE_DAYS }) };
}

async function writeNarrative(ctx: AppContext, findings: Omit<DueFindings, 'narrative'>, lang: Lang, writer: LlmClient | null) {
  if (!writer) return { narrative: { text: null, source: 'none' as const, note: dueText(lang, 'narrativeNone') }, prompt: null };
  const prompt = buildNarrativePrompt(findings, lang);
  const stored = JSON.stringify(prompt);
  try {
    const text = await writer.complete(prompt);
    return { narrative: { text, source: 'model' as const, note: dueText(lang, 'narrativeModel') }, prompt: stored };
  } catch (error) {
    ctx.log.warn({ err: error }, 'due diligence narrative failed; the report is stored without it');
    return { narrative: { text: null, source: 'none' as const, note: dueText(lang, 'narrativeFailed') }, prompt: stored };
  }
}

/**
 * The job: builds one report's findings and content and marks it ready, exactly once (a report
 * no longer `processing` is left alone, so a retried or duplicated job does nothing). An error is
 * rethrown for pg-boss to retry until DUE_REPORT_MAX_ATTEMPTS runs, then the report ends `failed`.
 */
export async function produceDueReport(ctx: AppContext, reportId: string, options: ProduceOptions = {}): Promise<DueReportRow | null> {
  const row = await startReportAttempt(ctx.db, reportId);
  if (!row) return null;
  const lang = asLang(row.language);
  if (row.attempts > DUE_REPORT_MAX_ATTEMPTS) {
    const failed = await failReport(ctx.db, reportId, dueText(lang, 'jobFailed'), ctx.now());
    if (failed) await announce(ctx, failed);
    return failed;
  }
  try {
    const analysis = await analyzeDueForm(ctx, row.form as Record<string, string>, lang, row.userId);
    const writer = options.writer === undefined ? createLlmClient(ctx.config, { timeoutMs: DUE_NARRATIVE_TIMEOUT_MS, requireKey: true }) : options.writer;
    const { narrative, prompt } = await writeNarrative(ctx, analysis, lang, writer);
    const findings: DueFindings = { ...analysis, narrative };
    const done = await completeReport(ctx.db, reportId, {
      findings,
      content: renderReportHtml(findings, lang),
      llmPrompt: prompt,
      completedAt: ctx.now(),
      engineVersion: SCREENING_ENGINE_VERSION,
      threshold: screeningThreshold(ctx),
    });
    if (done) await announce(ctx, done);
    return done;
  } catch (error) {
    if (row.attempts < DUE_REPORT_MAX_ATTEMPTS) throw error;
    ctx.log.error({ err: error, reportId }, 'due diligence report failed');
    const failed = await failReport(ctx.db, reportId, dueText(lang, 'jobFailed'), ctx.now());
    if (failed) await announce(ctx, failed);
    return failed;
  }
}

async function announce(ctx: AppContext, row: DueReportRow) {
  await ctx.events
    .publish({ userId: row.userId, type: DUE_REPORT_READY_EVENT, data: { id: row.id, title: row.title, status: row.status, rating: row.findings?.risk.rating ?? null } })
    .catch((error) => ctx.log.warn({ err: error }, 'could not publish report_ready'));
}
