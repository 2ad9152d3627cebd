import { createHash } from 'node:crypto';
import {
  priceCategories,
  type CategorySummary,
  type ListPriceDatesQuery,
  type ListPricesQuery,
  listPricesResponseSchema,
  type ListPricesResponse,
  type PriceCategory,
  type PriceDatesResponse,
  type PriceMoversQuery,
  type PriceMoversResponse,
  type PriceRow,
  type PriceSortField,
  type PriceSummaryResponse,
  type Product,
  formatIsoDate,
  priceMessages,
  withParams,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { averageDecimals, compareDecimals, normalizeDecimal } from '../../integrations/market-data/decimal';
import { AppError } from '../../lib/app-error';
import { getCatalogCache, getPriceCache } from './prices.cache';
import { isSpread, listSpreadDay, type SpreadDayRecord } from './spreads.service';
import {
  findLatestPublicationDate,
  listAllProducts,
  listDayPrices,
  listProductsWithRange,
  listPublicationDates,
  type DayPriceRecord,
  type ProductRecord,
} from './prices.repository';

function formatDisplayDate(date: string): string {
  return formatIsoDate(date, 'MMM d, yyyy');
}

export function unitsLabel(product: Pick<ProductRecord, 'currency' | 'unit'>): string {
  return `${product.currency}/${product.unit}`;
}

function hashOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 20);
}

/** Products by id and by code, from the cache. */
export async function loadCatalog(ctx: AppContext) {
  return getCatalogCache(ctx).get('catalog', async () => {
    const all = await listAllProducts(ctx.db);
    return { byId: new Map(all.map((product) => [product.id, product])), byCode: new Map(all.map((product) => [product.code, product])) };
  });
}

function presentProduct(product: Awaited<ReturnType<typeof listProductsWithRange>>[number]): Product {
  return {
    id: product.id,
    code: product.code,
    name: product.name,
    name_es: product.nameEs,
    description: product.description,
    category: product.category,
    unit: product.unit,
    currency: product.currency,
    units: unitsLabel(product),
    delivery_mode: product.deliveryMode,
    location: product.location,
    decimal_places: product.decimalPlaces,
    eia_series_id: product.eiaSeriesId,
    fred_series_id: product.fredSeriesId,
    first_date: product.firstDate,
    last_date: product.lastDate,
    is_demo: product.lastSource === 'demo',
    kind: product.kind,
    formula: product.formula,
    legs: product.legs,
    divisor: normalizeDecimal(product.spreadDivisor) ?? '1',
  };
}

/** A spread's span: from the latest first date of its legs to the earliest last date (its legs' common span). */
function withSpreadRanges(products: Awaited<ReturnType<typeof listProductsWithRange>>) {
  const byCode = new Map(products.map((product) => [product.code, product]));
  return products.map((product) => {
    if (!isSpread(product)) return product;
    const legs = product.legs.map((leg) => byCode.get(leg.code));
    if (legs.some((leg) => !leg?.firstDate || !leg.lastDate)) return product;
    const firstDate = legs.map((leg) => leg!.firstDate!).sort().at(-1)!;
    const lastDate = legs.map((leg) => leg!.lastDate!).sort()[0]!;
    return { ...product, firstDate, lastDate, lastSource: legs.some((leg) => leg!.lastSource === 'demo') ? 'demo' : 'derived' };
  });
}

/** The configured products with the span of their data. */
export async function listProducts(ctx: AppContext): Promise<{ products: Product[] }> {
  const products = await getPriceCache(ctx).get('products', async () => withSpreadRanges(await listProductsWithRange(ctx.db)).map(presentProduct));
  return { products };
}

/** A daily-table row's fields that come from its product: the same for a stored price and a spread's derived one. */
function productFields(product: ProductRecord) {
  return {
    product: product.id,
    product_name: product.name,
    product_name_es: product.nameEs,
    product_description: product.description,
    code_id: product.code,
    category: product.category,
    delivery_mode_label: `${product.deliveryMode} ${product.location}`,
    unit1_label: product.currency,
    unit2_label: product.unit,
    units: unitsLabel(product),
    decimal_places: product.decimalPlaces,
    kind: product.kind,
    formula: product.formula,
  } satisfies Partial<PriceRow>;
}

