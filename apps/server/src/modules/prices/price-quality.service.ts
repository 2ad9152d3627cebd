// Issue 33 "Quality": suspect values flagged by the import that wrote them, their review by an
// admin (confirm or correct), and the business days a spot series is missing.
import {
  MISSING_DAYS_LISTED,
  PRICES_UPDATED_EVENT,
  correctedValueSchema,
  priceQualityMessages,
  shiftIsoDate,
  type MissingDaysResponse,
  type PriceSuspect,
  type PriceSuspectList,
  type PriceSuspectsQuery,
} from '@fueldesk/contracts';
import Decimal from 'decimal.js';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUsBusinessDay, listUsBusinessDays } from '../../integrations/market-data/us-business-calendar';
import { AppError } from '../../lib/app-error';
import { queueAlertEvaluation } from '../alerts/alerts.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { findSuspectMoves, SUSPECT_WINDOW_DAYS, type SeriesPoint } from './price-quality';
import {
  findSuspect,
  insertSuspects,
  listLiveFlagsOfPoints,
  listOpenSuspectPoints,
  listSuspects,
  resolveSuspect,
  supersedeOpenSuspects,
  type NewSuspect,
  type SuspectListRecord,
  type SuspectOrigin,
} from './price-suspects.repository';
import { getPriceCache } from './prices.cache';
import { loadCatalog } from './prices.service';
import { listSeriesValues, listWeekdayGaps, updatePricePointValue, type ChangedPoint } from './prices.repository';
import type { OrderedIdRange } from '../../lib/ordered-ids';

/** Beyond the window, so that the change into the window's first value is known too. */
const CONTEXT_DAYS = SUSPECT_WINDOW_DAYS + 15;

interface Series {
  productId: string;
  forwardPeriod: string;
  /** `id`: the stored row's; of a first import's points, their position in its write instead (`at`). */
  points: (SeriesPoint & { text: string; id: string | null; at?: number })[];
  /** Dates the import wrote (the points judged). */
  candidates: Set<string> | null;
  /**
   * Positions of the stored values right after a date the import wrote, not written themselves:
   * their day-over-day move changed, so they are judged again.
   */
  rechecks: number[];
}

