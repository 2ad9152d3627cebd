import { createHash } from 'node:crypto';
import {
  decisionMessages,
  DECISIONS_PAGE_SIZE,
  FOUR_EYES_SCORE,
  type CreateDecisionBody,
  type DecisionListResponse,
  type ListDecisionsQuery,
  type MatchDecision,
  type ScreeningDecision,
  type ScreeningDecisionKind,
  type ScreeningDecisionStatus,
  watchlistMessages,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { canonicalJson } from '../audit/audit.hash';
import { refreshReportsAfterDecision } from '../due-diligence/due-diligence.decisions';
import { reportReadableBy } from '../due-diligence/due-diligence.service';
import { getScreeningEntities, scoreAgainstEntity } from '../screening/screening.service';
import type { SanctionsEntity } from '../screening/engine';
import { ownsWatchlistItem } from '../watchlist/watchlist.service';
import {
  findDecision,
  findDecisionsFor,
  insertDecision,
  listDecisionRows,
  lockDecision,
  markApproved,
  type DecisionRow,
  type DecisionWithPeople,
} from './decisions.repository';
import { decisionsChanged } from './decisions.subjects';

type Lang = 'en' | 'es';
const isAdminUser = (user: Pick<AuthUser, 'role' | 'isSuperadmin'>) => user.role === 'admin' || user.isSuperadmin;

/**
 * The SHA-256 of a list entry's content (every field the parser kept, keys sorted): a decision
 * holds while the entry hashes the same, and a changed entry (a new alias, program, remark)
 * reopens it.
 */
export function entityContentHash(entity: SanctionsEntity): string {
  return createHash('sha256').update(canonicalJson(entity)).digest('hex');
}

/** A subject name as decisions compare it: no accents, case or punctuation, single spaces. */
export function subjectKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function presentDecision(row: DecisionWithPeople, entryChanged: boolean): ScreeningDecision {
  return {
    id: row.id,
    subject_name: row.subjectName,
    subject_type: row.subjectType,
    entity_id: row.entityId,
    decision: row.decision,
    note: row.note,
    status: row.status,
    score: row.score,
    decided_by: row.userId,
    decided_by_email: row.decidedByEmail,
    decided_at: row.decidedAt.toISOString(),
    approved_by: row.approvedBy,
    approved_by_email: row.approvedByEmail,
    approved_at: row.approvedAt?.toISOString() ?? null,
    version_id: row.versionId,
    report_id: row.reportId,
    watch_id: row.watchId,
    entry_changed: entryChanged,
  };
}

/** Whether the entry behind each decision changed since (an entry no loaded list has any more counts as changed). */
async function changedEntries(ctx: AppContext, rows: DecisionRow[]): Promise<Set<string>> {
  const entities = await getScreeningEntities(ctx, rows.map((row) => row.entityId));
  const changed = new Set<string>();
  for (const row of rows) {
    const entity = entities.get(row.entityId);
    if (!entity || entityContentHash(entity) !== row.entityHash) changed.add(row.id);
  }
  return changed;
}

/** Clearing (false_positive) a match scored ≥ 0.95 waits for a second person; every other decision is final at once. */
export function decisionStatus(decision: ScreeningDecisionKind, score: number): ScreeningDecisionStatus {
  return decision === 'false_positive' && score >= FOUR_EYES_SCORE ? 'pending_approval' : 'final';
}

const message = (lang: Lang, key: keyof typeof decisionMessages) => translate(lang, decisionMessages[key]);

/**
 * Records a decision on one match (a note is required). Clearing a match scored ≥ 0.95 starts
 * `pending_approval` (four eyes); anything else is final at once. The decision and its audit
 * entry are one transaction; a final decision re-rates the decider's reports that show the match.
 */
export async function createDecision(ctx: AppContext, user: AuthUser, actor: AuditActor, body: CreateDecisionBody, _lang: Lang): Promise<ScreeningDecision> {
  if (body.report_id && !(await reportReadableBy(ctx, user, body.report_id))) throw notFound(decisionMessages.reportNotFound);
  // A watchlist item is named as the context only by its owner (another's is the same 404 as a missing one).
  if (body.watch_id && !(await ownsWatchlistItem(ctx, user.id, body.watch_id))) throw notFound(watchlistMessages.notFound);
  const scored = await scoreAgainstEntity(ctx, body.subject_name, body.entity_id, body.subject_type);
  if (!scored) throw notFound(decisionMessages.entityNotLoaded);
  const status = decisionStatus(body.decision, scored.score);
  const key = subjectKey(body.subject_name);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertDecision(tx, {
      userId: user.id,
      subjectName: body.subject_name,
      subjectKey: key,
      subjectType: body.subject_type ?? null,
      entityId: body.entity_id,
      entityHash: entityContentHash(scored.entity),
      versionId: scored.versionId,
      score: scored.score,
      decision: body.decision,
      note: body.note,
      status,
      reportId: body.report_id ?? null,
      watchId: body.watch_id ?? null,
      decidedAt: now,
    });
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'screening.decision',
      subject: body.subject_name,
      details: {
        decision_id: inserted.id,
        entity_id: body.entity_id,
        decision: body.decision,
        status,
        score: scored.score,
        version_ids: scored.versionId === null ? [] : [scored.versionId],
        report_id: body.report_id ?? null,
        watch_id: body.watch_id ?? null,
      },
    });
    if (status === 'final') await refreshReportsAfterDecision(ctx, tx, { userId: user.id, entityId: body.entity_id, subjectKey: key });
    return inserted;
  });
  // Searches skip the decisions lookup for names their caller never decided on (decisions.subjects.ts).
  await decisionsChanged(ctx, user.id);
  const found = await findDecision(ctx.db, row.id);
  return presentDecision(found!, false);
}

