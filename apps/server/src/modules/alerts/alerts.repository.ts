import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { arrayLiteral, queryRows } from '../../db/client';
import { priceAlertEvents, priceAlerts, products } from '../../db/schema';
import type { SpreadLegRecord } from '../../db/schema/prices';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
export type NewPriceAlert = typeof priceAlerts.$inferInsert;
export type PriceAlertWithProduct = PriceAlertRow & { productCode: string };

const alertColumns = {
  id: priceAlerts.id,
  userId: priceAlerts.userId,
  productId: priceAlerts.productId,
  condition: priceAlerts.condition,
  value: priceAlerts.value,
  channels: priceAlerts.channels,
  active: priceAlerts.active,
  createdAt: priceAlerts.createdAt,
  updatedAt: priceAlerts.updatedAt,
  lastFiredAt: priceAlerts.lastFiredAt,
  productCode: products.code,
};

export function listAlertsOfUser(db: DbOrTx, userId: string): Promise<PriceAlertWithProduct[]> {
  return db
    .select(alertColumns)
    .from(priceAlerts)
    .innerJoin(products, eq(products.id, priceAlerts.productId))
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
}

/** The user's alert, or null when it does not exist or belongs to someone else. */
export async function findAlertOfUser(db: DbOrTx, userId: string, id: string): Promise<PriceAlertWithProduct | null> {
  const [row] = await db
    .select(alertColumns)
    .from(priceAlerts)
    .innerJoin(products, eq(products.id, priceAlerts.productId))
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
  return row ?? null;
}

export async function countAlertsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertAlert(db: DbOrTx, values: NewPriceAlert): Promise<PriceAlertRow> {
  const [row] = await db.insert(priceAlerts).values(values).returning();
  return row!;
}