function presentRow(record: DayPriceRecord, product: ProductRecord): PriceRow {
  return {
    id: record.id,
    ...productFields(product),
    publication_date: record.publication_date,
    fmt_date: formatDisplayDate(record.publication_date),
    value: record.value,
    diff_base_value: record.diff === null ? null : normalizeDecimal(record.diff),
    previous_date: record.previous_date,
    percent_change: record.percent === null ? null : Number(record.percent),
    forward_period: record.forward_period || null,
    repository_id: product.eiaSeriesId,
    create_uid: record.imported_by,
    create_date: record.created_at,
    write_date: record.updated_at,
    date_modified: record.updated_at,
    source: record.source,
    is_demo: record.source === 'demo',
    suspect: record.suspect === true,
  };
}

/** A spread's row of the daily table: derived from its legs' values of the day, so it has no stored id. */
function presentSpreadRow(record: SpreadDayRecord, legRows: DayPriceRecord[]): PriceRow {
  const { product } = record;
  const written = legRows.map((row) => row.updated_at).sort();
  const created = legRows.map((row) => row.created_at).sort();
  return {
    id: `${product.id}:${record.date}`,
    ...productFields(product),
    publication_date: record.date,
    fmt_date: formatDisplayDate(record.date),
    value: record.value,
    diff_base_value: record.diff,
    previous_date: record.previousDate,
    percent_change: record.percent,
    forward_period: null,
    repository_id: null,
    create_uid: null,
    create_date: created.at(-1) ?? record.date,
    write_date: written.at(-1) ?? record.date,
    date_modified: written.at(-1) ?? record.date,
    source: record.demo ? 'demo' : 'derived',
    is_demo: record.demo,
    // Computed from its legs on read: never flagged itself.
    suspect: false,
  };
}

interface DayEntry {
  date: string | null;
  latestDate: string | null;
  rows: PriceRow[];
  isDemo: boolean;
  hash: string;
}

export async function loadLatestDate(ctx: AppContext): Promise<string | null> {
  return getPriceCache(ctx).get('latest-date', () => findLatestPublicationDate(ctx.db));
}

/** Every row published on a date (the latest date when none is given), cached until the next import. */
async function loadDay(ctx: AppContext, date: string | undefined): Promise<DayEntry> {
  const latestDate = await loadLatestDate(ctx);
  const day = date ?? latestDate;
  if (!day) return { date: null, latestDate, rows: [], isDemo: false, hash: 'empty' };
  return getPriceCache(ctx).get(`day:${day}`, async () => {
    const catalog = await loadCatalog(ctx);
    const [records, spreads] = await Promise.all([listDayPrices(ctx.db, day), listSpreadDay(ctx, catalog, day)]);
    const rows = records.flatMap((record) => {
      const product = catalog.byId.get(record.product_id);
      return product ? [presentRow(record, product)] : [];
    });
    for (const spread of spreads) {
      const legIds = new Set(spread.product.legs.map((leg) => catalog.byCode.get(leg.code)?.id));
      rows.push(presentSpreadRow(spread, records.filter((record) => record.forward_period === '' && legIds.has(record.product_id))));
    }
    const sortOrder = (row: PriceRow) => catalog.byId.get(row.product)!.sortOrder;
    rows.sort((a, b) => sortOrder(a) - sortOrder(b) || (a.forward_period ?? '').localeCompare(b.forward_period ?? ''));
    return { date: day, latestDate, rows, isDemo: rows.some((row) => row.is_demo), hash: hashOf([day, latestDate, rows]) };
  });
}

function isMissing(row: PriceRow, field: PriceSortField): boolean {
  return (field === 'diff_base_value' && row.diff_base_value === null) || (field === 'percent_change' && row.percent_change === null);
}

function compareRows(a: PriceRow, b: PriceRow, field: PriceSortField): number {
  switch (field) {
    case 'product_name':
      return a.product_name.localeCompare(b.product_name);
    case 'category':
      return a.category.localeCompare(b.category) || a.product_name.localeCompare(b.product_name);
    case 'value':
      return compareDecimals(a.value, b.value);
    case 'diff_base_value':
      return compareDecimals(a.diff_base_value!, b.diff_base_value!);
    case 'percent_change':
      return a.percent_change! - b.percent_change!;
  }
}

/** Rows without a change (first publication) go last in either direction. */
function sortRows(rows: PriceRow[], field: PriceSortField, order: 'asc' | 'desc'): PriceRow[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const aMissing = isMissing(a, field);
    const bMissing = isMissing(b, field);
    if (aMissing || bMissing) return aMissing === bMissing ? a.code_id.localeCompare(b.code_id) : aMissing ? 1 : -1;
    return direction * compareRows(a, b, field) || a.code_id.localeCompare(b.code_id) || (a.forward_period ?? '').localeCompare(b.forward_period ?? '');
  });
}

