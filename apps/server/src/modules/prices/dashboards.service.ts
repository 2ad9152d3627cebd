import { type Dashboard, DASHBOARD_LIMIT_MESSAGE, DASHBOARD_MAX_PRODUCTS, type DashboardListResponse, DASHBOARDS_PER_USER_MAX, priceMessages, slugify, withParams } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import {
  countDashboards,
  deleteDashboard as deleteDashboardRow,
  findDashboard,
  findDashboardBySlug,
  insertDashboard,
  listDashboardsByUser,
  updateDashboard as updateDashboardRow,
  type DashboardRecord,
} from './dashboards.repository';
import { listAllProducts } from './prices.repository';

function presentDashboard(row: DashboardRecord): Dashboard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    product_codes: row.productCodes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A dashboard holds at most 5 known, active products (SPEC.md §5). */
async function assertProductCodes(ctx: AppContext, codes: string[]) {
  if (codes.length > DASHBOARD_MAX_PRODUCTS) {
    throw new AppError('DASHBOARD_LIMIT', 400, DASHBOARD_LIMIT_MESSAGE, { product_codes: DASHBOARD_LIMIT_MESSAGE });
  }
  const known = new Set((await listAllProducts(ctx.db)).filter((product) => product.active).map((product) => product.code));
  const unknown = codes.filter((code) => !known.has(code));
  if (unknown.length > 0) {
    const detail = withParams(unknown.length > 1 ? priceMessages.unknownProducts : priceMessages.unknownProduct, { codes: unknown.join(', ') });
    throw new AppError('UNKNOWN_PRODUCT', 400, detail, { product_codes: detail });
  }
}

async function assertSlugFree(ctx: AppContext, userId: string, slug: string, exceptId?: string) {
  const existing = await findDashboardBySlug(ctx.db, userId, slug);
  if (existing && existing.id !== exceptId) {
    const detail = withParams(priceMessages.dashboardSlugTaken, { slug });
    throw new AppError('CONFLICT', 409, detail, { slug: detail });
  }
}

/** The caller's dashboards, oldest first. */
export async function listDashboards(ctx: AppContext, userId: string): Promise<DashboardListResponse> {
  const rows = await listDashboardsByUser(ctx.db, userId);
  return { dashboards: rows.map(presentDashboard) };
}

/** Creates a dashboard for the caller; the slug comes from the name when none is given. */
export async function createDashboard(
  ctx: AppContext,
  userId: string,
  body: { name: string; slug?: string; product_codes: string[] },
): Promise<Dashboard> {
  const slug = body.slug ?? (slugify(body.name).slice(0, 60).replace(/-+$/, '') || 'dashboard');
  await assertProductCodes(ctx, body.product_codes);
  if ((await countDashboards(ctx.db, userId)) >= DASHBOARDS_PER_USER_MAX) {
    throw new AppError('CONFLICT', 409, priceMessages.tooManyDashboards);
  }
  await assertSlugFree(ctx, userId, slug);
  const row = await insertDashboard(ctx.db, { userId, name: body.name, slug, productCodes: body.product_codes, now: ctx.now() }).catch(
    (error: unknown) => {
      // Two saves of the same new slug at once: the unique index decides, the loser gets the same 409.
      if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
        throw new AppError('CONFLICT', 409, withParams(priceMessages.dashboardSlugTaken, { slug }), { slug: priceMessages.slugUsed });
      }
      throw error;
    },
  );
  return presentDashboard(row);
}

/** Renames, re-slugs or changes the products of one of the caller's dashboards. */
export async function updateDashboard(
  ctx: AppContext,
  userId: string,
  id: string,
  body: { name?: string; slug?: string; product_codes?: string[] },
): Promise<Dashboard> {
  const existing = await findDashboard(ctx.db, userId, id);
  if (!existing) throw notFound(priceMessages.dashboardNotFound);
  if (body.product_codes) await assertProductCodes(ctx, body.product_codes);
  if (body.slug && body.slug !== existing.slug) await assertSlugFree(ctx, userId, body.slug, id);
  const row = await updateDashboardRow(ctx.db, userId, id, {
    name: body.name,
    slug: body.slug,
    productCodes: body.product_codes,
    now: ctx.now(),
  });
  if (!row) throw notFound(priceMessages.dashboardNotFound);
  return presentDashboard(row);
}

/** Deletes one of the caller's dashboards; someone else's answers 404 like a missing one. */
export async function deleteDashboard(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await deleteDashboardRow(ctx.db, userId, id))) throw notFound(priceMessages.dashboardNotFound);
}
