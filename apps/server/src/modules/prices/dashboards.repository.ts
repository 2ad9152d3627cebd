import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dashboards } from '../../db/schema';

export type DashboardRecord = typeof dashboards.$inferSelect;

export function listDashboardsByUser(db: DbOrTx, userId: string) {
  return db.select().from(dashboards).where(eq(dashboards.userId, userId)).orderBy(asc(dashboards.createdAt), asc(dashboards.slug));
}

export async function findDashboard(db: DbOrTx, userId: string, id: string): Promise<DashboardRecord | undefined> {
  const [row] = await db.select().from(dashboards).where(and(eq(dashboards.userId, userId), eq(dashboards.id, id)));
  return row;
}

export async function findDashboardBySlug(db: DbOrTx, userId: string, slug: string): Promise<DashboardRecord | undefined> {
  const [row] = await db.select().from(dashboards).where(and(eq(dashboards.userId, userId), eq(dashboards.slug, slug)));
  return row;
}

export async function countDashboards(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(dashboards, eq(dashboards.userId, userId));
}

export async function insertDashboard(
  db: DbOrTx,
  values: { userId: string; name: string; slug: string; productCodes: string[]; now: Date },
): Promise<DashboardRecord> {
  const [row] = await db
    .insert(dashboards)
    .values({ userId: values.userId, name: values.name, slug: values.slug, productCodes: values.productCodes, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

export async function updateDashboard(
  db: DbOrTx,
  userId: string,
  id: string,
  values: { name?: string; slug?: string; productCodes?: string[]; now: Date },
): Promise<DashboardRecord | undefined> {
  const [row] = await db
    .update(dashboards)
    .set({ name: values.name, slug: values.slug, productCodes: values.productCodes, updatedAt: values.now })
    .where(and(eq(dashboards.userId, userId), eq(dashboards.id, id)))
    .returning();
  return row;
}

export async function deleteDashboard(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(dashboards)
    .where(and(eq(dashboards.userId, userId), eq(dashboards.id, id)))
    .returning({ id: dashboards.id });
  return rows.length > 0;
}
