import type { DueFindings, DueRatingHistoryEntry } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { decisionsForMatches, matchKey } from '../decisions/decisions.service';
import { dueText, type DueLang as Lang } from './due-diligence.messages';
import { renderReportHtml } from './due-diligence.render';
import { listReadyReportsWithEntity, updateReportFindings } from './due-diligence.repository';
import { rateRisk } from './due-diligence.risk';

const asLang = (value: string | null | undefined): Lang => (value === 'es' ? 'es' : 'en');

/** Each match of a report's screening with the owner's decision on it (or without, when none applies). */
export async function attachDecisions(ctx: AppContext, db: DbOrTx, userId: string, screening: DueFindings['screening'], lang: Lang): Promise<DueFindings['screening']> {
  const refs = screening.flatMap((entry) => entry.matches.map((match) => ({ subjectName: entry.name, entityId: match.entity_id })));
  const decisions = await decisionsForMatches(ctx, db, userId, refs, lang);
  return screening.map((entry) => ({
    ...entry,
    matches: entry.matches.map((match) => {
      const { decision: _old, ...bare } = match;
      const decision = decisions.get(matchKey(entry.name, match.entity_id));
      return decision ? { ...bare, decision } : bare;
    }),
  }));
}

/**
 * After a decision became final: the user's ready reports that show the match get the decisions
 * attached again and their rating recomputed; a changed rating keeps the earlier one in the
 * report's history. Runs in the decision's transaction.
 */
export async function refreshReportsAfterDecision(ctx: AppContext, tx: DbOrTx, decision: { userId: string; entityId: string; subjectKey: string }): Promise<number> {
  let changed = 0;
  for (const row of await listReadyReportsWithEntity(tx, decision.userId, decision.entityId)) {
    if (!row.findings) continue;
    const lang = asLang(row.language);
    const { risk: previousRisk, narrative, ...rest } = row.findings;
    const screening = await attachDecisions(ctx, tx, decision.userId, rest.screening, lang);
    const partial = { ...rest, screening };
    const risk = rateRisk(partial, lang);
    const findings: DueFindings = { ...partial, risk, narrative };
    const entry = row.findings.screening.flatMap((item) => item.matches).find((match) => match.entity_id === decision.entityId);
    const history: DueRatingHistoryEntry[] = [...(row.ratingHistory ?? [])];
    if (risk.rating !== previousRisk.rating) {
      history.push({ rating: previousRisk.rating, at: ctx.now().toISOString(), reason: dueText(lang, 'ratingRecomputed', { entry: entry?.name ?? decision.entityId }) });
    }
    await updateReportFindings(tx, row.id, { findings, content: renderReportHtml(findings, lang), ratingHistory: history });
    changed += 1;
  }
  return changed;
}