export async function updateAlertOfUser(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: Partial<Pick<PriceAlertRow, 'value' | 'condition' | 'active' | 'channels' | 'updatedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(priceAlerts)
    .set(changes)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

export async function deleteAlertOfUser(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

export function listAlertEvents(db: DbOrTx, alertId: string, limit: number) {
  return db
    .select()
    .from(priceAlertEvents)
    .where(eq(priceAlertEvents.alertId, alertId))
    .orderBy(desc(priceAlertEvents.publicationDate))
    .limit(limit);
}

/**
 * A product's newest publication of the series its alerts watch, when this write (at `writtenAt`)
 * stored or changed it: a spot product's value, a futures product's contract 1 (`C1`, the series
 * its history, span and daily change are).
 */
export interface WrittenPublication {
  productId: string;
  productCode: string;
  productName: string;
  units: string;
  publicationDate: string;
  /** '' for a spot product (and a spread, whose values are given), 'C1' for a futures product. */
  forwardPeriod: string;
}

/** The series an alert on a product watches: contract 1 of a futures product, the spot value of any other. */
const watchedPeriod = (kind: SQL) => sql`case when ${kind} = 'futures' then 'C1' else '' end`;

export function findNewestWrittenPublications(db: DbOrTx, productCodes: string[], writtenAt: Date): Promise<WrittenPublication[]> {
  if (productCodes.length === 0) return Promise.resolve([]);
  return queryRows<WrittenPublication>(
    db,
    sql`select p.id as "productId", p.code as "productCode", p.name as "productName",
          p.currency || '/' || p.unit as units, to_char(latest.publication_date, 'YYYY-MM-DD') as "publicationDate",
          ${watchedPeriod(sql`p.kind`)} as "forwardPeriod"
        from ${products} p
        cross join lateral (
          select pp.publication_date, pp.updated_at from price_points pp
          where pp.product_id = p.id and pp.forward_period = ${watchedPeriod(sql`p.kind`)}
          order by pp.publication_date desc limit 1
        ) latest
        where p.code in (${sql.join(productCodes.map((code) => sql`${code}`), sql`, `)})
          and latest.updated_at >= ${writtenAt.toISOString()}::timestamptz`,
  );
}

export interface FiredAlert {
  alertId: string;
  userId: string;
  condition: 'above' | 'below' | 'change_pct';
  level: string;
  channels: string[];
  value: string;
  previousValue: string | null;
  changePct: string | null;
}

/** The value a publication is judged on and the previous one, when they are not a stored product's (a spread's, computed from its legs). */
export interface PublicationValues {
  value: string;
  previousValue: string | null;
}

/**
 * Records a firing for every active alert of the product whose condition the publication meets,
 * once per alert and date (the unique key: a second evaluation of the same date fires nothing).
 * above/below fire when the value reaches the level (at or beyond it) coming from the other side of
 * it at the previous publication, or at the product's first publication; change_pct fires when the
 * move from the previous publication is strictly more than the percentage of the previous value's
 * magnitude (never against a previous value of 0). Exact numeric arithmetic. The values are the
 * product's stored ones of `forwardPeriod` (a futures product's contract 1), or `values` when given
 * (a spread's, computed from its legs).
 */
export function recordAlertFirings(
  db: DbOrTx,
  publication: { productId: string; publicationDate: string; forwardPeriod: string },
  now: Date,
  values?: PublicationValues,
): Promise<FiredAlert[]> {
  // No division in the conditions: SQL may evaluate both sides of an AND, and a previous value of 0 must not fail the statement.
  const current = values
    ? sql`select ${values.value}::numeric as value`
    : sql`select value from price_points
          where product_id = ${publication.productId} and forward_period = ${publication.forwardPeriod} and publication_date = ${publication.publicationDate}::date`;
  const previous = values
    ? sql`select ${values.previousValue}::numeric as value`
    : sql`select value from price_points
          where product_id = ${publication.productId} and forward_period = ${publication.forwardPeriod} and publication_date < ${publication.publicationDate}::date
          order by publication_date desc limit 1`;
  return queryRows<FiredAlert>(
    db,
    sql`with cur as (${current}), prev as (${previous}), candidates as (
          select a.id, a.user_id, a.condition, a.value as level, a.channels, cur.value as value, prev.value as previous_value,
            round((cur.value - prev.value) / nullif(abs(prev.value), 0) * 100, 4) as change_pct
          from ${priceAlerts} a cross join cur left join prev on true
          where a.product_id = ${publication.productId} and a.active
            and (
              (a.condition = 'above' and cur.value >= a.value and (prev.value is null or prev.value < a.value))
              or (a.condition = 'below' and cur.value <= a.value and (prev.value is null or prev.value > a.value))
              or (a.condition = 'change_pct' and prev.value is not null and prev.value <> 0
                  and abs(cur.value - prev.value) * 100 > a.value * abs(prev.value))
            )
        ), fired as (
          insert into ${priceAlertEvents} (alert_id, publication_date, value, previous_value, change_pct, created_at)
          select id, ${publication.publicationDate}::date, value, previous_value, change_pct, ${now.toISOString()}::timestamptz from candidates
          on conflict (alert_id, publication_date) do nothing
          returning alert_id
        )
        select c.id as "alertId", c.user_id as "userId", c.condition, c.level::text as level, c.channels,
          c.value::text as value, c.previous_value::text as "previousValue", c.change_pct::text as "changePct"
        from candidates c join fired f on f.alert_id = c.id`,
  );
}

export async function markAlertsFired(db: DbOrTx, alertIds: string[], at: Date): Promise<void> {
  if (alertIds.length === 0) return;
  await db.update(priceAlerts).set({ lastFiredAt: at }).where(inArray(priceAlerts.id, alertIds));
}

/** The id and kind of an active product by its code, or null. */
export async function findActiveProduct(db: DbOrTx, code: string): Promise<{ id: string; kind: string } | null> {
  const [row] = await db.select({ id: products.id, kind: products.kind }).from(products).where(and(eq(products.code, code), eq(products.active, true)));
  return row ?? null;
}

/**
 * Whether any active alert watches one of these products, or a spread with one of them as a leg (a
 * write with none queues no evaluation).
 */
export async function hasActiveAlerts(db: DbOrTx, productCodes: string[]): Promise<boolean> {
  if (productCodes.length === 0) return false;
  const codes = arrayLiteral(productCodes);
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${priceAlerts} a join ${products} p on p.id = a.product_id
        where a.active and (
          p.code = any(${codes}::text[])
          or (p.kind = 'spread' and exists (select 1 from jsonb_array_elements(p.legs) leg where leg->>'code' = any(${codes}::text[])))
        )
        limit 1`,
  );
  return rows.length > 0;
}

/** A spread some active alert watches: what its evaluation and its notifications need. */
export interface WatchedSpread {
  productId: string;
  productCode: string;
  productName: string;
  units: string;
  legs: SpreadLegRecord[];
  divisor: string;
}

/** The spreads with an active alert that have one of these products as a leg. */
export async function listWatchedSpreads(db: DbOrTx, legCodes: string[]): Promise<WatchedSpread[]> {
  if (legCodes.length === 0) return [];
  const codes = arrayLiteral(legCodes);
  return queryRows<WatchedSpread>(
    db,
    sql`select p.id as "productId", p.code as "productCode", p.name as "productName", p.currency || '/' || p.unit as units,
          p.legs, p.spread_divisor::text as divisor
        from ${products} p
        where p.kind = 'spread'
          and exists (select 1 from ${priceAlerts} a where a.product_id = p.id and a.active)
          and exists (select 1 from jsonb_array_elements(p.legs) leg where leg->>'code' = any(${codes}::text[]))
        order by p.code`,
  );
}