function sortByDate(points: { date: string }[]) {
  let ascending = true;
  let descending = true;
  for (let index = 1; index < points.length && (ascending || descending); index += 1) {
    if (points[index - 1]!.date >= points[index]!.date) ascending = false;
    if (points[index - 1]!.date <= points[index]!.date) descending = false;
  }
  if (ascending) return;
  if (descending) points.reverse();
  else points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function decimalText(value: number): string {
  return String(Number(value.toFixed(8)));
}

export interface FlagInput {
  /**
   * The products had no stored point: the points written are their whole series, the one at
   * position i inserted with the id `ids.idAt(i)`. Null otherwise, and `changed` holds the points
   * the upsert inserted or changed.
   */
  firstImport: { points: readonly FirstImportPoint[]; ids: OrderedIdRange } | null;
  changed: ChangedPoint[];
  origin: SuspectOrigin;
}

/** A point of a first import, as written (its id is its position's in the write's id range). */
export interface FirstImportPoint {
  productId: string;
  forwardPeriod: string;
  publicationDate: string;
  value: string;
}

/** The series to judge: the file's own (a first import) or the stored values around the changed points. */
async function seriesToJudge(tx: DbOrTx, input: FlagInput): Promise<Series[]> {
  const byKey = new Map<string, Series>();
  let last: Series | null = null;
  const seriesOf = (productId: string, forwardPeriod: string, candidates: Set<string> | null) => {
    // A file's rows come series by series: no key to build for most of them.
    if (last && last.productId === productId && last.forwardPeriod === forwardPeriod) return last;
    const key = `${productId}|${forwardPeriod}`;
    let series = byKey.get(key);
    if (!series) byKey.set(key, (series = { productId, forwardPeriod, points: [], candidates, rechecks: [] }));
    last = series;
    return series;
  };
  if (input.firstImport) {
    const { points } = input.firstImport;
    for (let at = 0; at < points.length; at += 1) {
      const point = points[at]!;
      const text = point.value;
      seriesOf(point.productId, point.forwardPeriod, null).points.push({ date: point.publicationDate, value: Number(text), text, id: null, at });
    }
  } else {
    if (input.changed.length === 0) return [];
    let from = input.changed[0]!.publicationDate;
    let to = from;
    for (const point of input.changed) {
      if (point.publicationDate < from) from = point.publicationDate;
      if (point.publicationDate > to) to = point.publicationDate;
      seriesOf(point.productId, point.forwardPeriod, new Set()).candidates!.add(point.publicationDate);
    }
    const productIds = [...new Set(input.changed.map((point) => point.productId))];
    const periods = [...new Set(input.changed.map((point) => point.forwardPeriod))];
    // The read reaches one window past the last written date: the stored value following each
    // written one comes with it (one beyond that is further than a window from its previous value:
    // its window holds no change, so the rule never flags it, before or after this import).
    const until = shiftIsoDate(to, { days: SUSPECT_WINDOW_DAYS });
    for (const row of await listSeriesValues(tx, productIds, periods, shiftIsoDate(from, { days: -CONTEXT_DAYS }), until)) {
      byKey.get(`${row.product_id}|${row.forward_period}`)?.points.push({ date: row.d, value: Number(row.value), text: row.value, id: row.id });
    }
    for (const series of byKey.values()) {
      const { points, candidates } = series;
      for (let index = 1; index < points.length; index += 1) {
        if (candidates!.has(points[index - 1]!.date) && !candidates!.has(points[index]!.date)) series.rechecks.push(index);
      }
    }
  }
  const all = [...byKey.values()];
  // The stored values come sorted; a file's rows usually do, oldest or newest first.
  if (input.firstImport) for (const series of all) sortByDate(series.points);
  return all;
}

/**
 * Runs the suspect rule over the values an import just wrote, in its transaction: for a first import
 * over the file's own series in memory (no query unless something is flagged), otherwise over the
 * stored values around the changed points (one read). An open flag on a value the import rewrote is
 * superseded, the new value judged afresh. The stored value right after each written one (its move
 * changed) is judged again: flagged if it now breaks the rule; its open flag superseded if it no
 * longer does, or replaced by one against its new previous value if it still does; a value an admin
 * confirmed or corrected is left as reviewed. Returns how many flags it raised.
 */
export async function flagSuspectValues(tx: DbOrTx, input: FlagInput): Promise<number> {
  // Only a row whose value changed can carry an open flag (a new one cannot): most imports insert only.
  const rewrittenRows = input.firstImport ? [] : input.changed.filter((point) => point.inserted === false);
  if (rewrittenRows.length > 0) {
    const rewrittenIds = new Set(rewrittenRows.map((point) => point.id));
    const open = await listOpenSuspectPoints(tx, [...new Set(rewrittenRows.map((point) => point.productId))]);
    await supersedeOpenSuspects(
      tx,
      open.filter((point) => rewrittenIds.has(point.id)).map((point) => point.id),
      input.origin.at,
    );
  }
  const allSeries = await seriesToJudge(tx, input);
  const recheckIds = allSeries.flatMap((series) => series.rechecks.map((index) => series.points[index]!.id!));
  // The flags of the values judged again (none for most imports, which append after the last stored date).
  const liveFlag = new Map((await listLiveFlagsOfPoints(tx, recheckIds)).map((flag) => [flag.price_point_id, flag.status]));
  const suspects: NewSuspect[] = [];
  const dropped: string[] = [];
  for (const series of allSeries) {
    const candidates = series.candidates;
    const rechecked = new Set(series.rechecks);
    const judged = candidates ? (index: number) => candidates.has(series.points[index]!.date) || rechecked.has(index) : undefined;
    const flagged = new Set<number>();
    for (const move of findSuspectMoves(series.points, judged)) {
      const point = series.points[move.index]!;
      const previous = series.points[move.index - 1]!;
      // Every judged point has its id: the stored row's, or the one a first import inserted it with.
      const id = point.id ?? (point.at !== undefined ? input.firstImport?.ids.idAt(point.at) : undefined);
      if (!id) continue;
      flagged.add(move.index);
      if (rechecked.has(move.index)) {
        const status = liveFlag.get(id);
        // An admin reviewed this very value: their word stands.
        if (status === 'confirmed' || status === 'corrected') continue;
        // Still suspect, against a new previous value: the flag says so (the old one is superseded).
        if (status === 'open') dropped.push(id);
      }
      suspects.push({ pricePointId: id, value: point.text, previousDate: previous.date, previousValue: previous.text, medianChange: decimalText(move.medianChange) });
    }
    // A value flagged (and not reviewed) that no longer breaks the rule: its flag is dropped.
    for (const index of series.rechecks) {
      const id = series.points[index]!.id!;
      if (!flagged.has(index) && liveFlag.get(id) === 'open') dropped.push(id);
    }
  }
  await supersedeOpenSuspects(tx, dropped, input.origin.at);
  await insertSuspects(tx, suspects, input.origin);
  return suspects.length;
}

// ---- The admin's review (GET /admin/prices/suspects, confirm, correct) ----

function present(record: SuspectListRecord): PriceSuspect {
  const move = new Decimal(record.value).minus(record.previous_value);
  const median = new Decimal(record.median_change);
  return {
    id: record.id,
    status: record.status,
    product_code: record.product_code,
    product_name: record.product_name,
    product_name_es: record.product_name_es,
    decimal_places: record.decimal_places,
    forward_period: record.forward_period || null,
    publication_date: record.publication_date,
    value: record.value,
    current_value: record.current_value,
    previous_date: record.previous_date,
    previous_value: record.previous_value,
    move: move.toString(),
    median_change: record.median_change,
    ratio: median.isZero() ? 0 : move.abs().dividedBy(median).toDecimalPlaces(1).toNumber(),
    file: record.file,
    import_id: record.import_id,
    source: record.source,
    actor: record.actor,
    flagged_at: record.flagged_at,
    resolved_at: record.resolved_at,
    corrected_value: record.corrected_value,
  };
}

export async function listSuspectValues(ctx: AppContext, query: PriceSuspectsQuery): Promise<PriceSuspectList> {
  const { rows, total } = await listSuspects(ctx.db, { openOnly: query.status === 'open', limit: query.page_size, offset: (query.page - 1) * query.page_size });
  return { items: rows.map(present), total, page: query.page, page_size: query.page_size };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkId(id: string) {
  if (!UUID.test(id)) throw new AppError('VALIDATION_ERROR', 400, priceQualityMessages.badId, { id: priceQualityMessages.badId });
}

/** The open suspect, locked until the transaction ends: 404 unknown, 409 already reviewed. */
async function openSuspect(tx: DbOrTx, id: string): Promise<SuspectListRecord> {
  const found = await findSuspect(tx, id, true);
  if (!found) throw new AppError('NOT_FOUND', 404, priceQualityMessages.notFound);
  if (found.status !== 'open') throw new AppError('CONFLICT', 409, priceQualityMessages.alreadyReviewed);
  return found;
}

/** The daily table's badge (and, after a correction, the values and the spreads computed from them) change: as after an import. */
async function announceReview(ctx: AppContext, code: string, valueChanged: boolean, at: Date) {
  getPriceCache(ctx).clear();
  if (valueChanged) await queueAlertEvaluation(ctx, { productCodes: [code], writtenAt: at });
  try {
    await ctx.events.publish({ userId: null, type: PRICES_UPDATED_EVENT, data: { product_codes: [code], inserted: 0, updated: valueChanged ? 1 : 0, source: 'review' } });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not publish prices_updated after a review');
  }
}

async function presentOne(ctx: AppContext, id: string): Promise<PriceSuspect> {
  const found = await findSuspect(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND', 404, priceQualityMessages.notFound);
  return present(found);
}

/** The audit entry of a review (confirm or correct): the value and status before and after. */
function auditReview(
  tx: DbOrTx,
  review: { id: string; suspect: SuspectListRecord; actor: AuditActor; at: Date; after: { value: string; status: 'confirmed' | 'corrected' } },
) {
  const { id, suspect, actor, at, after } = review;
  return recordAudit(tx, {
    at,
    actor,
    action: after.status === 'confirmed' ? 'price_suspect.confirm' : 'price_suspect.correct',
    subject: `${suspect.product_code} ${suspect.publication_date}`,
    details: {
      suspect_id: id,
      product: suspect.product_code,
      date: suspect.publication_date,
      forward_period: suspect.forward_period,
      before: { value: suspect.current_value, status: 'open' },
      after,
    },
  });
}

/** POST /admin/prices/suspects/{id}/confirm: the value is right; the flag is closed, audited. */
export async function confirmSuspect(ctx: AppContext, id: string, actor: AuditActor): Promise<PriceSuspect> {
  checkId(id);
  const now = ctx.now();
  const found = await ctx.db.transaction(async (tx) => {
    const suspect = await openSuspect(tx, id);
    await resolveSuspect(tx, id, { status: 'confirmed', at: now, by: actor.id, correctedValue: null });
    await auditReview(tx, { id, suspect, actor, at: now, after: { value: suspect.current_value, status: 'confirmed' } });
    return suspect;
  });
  await announceReview(ctx, found.product_code, false, now);
  return presentOne(ctx, id);
}

/** POST /admin/prices/suspects/{id}/correct: stores the right value and closes the flag, audited; spreads follow (computed on read). */
export async function correctSuspect(ctx: AppContext, id: string, body: { value?: unknown } | null | undefined, actor: AuditActor): Promise<PriceSuspect> {
  checkId(id);
  const parsed = correctedValueSchema.safeParse(body?.value);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message === priceQualityMessages.negativeValue ? priceQualityMessages.negativeValue : priceQualityMessages.badValue;
    throw new AppError('VALIDATION_ERROR', 400, key, { value: key });
  }
  const value = new Decimal(parsed.data).toString();
  const now = ctx.now();
  const found = await ctx.db.transaction(async (tx) => {
    const suspect = await openSuspect(tx, id);
    await updatePricePointValue(tx, suspect.price_point_id, value, actor.id, now);
    await resolveSuspect(tx, id, { status: 'corrected', at: now, by: actor.id, correctedValue: value });
    await auditReview(tx, { id, suspect, actor, at: now, after: { value, status: 'corrected' } });
    return suspect;
  });
  await announceReview(ctx, found.product_code, true, now);
  return presentOne(ctx, id);
}

// ---- Missing publication days (GET /admin/prices/missing-days) ----

/** Per active spot product, the US business days of its stored span that have no value. Cached until the next write. */
export async function listMissingDays(ctx: AppContext): Promise<MissingDaysResponse> {
  return getPriceCache(ctx).get('quality:missing-days', async () => {
    const [{ spans, gaps }, catalog] = await Promise.all([listWeekdayGaps(ctx.db), loadCatalog(ctx)]);
    const missingOf = new Map<string, string[]>();
    for (const gap of gaps) {
      if (!isUsBusinessDay(gap.d)) continue;
      const list = missingOf.get(gap.product_id) ?? [];
      list.push(gap.d);
      missingOf.set(gap.product_id, list);
    }
    const products = spans
      .flatMap((span) => {
        const product = catalog.byId.get(span.product_id);
        if (!product) return [];
        const missing = missingOf.get(span.product_id) ?? [];
        return [
          {
            sortOrder: product.sortOrder,
            entry: {
              code: product.code,
              name: product.name,
              name_es: product.nameEs,
              first_date: span.first,
              last_date: span.last,
              business_days: listUsBusinessDays(span.first, span.last).length,
              missing: missing.length,
              latest: missing.slice(-MISSING_DAYS_LISTED).reverse(),
            },
          },
        ];
      })
      .sort((a, b) => a.sortOrder - b.sortOrder || a.entry.code.localeCompare(b.entry.code))
      .map((item) => item.entry);
    return { products };
  });
}