/**
 * An admin other than the decider approves a pending decision: it becomes final. The decider gets
 * 403 FOUR_EYES (even an admin); a decision whose entry changed since cannot be approved (409).
 */
export async function approveDecision(ctx: AppContext, user: AuthUser, actor: AuditActor, id: string, _lang: Lang): Promise<ScreeningDecision> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockDecision(tx, id);
    if (!row) throw notFound(decisionMessages.notFound);
    if (row.userId === user.id) throw new AppError('FOUR_EYES', 403, decisionMessages.fourEyes);
    if (row.status !== 'pending_approval') throw new AppError('CONFLICT', 409, decisionMessages.notPending);
    if ((await changedEntries(ctx, [row])).has(row.id)) throw new AppError('CONFLICT', 409, decisionMessages.entryChanged);
    await markApproved(tx, id, user.id, now);
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'screening.approve',
      subject: row.subjectName,
      details: { decision_id: row.id, entity_id: row.entityId, decided_by: row.userId, score: row.score, version_ids: row.versionId === null ? [] : [row.versionId] },
    });
    if (row.userId) await refreshReportsAfterDecision(ctx, tx, { userId: row.userId, entityId: row.entityId, subjectKey: row.subjectKey });
  });
  const found = await findDecision(ctx.db, id);
  return presentDecision(found!, false);
}

/** A user's own decisions; admins everybody's. Pending approvals first. */
export async function listDecisions(ctx: AppContext, user: AuthUser, query: ListDecisionsQuery): Promise<DecisionListResponse> {
  const { rows, total } = await listDecisionRows(
    ctx.db,
    { userId: isAdminUser(user) ? null : user.id, subject: query.subject, entityId: query.entity_id, status: query.status },
    { limit: DECISIONS_PAGE_SIZE, offset: (query.page - 1) * DECISIONS_PAGE_SIZE },
  );
  const changed = await changedEntries(ctx, rows);
  return { items: rows.map((row) => presentDecision(row, changed.has(row.id))), total };
}

/** One decision: its decider or an admin; anybody else the same 404 as for one that does not exist. */
export async function getDecision(ctx: AppContext, user: AuthUser, id: string): Promise<ScreeningDecision> {
  const row = await findDecision(ctx.db, id);
  if (!row || (row.userId !== user.id && !isAdminUser(user))) throw notFound(decisionMessages.notFound);
  return presentDecision(row, (await changedEntries(ctx, [row])).has(row.id));
}

export interface MatchRef {
  subjectName: string;
  entityId: string;
}

/**
 * The decision that applies to each match (the user's latest on that subject × entry), keyed by
 * `matchKey`. `cleared` only for a final false positive on an entry that still hashes the same; a
 * decision on a changed entry is shown with the reason it no longer holds.
 */
export async function decisionsForMatches(ctx: AppContext, db: DbOrTx, userId: string, matches: MatchRef[], lang: Lang): Promise<Map<string, MatchDecision>> {
  const found = new Map<string, MatchDecision>();
  if (matches.length === 0) return found;
  const rows = await findDecisionsFor(db, userId, matches.map((match) => subjectKey(match.subjectName)), matches.map((match) => match.entityId));
  if (rows.length === 0) return found;
  const latest = new Map<string, DecisionWithPeople>();
  for (const row of rows) {
    const key = `${row.subjectKey}\u0000${row.entityId}`;
    if (!latest.has(key)) latest.set(key, row);
  }
  const changed = await changedEntries(ctx, [...latest.values()]);
  for (const [key, row] of latest) {
    const reopened = changed.has(row.id);
    found.set(key, {
      id: row.id,
      decision: row.decision,
      status: row.status,
      note: row.note,
      decided_by_email: row.decidedByEmail,
      decided_at: row.decidedAt.toISOString(),
      approved_by_email: row.approvedByEmail,
      approved_at: row.approvedAt?.toISOString() ?? null,
      cleared: !reopened && row.decision === 'false_positive' && row.status === 'final',
      reopened_reason: reopened ? message(lang, 'entryChanged') : null,
    });
  }
  return found;
}

/** The key decisionsForMatches answers under. */
export const matchKey = (subjectName: string, entityId: string) => `${subjectKey(subjectName)}\u0000${entityId}`;
