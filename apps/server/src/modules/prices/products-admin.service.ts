import {
  PRICES_UPDATED_EVENT,
  marketDeskMessages,
  withParams,
  type AdminProduct,
  type AdminProductListResponse,
  type CreateProductBody,
  type UpdateProductBody,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { clearProductCaches, PRODUCTS_CHANGED_SOURCE } from './prices.cache';
import type { ProductRecord } from './prices.repository';
import {
  findProductByCode,
  findSeriesOwner,
  insertProduct,
  listProductsForAdmin,
  nextSortOrder,
  updateProduct,
  type ProductChanges,
  type ProductWithCounts,
} from './products.repository';

/** The fields an audit entry keeps of a product (before and after a change). */
function auditView(product: ProductRecord) {
  return {
    name: product.name,
    name_es: product.nameEs,
    description: product.description,
    category: product.category,
    unit: product.unit,
    currency: product.currency,
    delivery_mode: product.deliveryMode,
    location: product.location,
    decimal_places: product.decimalPlaces,
    eia_series_id: product.eiaSeriesId,
    futures_series_ids: product.futuresSeriesIds,
    active: product.active,
  };
}

function present(product: ProductWithCounts): AdminProduct {
  return {
    ...auditView(product),
    id: product.id,
    code: product.code,
    kind: product.kind,
    fred_series_id: product.fredSeriesId,
    formula: product.formula,
    retired_at: product.retiredAt?.toISOString() ?? null,
    points: product.points,
    last_date: product.lastDate,
    updated_at: product.updatedAt.toISOString(),
  };
}

export async function listAdminProducts(ctx: AppContext): Promise<AdminProductListResponse> {
  return { products: (await listProductsForAdmin(ctx.db)).map(present) };
}

async function presentOne(ctx: AppContext, code: string): Promise<AdminProduct> {
  const found = (await listProductsForAdmin(ctx.db)).find((product) => product.code === code);
  if (!found) throw notFound(code);
  return present(found);
}

const notFound = (code: string) => new AppError('NOT_FOUND', 404, withParams(marketDeskMessages.notFound, { code }));

function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return failure.code === '23505' || failure.cause?.code === '23505';
}

/**
 * After a product change: drop this instance's price cache and publish `prices_updated`, which
 * clears the cache of every other instance (the event bus: PostgreSQL LISTEN/NOTIFY or Redis) and
 * makes open browsers refetch their tables and pickers.
 */
async function announceProductChange(ctx: AppContext, code: string) {
  clearProductCaches(ctx);
  try {
    await ctx.events.publish({ userId: null, type: PRICES_UPDATED_EVENT, data: { product_codes: [code], inserted: 0, updated: 0, source: PRODUCTS_CHANGED_SOURCE } });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not publish prices_updated after a product change');
  }
}

async function assertSeriesFree(ctx: AppContext, seriesIds: (string | null | undefined)[], exceptCode: string | null) {
  const ids = [...new Set(seriesIds.filter((id): id is string => Boolean(id)))];
  const owner = await findSeriesOwner(ctx.db, ids, exceptCode);
  if (owner) {
    const message = withParams(marketDeskMessages.seriesTaken, { series: owner.series, code: owner.code });
    throw new AppError('CONFLICT', 409, message, { eia_series_id: message });
  }
}

