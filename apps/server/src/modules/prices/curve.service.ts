import { priceMessages, shiftIsoDate, withParams, type CurvePoint, type CurveShape, type PriceCurveQuery, type PriceCurveResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { compareDecimals } from '../../integrations/market-data/decimal';
import { AppError } from '../../lib/app-error';
import { getPriceCache } from './prices.cache';
import { listAllProducts } from './prices.repository';
import { listCurvePoints } from './curve.repository';

interface StoredCurve {
  date: string;
  points: CurvePoint[];
  demo: boolean;
}

/** contango when every later contract is dearer, backwardation when every one is cheaper. */
export function curveShape(points: readonly CurvePoint[]): CurveShape {
  const steps = points.slice(1).map((point, index) => compareDecimals(point.value, points[index]!.value));
  if (steps.length === 0 || steps.every((step) => step === 0)) return 'flat';
  if (steps.every((step) => step > 0)) return 'contango';
  if (steps.every((step) => step < 0)) return 'backwardation';
  return 'mixed';
}

/** A futures product's curves by date, oldest first (cached until the next import). */
async function loadCurves(ctx: AppContext, productId: string): Promise<StoredCurve[]> {
  return getPriceCache(ctx).get(`curves:${productId}`, async () => {
    const records = await listCurvePoints(ctx.db, productId);
    const curves: StoredCurve[] = [];
    for (const record of records) {
      let curve = curves.at(-1);
      if (!curve || curve.date !== record.d) curves.push((curve = { date: record.d, points: [], demo: false }));
      curve.points.push({ contract: Number(record.forward_period.slice(1)), forward_period: record.forward_period, value: record.value });
      if (record.source === 'demo') curve.demo = true;
    }
    return curves;
  });
}

/** The latest curve on or before a date, by binary search over the dates. */
function curveOnOrBefore(curves: StoredCurve[], date: string): StoredCurve | null {
  let low = 0;
  let high = curves.length - 1;
  let found: StoredCurve | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (curves[middle]!.date <= date) {
      found = curves[middle]!;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function compared(curve: StoredCurve | null) {
  return curve ? { date: curve.date, shape: curveShape(curve.points), points: curve.points } : null;
}

/** GET /prices/curve: a futures product's forward curve on a date, with the curves a week and a month before. */
export async function getPriceCurve(ctx: AppContext, query: PriceCurveQuery): Promise<PriceCurveResponse> {
  const catalog = await getPriceCache(ctx).get('curve-catalog', () => listAllProducts(ctx.db));
  const product = catalog.find((candidate) => candidate.code === query.code && candidate.active);
  if (!product) {
    const detail = withParams(priceMessages.unknownProduct, { codes: query.code });
    throw new AppError('UNKNOWN_PRODUCT', 400, detail, { code: detail });
  }
  if (product.kind !== 'futures') {
    const futures = catalog.filter((candidate) => candidate.kind === 'futures' && candidate.active).map((candidate) => candidate.code);
    const detail = withParams(priceMessages.notFutures, { code: product.code, futures: futures.join(', ') });
    throw new AppError('BAD_REQUEST', 400, detail, { code: detail });
  }
  const curves = await loadCurves(ctx, product.id);
  const latest = curves.at(-1);
  if (!latest) throw new AppError('NOT_FOUND', 404, withParams(priceMessages.noCurveYet, { code: product.code }));
  const date = query.date ?? latest.date;
  const curve = curveOnOrBefore(curves, date);
  if (!curve || curve.date !== date) {
    const after = curves.find((candidate) => candidate.date > date);
    const before = curve?.date;
    // There is a latest curve, so at least one of the two exists.
    const detail =
      before && after
        ? withParams(priceMessages.noCurveOnDateBetween, { code: product.code, date, before, after: after.date })
        : withParams(priceMessages.noCurveOnDateNearest, { code: product.code, date, nearest: (before ?? after?.date)! });
    throw new AppError('NOT_FOUND', 404, detail);
  }
  return {
    code: product.code,
    date: curve.date,
    unit: product.unit,
    currency: product.currency,
    points: curve.points,
    shape: curveShape(curve.points),
    decimal_places: product.decimalPlaces,
    is_demo: curve.demo,
    latest_date: latest.date,
    week_earlier: compared(curveOnOrBefore(curves, shiftIsoDate(curve.date, { days: -7 }))),
    month_earlier: compared(curveOnOrBefore(curves, shiftIsoDate(curve.date, { months: -1 }))),
  };
}
