import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arrayLiteral, queryRows, type DbOrTx } from '../../db/client';
import { pricePoints, priceSuspects, products } from '../../db/schema';

/** The owner of price_suspects (issue 33 "Quality"). */

export type PriceSuspectRecord = typeof priceSuspects.$inferSelect;

export interface NewSuspect {
  pricePointId: string;
  value: string;
  previousDate: string;
  previousValue: string;
  medianChange: string;
}

export interface SuspectOrigin {
  importId: string | null;
  file: string;
  source: string;
  actor: 'user' | 'cli' | 'eia-job';
  at: Date;
}

/** Flags points as suspect (one statement; the caller has closed their earlier open flags). */
export async function insertSuspects(db: DbOrTx, suspects: NewSuspect[], origin: SuspectOrigin): Promise<void> {
  if (suspects.length === 0) return;
  await db.execute(
    sql`insert into ${priceSuspects} (id, price_point_id, value, previous_date, previous_value, median_change, import_id, file, source, actor, status, flagged_at)
        select r.id, r.price_point_id, r.value, r.previous_date, r.previous_value, r.median_change,
               ${origin.importId}::uuid, ${origin.file}, ${origin.source}, ${origin.actor}, 'open', ${origin.at.toISOString()}::timestamptz
        from unnest(
          ${arrayLiteral(suspects.map(() => randomUUID()))}::uuid[],
          ${arrayLiteral(suspects.map((suspect) => suspect.pricePointId))}::uuid[],
          ${arrayLiteral(suspects.map((suspect) => suspect.value))}::numeric[],
          ${arrayLiteral(suspects.map((suspect) => suspect.previousDate))}::date[],
          ${arrayLiteral(suspects.map((suspect) => suspect.previousValue))}::numeric[],
          ${arrayLiteral(suspects.map((suspect) => suspect.medianChange))}::numeric[]
        ) as r(id, price_point_id, value, previous_date, previous_value, median_change)`,
  );
}

/** Open flags of points a later import rewrote: the new value is judged afresh, the old flag is superseded. */
/** The flags of the products' demo points: the cascade deleteDemoPoints carries out in one statement (prices.repository.ts). */
export async function deleteFlagsOfDemoPoints(db: DbOrTx, productIds: string[]): Promise<void> {
  await db.execute(
    sql`delete from ${priceSuspects} where price_point_id in (
          select id from ${pricePoints} where product_id = any(${arrayLiteral(productIds)}::uuid[]) and source = 'demo'
        )`,
  );
}

export async function supersedeOpenSuspects(db: DbOrTx, pricePointIds: string[], at: Date): Promise<void> {
  if (pricePointIds.length === 0) return;
  await db.execute(
    sql`update ${priceSuspects} set status = 'superseded', resolved_at = ${at.toISOString()}::timestamptz
        where status = 'open' and price_point_id = any(${arrayLiteral(pricePointIds)}::uuid[])`,
  );
}

/** The points of these products that carry an open flag (few), to supersede those an import rewrote. */
export async function listOpenSuspectPoints(db: DbOrTx, productIds: string[]): Promise<{ id: string; product_id: string; forward_period: string; d: string }[]> {
  if (productIds.length === 0) return [];
  return queryRows<{ id: string; product_id: string; forward_period: string; d: string }>(
    db,
    sql`select s.price_point_id as id, pp.product_id, pp.forward_period, pp.publication_date::text as d
        from ${priceSuspects} s join ${pricePoints} pp on pp.id = s.price_point_id
        where s.status = 'open' and pp.product_id = any(${arrayLiteral(productIds)}::uuid[])`,
  );
}

/**
 * The live flag of each of these points: its open flag, or the confirmation or correction an admin
 * made of the value it holds now (a review of an older value, before an import rewrote it, does not count).
 */
export async function listLiveFlagsOfPoints(db: DbOrTx, pricePointIds: string[]): Promise<{ price_point_id: string; status: 'open' | 'confirmed' | 'corrected' }[]> {
  if (pricePointIds.length === 0) return [];
  return queryRows<{ price_point_id: string; status: 'open' | 'confirmed' | 'corrected' }>(
    db,
    sql`select s.price_point_id, s.status
        from ${priceSuspects} s join ${pricePoints} pp on pp.id = s.price_point_id
        where s.price_point_id = any(${arrayLiteral(pricePointIds)}::uuid[])
          and (s.status = 'open' or (s.status = 'confirmed' and s.value = pp.value) or (s.status = 'corrected' and s.corrected_value = pp.value))`,
  );
}

export interface SuspectListRecord {
  id: string;
  status: 'open' | 'confirmed' | 'corrected' | 'superseded';
  price_point_id: string;
  product_code: string;
  product_name: string;
  product_name_es: string | null;
  decimal_places: number;
  forward_period: string;
  publication_date: string;
  value: string;
  current_value: string;
  previous_date: string;
  previous_value: string;
  median_change: string;
  import_id: string | null;
  file: string;
  source: string;
  actor: 'user' | 'cli' | 'eia-job';
  flagged_at: string;
  resolved_at: string | null;
  corrected_value: string | null;
}

const listColumns = sql`s.id, s.status, s.price_point_id, p.code as product_code, p.name as product_name, p.name_es as product_name_es,
  p.decimal_places, pp.forward_period, pp.publication_date::text as publication_date, s.value::text as value, pp.value::text as current_value,
  s.previous_date::text as previous_date, s.previous_value::text as previous_value, s.median_change::text as median_change,
  s.import_id, s.file, s.source, s.actor,
  to_char(s.flagged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as flagged_at,
  to_char(s.resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as resolved_at,
  s.corrected_value::text as corrected_value`;

/** Suspect values, newest flag first: the open ones only, or every one. */
export async function listSuspects(db: DbOrTx, input: { openOnly: boolean; limit: number; offset: number }): Promise<{ rows: SuspectListRecord[]; total: number }> {
  const where = input.openOnly ? sql`where s.status = 'open'` : sql``;
  const rows = await queryRows<SuspectListRecord>(
    db,
    sql`select ${listColumns}
        from ${priceSuspects} s join ${pricePoints} pp on pp.id = s.price_point_id join ${products} p on p.id = pp.product_id
        ${where}
        order by s.flagged_at desc, pp.publication_date desc, s.id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${priceSuspects} s ${where}`);
  return { rows, total: Number(count?.total ?? 0) };
}

/** One suspect with its point and product; locked for the resolution when `forUpdate`. */
export async function findSuspect(db: DbOrTx, id: string, forUpdate = false): Promise<SuspectListRecord | null> {
  const [row] = await queryRows<SuspectListRecord>(
    db,
    sql`select ${listColumns}
        from ${priceSuspects} s join ${pricePoints} pp on pp.id = s.price_point_id join ${products} p on p.id = pp.product_id
        where s.id = ${id}::uuid ${forUpdate ? sql`for update of s` : sql``}`,
  );
  return row ?? null;
}

/** Closes an open flag: confirmed (the value is right) or corrected (with the right value). */
export async function resolveSuspect(
  db: DbOrTx,
  id: string,
  resolution: { status: 'confirmed' | 'corrected'; at: Date; by: string | null; correctedValue: string | null },
): Promise<void> {
  await db.execute(
    sql`update ${priceSuspects}
        set status = ${resolution.status}, resolved_at = ${resolution.at.toISOString()}::timestamptz, resolved_by = ${resolution.by}::uuid,
            corrected_value = ${resolution.correctedValue}::numeric
        where id = ${id}::uuid and status = 'open'`,
  );
}