/** A new spot or futures product: imports, the EIA sync and every view know it at once (no migration). */
export async function createProduct(ctx: AppContext, body: CreateProductBody, actor: AuditActor): Promise<AdminProduct> {
  const taken = () => {
    const message = withParams(marketDeskMessages.codeTaken, { code: body.code });
    return new AppError('CONFLICT', 409, message, { code: message });
  };
  if (await findProductByCode(ctx.db, body.code)) throw taken();
  await assertSeriesFree(ctx, [body.eia_series_id, ...body.futures_series_ids], null);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const product = await insertProduct(tx, {
        code: body.code,
        name: body.name,
        nameEs: body.name_es,
        description: body.description,
        category: body.category,
        kind: body.kind,
        unit: body.unit,
        currency: body.currency,
        deliveryMode: body.delivery_mode,
        location: body.location,
        decimalPlaces: body.decimal_places,
        eiaSeriesId: body.kind === 'spot' ? body.eia_series_id : null,
        futuresSeriesIds: body.kind === 'futures' ? body.futures_series_ids : [],
        source: 'eia',
        sortOrder: await nextSortOrder(tx),
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, { at: now, actor, action: 'product.create', subject: product.code, details: { product_id: product.id, kind: product.kind, after: auditView(product) } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await announceProductChange(ctx, body.code);
  return presentOne(ctx, body.code);
}

/** Names, category, unit, delivery, decimals and series of a product; a spread's legs and formula stay as DECISIONS.md fixes them. */
export async function editProduct(ctx: AppContext, code: string, body: UpdateProductBody, actor: AuditActor): Promise<AdminProduct> {
  const found = await findProductByCode(ctx.db, code);
  if (!found) throw notFound(code);
  const touchesSeries = body.eia_series_id !== undefined || body.futures_series_ids !== undefined;
  if (found.kind === 'spread' && (touchesSeries || body.category !== undefined)) {
    throw new AppError('VALIDATION_ERROR', 400, withParams(marketDeskMessages.derivedReadOnly, { code }));
  }
  if (found.kind === 'spot' && body.futures_series_ids !== undefined && body.futures_series_ids.length > 0) {
    throw new AppError('VALIDATION_ERROR', 400, marketDeskMessages.spotHasNoContracts, { futures_series_ids: marketDeskMessages.spotHasNoContracts });
  }
  if (found.kind === 'futures' && body.futures_series_ids !== undefined && body.futures_series_ids.length === 0) {
    throw new AppError('VALIDATION_ERROR', 400, marketDeskMessages.futuresNeedSeries, { futures_series_ids: marketDeskMessages.futuresNeedSeries });
  }
  await assertSeriesFree(ctx, [body.eia_series_id, ...(body.futures_series_ids ?? [])], code);
  const changes: ProductChanges = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.name_es !== undefined ? { nameEs: body.name_es } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.category !== undefined ? { category: body.category } : {}),
    ...(body.unit !== undefined ? { unit: body.unit } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.delivery_mode !== undefined ? { deliveryMode: body.delivery_mode } : {}),
    ...(body.location !== undefined ? { location: body.location } : {}),
    ...(body.decimal_places !== undefined ? { decimalPlaces: body.decimal_places } : {}),
    ...(body.eia_series_id !== undefined && found.kind === 'spot' ? { eiaSeriesId: body.eia_series_id } : {}),
    ...(body.futures_series_ids !== undefined && found.kind === 'futures' ? { futuresSeriesIds: body.futures_series_ids } : {}),
  };
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const updated = await updateProduct(tx, code, { ...changes, updatedAt: now });
      await recordAudit(tx, { at: now, actor, action: 'product.update', subject: code, details: { product_id: found.id, before: auditView(found), after: auditView(updated) } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) await assertSeriesFree(ctx, [body.eia_series_id, ...(body.futures_series_ids ?? [])], code);
    throw error;
  }
  await announceProductChange(ctx, code);
  return presentOne(ctx, code);
}

/**
 * Retires a product (or brings it back): a retired product leaves the pickers, the daily table, the
 * EIA sync and the movers; its stored history stays, readable through /prices/history and export.
 */
export async function setProductRetired(ctx: AppContext, code: string, retired: boolean, actor: AuditActor): Promise<AdminProduct> {
  const found = await findProductByCode(ctx.db, code);
  if (!found) throw notFound(code);
  if (retired && !found.active) throw new AppError('CONFLICT', 409, withParams(marketDeskMessages.alreadyRetired, { code }));
  if (!retired && found.active) throw new AppError('CONFLICT', 409, withParams(marketDeskMessages.notRetired, { code }));
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await updateProduct(tx, code, { active: !retired, retiredAt: retired ? now : null, updatedAt: now });
    await recordAudit(tx, { at: now, actor, action: retired ? 'product.retire' : 'product.reinstate', subject: code, details: { product_id: found.id } });
  });
  await announceProductChange(ctx, code);
  return presentOne(ctx, code);
}
