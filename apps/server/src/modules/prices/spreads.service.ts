import { shiftIsoDate } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { ProductRecord } from './prices.repository';
import { computeSpreadChart, computeSpreadColumns, computeSpreadSeries, parseSpreadLegs, spreadPercentChange, type LegLists, type LegPoint, type SpreadChartPoint, type SpreadDefinition, type SpreadLegs, type SpreadPoint } from './spreads';
import { listLegSeries, listNewestCompleteLegPoints } from './spreads.repository';

/** How far before a range a spread's previous point is looked for (its first point's change). */
const PREVIOUS_POINT_LOOKBACK_DAYS = 31;

export interface Catalog {
  byId: Map<string, ProductRecord>;
  byCode: Map<string, ProductRecord>;
}

export function isSpread(product: ProductRecord): boolean {
  return product.kind === 'spread';
}

export function spreadDefinition(product: ProductRecord) {
  return { legs: product.legs, divisor: product.spreadDivisor };
}

/** The legs' products of the spreads (active or not: a retired leg keeps its history readable). */
function legProducts(spreads: ProductRecord[], catalog: Catalog): ProductRecord[] {
  const codes = new Set(spreads.flatMap((spread) => spread.legs.map((leg) => leg.code)));
  return [...codes].flatMap((code) => {
    const product = catalog.byCode.get(code);
    return product ? [product] : [];
  });
}

export interface SpreadHistoryPoint extends SpreadPoint {
  /** The change against the spread's previous point (null for its very first). */
  diff: string | null;
  previousDate: string | null;
  previousValue: string | null;
}

/**
 * The legs' stored values from a month before `from` (a spread's previous point) to `to`, by leg
 * code, read in one query.
 */
async function readSpreadLegs(ctx: AppContext, spreads: ProductRecord[], catalog: Catalog, from: string, to: string): Promise<SpreadLegs> {
  const legs = legProducts(spreads, catalog);
  const records = await listLegSeries(
    ctx.db,
    legs.map((leg) => leg.id),
    shiftIsoDate(from, { days: -PREVIOUS_POINT_LOOKBACK_DAYS }),
    to,
  );
  const byCode = new Map<string, LegLists>();
  for (const record of records) {
    byCode.set(catalog.byId.get(record.product_id)!.code, { days: record.days, values: record.values, demoDays: record.demo_days });
  }
  return parseSpreadLegs(byCode);
}

/**
 * The spreads' series between two dates, each point with its change against the spread's previous
 * date (which may lie before `from`). Computed from the legs' stored values in one query.
 */
export async function buildSpreadSeries(
  ctx: AppContext,
  spreads: ProductRecord[],
  catalog: Catalog,
  from: string,
  to: string,
): Promise<Map<string, SpreadHistoryPoint[]>> {
  const result = new Map<string, SpreadHistoryPoint[]>();
  if (spreads.length === 0) return result;
  const legs = await readSpreadLegs(ctx, spreads, catalog, from, to);
  for (const spread of spreads) {
    const series = computeSpreadColumns(spreadDefinition(spread), legs);
    let start = 0;
    while (start < series.length && series[start]!.date < from) start += 1;
    const points: SpreadHistoryPoint[] = start === 0 ? series : series.slice(start);
    result.set(spread.code, points);
  }
  return result;
}

/**
 * The spreads' history charts between two dates: the points of `buildSpreadSeries` in the history
 * answer's shape, made once, and whether a leg value behind them is demo data.
 */
export async function buildSpreadCharts(
  ctx: AppContext,
  spreads: ProductRecord[],
  catalog: Catalog,
  from: string,
  to: string,
): Promise<Map<string, { points: SpreadChartPoint[]; demo: boolean }>> {
  const result = new Map<string, { points: SpreadChartPoint[]; demo: boolean }>();
  if (spreads.length === 0) return result;
  const legs = await readSpreadLegs(ctx, spreads, catalog, from, to);
  for (const spread of spreads) result.set(spread.code, computeSpreadChart(spreadDefinition(spread), legs, from));
  return result;
}

export interface SpreadDayRecord {
  product: ProductRecord;
  date: string;
  value: string;
  diff: string | null;
  percent: number | null;
  previousDate: string | null;
  demo: boolean;
}

/** The active spreads' values on one date (those whose legs all have a value that day). */
export async function listSpreadDay(ctx: AppContext, catalog: Catalog, date: string): Promise<SpreadDayRecord[]> {
  const spreads = [...catalog.byId.values()].filter((product) => product.active && isSpread(product));
  const series = await buildSpreadSeries(ctx, spreads, catalog, date, date);
  return spreads.flatMap((product) => {
    const point = series.get(product.code)?.find((candidate) => candidate.date === date);
    if (!point) return [];
    return [
      {
        product,
        date,
        value: point.value,
        diff: point.diff,
        percent: point.previousValue === null ? null : spreadPercentChange(point.value, point.previousValue),
        previousDate: point.previousDate,
        demo: point.demo,
      },
    ];
  });
}

export interface NewestSpreadPoint {
  date: string;
  value: string;
  /** When the newest of its legs' values on `date` was stored or changed. */
  legsWrittenAt: Date;
  previousDate: string | null;
  previousValue: string | null;
}

/**
 * A spread's newest value (on the newest date on which every leg has one) with its previous value
 * (the spread's previous such date), computed as every reading computes it; null when it has none.
 * Alerts on spreads are evaluated on it after a write of a leg.
 */
export async function findNewestSpreadPoint(ctx: AppContext, definition: SpreadDefinition): Promise<NewestSpreadPoint | null> {
  const records = await listNewestCompleteLegPoints(
    ctx.db,
    definition.legs.map((leg) => leg.code),
    2,
  );
  const byCode = new Map<string, LegPoint[]>();
  const writtenAt = new Map<string, string>();
  for (const record of records) {
    let list = byCode.get(record.code);
    if (!list) byCode.set(record.code, (list = []));
    list.push({ date: record.d, value: record.value, source: record.source });
    writtenAt.set(record.d, record.date_updated_at);
  }
  const series = computeSpreadSeries(definition, byCode);
  const newest = series.at(-1);
  if (!newest) return null;
  const previous = series.length > 1 ? series.at(-2)! : null;
  return {
    date: newest.date,
    value: newest.value,
    legsWrittenAt: new Date(writtenAt.get(newest.date)!),
    previousDate: previous?.date ?? null,
    previousValue: previous?.value ?? null,
  };
}