function filterDay(day: DayEntry, category: PriceCategory | undefined): PriceRow[] {
  return category ? day.rows.filter((row) => row.category === category) : day.rows;
}

/**
 * The daily table: one publication date's rows with their change against each product's previous
 * publication, filtered, sorted and paged. The ETag changes whenever the day's data or the query does.
 */
export async function listPrices(ctx: AppContext, query: ListPricesQuery): Promise<{ body: ListPricesResponse; etag: string }> {
  const day = await loadDay(ctx, query.date);
  const etag = `"${day.hash}-${hashOf([query.category ?? '', query.page, query.page_size, query.sort, query.order])}"`;
  const rows = sortRows(filterDay(day, query.category), query.sort, query.order);
  const start = (query.page - 1) * query.page_size;
  return {
    etag,
    body: {
      date: day.date,
      latest_date: day.latestDate,
      rows: rows.slice(start, start + query.page_size),
      total: rows.length,
      page: query.page,
      page_size: query.page_size,
      is_demo: day.isDemo,
    },
  };
}

/**
 * The daily table as ready-to-send JSON: the page most traders ask for is built, checked against
 * its schema and serialised once per import, not once per request.
 */
export async function listPricesJson(ctx: AppContext, query: ListPricesQuery): Promise<{ json: string; etag: string }> {
  const day = await loadDay(ctx, query.date);
  const key = `page:${day.hash}|${query.category ?? ''}|${query.page}|${query.page_size}|${query.sort}|${query.order}`;
  return getPriceCache(ctx).get(key, async () => {
    const { body, etag } = await listPrices(ctx, query);
    return { etag, json: JSON.stringify(listPricesResponseSchema.parse(body)) };
  });
}

export function assertOrderedRange(from: string | undefined, to: string | undefined) {
  if (from && to && from > to) {
    throw new AppError('INVALID_RANGE', 400, withParams(priceMessages.startAfterEnd, { from, to }), { from: priceMessages.fromAfterTo });
  }
}

/** Publication dates holding data, for the calendar filter (days without data are not selectable). */
export async function listPriceDates(ctx: AppContext, query: ListPriceDatesQuery): Promise<PriceDatesResponse> {
  assertOrderedRange(query.from, query.to);
  const all = await getPriceCache(ctx).get('dates', () => listPublicationDates(ctx.db));
  const dates = all.filter((date) => (!query.from || date >= query.from) && (!query.to || date <= query.to));
  return { dates, earliest: all[0] ?? null, latest: all.at(-1) ?? null };
}

/** Biggest rises and falls by percent change on a date. */
export async function getPriceMovers(ctx: AppContext, query: PriceMoversQuery): Promise<PriceMoversResponse> {
  const day = await loadDay(ctx, query.date);
  const moved = day.rows.filter((row) => row.percent_change !== null);
  const gainers = moved
    .filter((row) => row.percent_change! > 0)
    .sort((a, b) => b.percent_change! - a.percent_change! || a.code_id.localeCompare(b.code_id))
    .slice(0, query.limit);
  const losers = moved
    .filter((row) => row.percent_change! < 0)
    .sort((a, b) => a.percent_change! - b.percent_change! || a.code_id.localeCompare(b.code_id))
    .slice(0, query.limit);
  return { date: day.date, gainers, losers, is_demo: day.isDemo };
}

/** Per category: average price, average change and breadth on a date. */
export async function getPriceSummary(ctx: AppContext, query: { date?: string }): Promise<PriceSummaryResponse> {
  const day = await loadDay(ctx, query.date);
  const categories: CategorySummary[] = [];
  for (const category of priceCategories) {
    const rows = day.rows.filter((row) => row.category === category && row.forward_period === null);
    if (rows.length === 0) continue;
    const places = Math.max(...rows.map((row) => row.decimal_places));
    const changes = rows.flatMap((row) => (row.diff_base_value === null ? [] : [row.diff_base_value]));
    const percents = rows.flatMap((row) => (row.percent_change === null ? [] : [row.percent_change]));
    const units = [...new Set(rows.map((row) => row.units))];
    categories.push({
      category,
      count: rows.length,
      units: units.join(', '),
      average: averageDecimals(rows.map((row) => row.value), places)!,
      average_change: averageDecimals(changes, places),
      average_percent_change: percents.length ? Math.round((percents.reduce((sum, value) => sum + value, 0) / percents.length) * 100) / 100 : null,
      advancers: changes.filter((change) => compareDecimals(change, '0') > 0).length,
      decliners: changes.filter((change) => compareDecimals(change, '0') < 0).length,
    });
  }
  return { date: day.date, categories, is_demo: day.isDemo };
}
