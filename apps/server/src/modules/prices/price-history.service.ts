import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  PRICE_HISTORY_MAX_YEARS,
  priceHistoryResponseSchema,
  shiftIsoDate,
  toIsoDate,
  type PriceHistoryQuery,
  type PriceHistoryResponse,
  priceMessages,
  withParams,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { normalizeDecimal } from '../../integrations/market-data/decimal';
import { AppError } from '../../lib/app-error';
import { downsampleMinMax, type DatedValue } from './history-downsample';
import { getPriceCache } from './prices.cache';
import { listHistory, type ProductRecord } from './prices.repository';
import { assertOrderedRange, loadCatalog, loadLatestDate, unitsLabel } from './prices.service';
import { buildSpreadCharts, isSpread } from './spreads.service';

async function resolveProducts(ctx: AppContext, codes: string[]): Promise<ProductRecord[]> {
  const catalog = await loadCatalog(ctx);
  // A retired product is still known: its history stays readable (it only leaves pickers and the daily table).
  const unknown = codes.filter((code) => !catalog.byCode.has(code));
  if (unknown.length > 0) {
    const detail = withParams(unknown.length > 1 ? priceMessages.unknownProducts : priceMessages.unknownProduct, { codes: unknown.join(', ') });
    throw new AppError('UNKNOWN_PRODUCT', 400, detail, { codes: detail });
  }
  return codes.map((code) => catalog.byCode.get(code)!);
}

async function resolveRange(ctx: AppContext, from: string | undefined, to: string | undefined) {
  assertOrderedRange(from, to);
  const end = to ?? (await loadLatestDate(ctx)) ?? toIsoDate(ctx.now());
  const start = from ?? shiftIsoDate(end, { years: -1 });
  assertOrderedRange(start, end);
  if (start < shiftIsoDate(end, { years: -PRICE_HISTORY_MAX_YEARS })) {
    throw new AppError('INVALID_RANGE', 400, priceMessages.historyTooLong, { from: priceMessages.fromTooEarly });
  }
  return { start, end };
}

async function buildPriceHistory(
  ctx: AppContext,
  products: ProductRecord[],
  start: string,
  end: string,
  maxPoints?: number,
): Promise<PriceHistoryResponse> {
  const spreads = products.filter(isSpread);
  const [records, spreadSeries] = await Promise.all([
    listHistory(ctx.db, products.filter((product) => !isSpread(product)).map((product) => product.id), start, end),
    buildSpreadCharts(ctx, spreads, await loadCatalog(ctx), start, end),
  ]);
  const byProduct = new Map<string, typeof records>();
  for (const record of records) {
    const list = byProduct.get(record.product_id) ?? [];
    list.push(record);
    byProduct.set(record.product_id, list);
  }
  const downsample = <T extends DatedValue>(points: T[]) => (maxPoints ? downsampleMinMax(points, start, end, maxPoints) : points);
  const series = products.map((product) => {
    if (isSpread(product)) {
      const chart = spreadSeries.get(product.code);
      return {
        code: product.code,
        name: product.name,
        category: product.category,
        units: unitsLabel(product),
        decimal_places: product.decimalPlaces,
        is_demo: chart?.demo ?? false,
        kind: product.kind,
        formula: product.formula,
        points: downsample(chart?.points ?? []),
      };
    }
    const points = byProduct.get(product.id) ?? [];
    return {
      code: product.code,
      name: product.name,
      category: product.category,
      units: unitsLabel(product),
      decimal_places: product.decimalPlaces,
      is_demo: points.some((point) => point.source === 'demo'),
      kind: product.kind,
      formula: product.formula,
      points: downsample(
        points.map((point) => ({
          date: point.d,
          value: point.value,
          diff_base_value: point.diff === null ? null : normalizeDecimal(point.diff),
        })),
      ),
    };
  });
  return { from: start, to: end, series, is_demo: series.some((item) => item.is_demo) };
}

/** Spot series of up to 10 products over up to 10 years (charts and the comparison). */
export async function getPriceHistory(ctx: AppContext, query: PriceHistoryQuery): Promise<PriceHistoryResponse> {
  const products = await resolveProducts(ctx, query.codes);
  const { start, end } = await resolveRange(ctx, query.from, query.to);
  return buildPriceHistory(ctx, products, start, end, query.max_points);
}

/**
 * Days before the latest publication within which values may still change: the EIA API sync
 * re-reads its last 14 days, where EIA revises. A range ending earlier is final.
 */
const HISTORY_REVISION_DAYS = 14;

export interface PriceHistoryPayload {
  /** The JSON answer, gzip-compressed once (≈ 6× smaller for ten years of five products). */
  gzip: Buffer;
  /** Weak: the same validator stands for the compressed and the plain answer. */
  etag: string;
  /** True when the range ends before the revision window: its answer will not change. */
  final: boolean;
}

/**
 * The history answer, serialised, checked against the schema and compressed once per import
 * (cleared with the rest of the price cache), so a repeated chart costs a cache hit, or a 304.
 */
export async function getPriceHistoryPayload(ctx: AppContext, query: PriceHistoryQuery): Promise<PriceHistoryPayload> {
  const products = await resolveProducts(ctx, query.codes);
  const { start, end } = await resolveRange(ctx, query.from, query.to);
  const key = `history:${products.map((product) => product.code).join(',')}|${start}|${end}|${query.max_points ?? 'all'}`;
  const [payload, latest] = await Promise.all([
    getPriceCache(ctx).get(key, async () => {
      const json = JSON.stringify(priceHistoryResponseSchema.parse(await buildPriceHistory(ctx, products, start, end, query.max_points)));
      return { gzip: gzipSync(json), etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"` };
    }),
    loadLatestDate(ctx),
  ]);
  const revisable = latest ? shiftIsoDate(latest, { days: -HISTORY_REVISION_DAYS }) : null;
  return { ...payload, final: revisable !== null && end < revisable };
}
