import { createOrderedIdRange, type OrderedIdRange } from '../../lib/ordered-ids';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { arrayLiteral, queryRows, type DbOrTx } from '../../db/client';
import { pricePoints, priceSuspects, products, users } from '../../db/schema';
import { deleteFlagsOfDemoPoints } from './price-suspects.repository';

export type ProductRecord = typeof products.$inferSelect;

export interface ProductWithRange extends ProductRecord {
  firstDate: string | null;
  lastDate: string | null;
  lastSource: string | null;
}

/** Active products with the first and last date of their spot series (a futures product's: contract 1) and the latest row's source. */
export async function listProductsWithRange(db: DbOrTx): Promise<ProductWithRange[]> {
  const rows = await queryRows<{
    id: string;
    first_date: string | null;
    last_date: string | null;
    last_source: string | null;
  }>(
    db,
    sql`select p.id,
          (select min(q.publication_date)::text from ${pricePoints} q
            where q.product_id = p.id and q.forward_period = case when p.kind = 'futures' then 'C1' else '' end) as first_date,
          latest.publication_date::text as last_date,
          latest.source as last_source
        from ${products} p
        left join lateral (
          select q.publication_date, q.source from ${pricePoints} q
          where q.product_id = p.id and q.forward_period = case when p.kind = 'futures' then 'C1' else '' end
          order by q.publication_date desc limit 1
        ) latest on true
        where p.active`,
  );
  const ranges = new Map(rows.map((row) => [row.id, row]));
  const all = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder), asc(products.code));
  return all.map((product) => {
    const range = ranges.get(product.id);
    return {
      ...product,
      firstDate: range?.first_date ?? null,
      lastDate: range?.last_date ?? null,
      lastSource: range?.last_source ?? null,
    };
  });
}

export function listAllProducts(db: DbOrTx) {
  return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.code));
}

export async function findLatestPublicationDate(db: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ latest: string | null }>(
    db,
    sql`select max(publication_date)::text as latest from ${pricePoints}`,
  );
  return row?.latest ?? null;
}

export async function listPublicationDates(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ d: string }>(
    db,
    sql`select distinct publication_date::text as d from ${pricePoints} order by 1`,
  );
  return rows.map((row) => row.d);
}

export interface DayPriceRecord {
  id: string;
  publication_date: string;
  forward_period: string;
  value: string;
  source: string;
  imported_by: string | null;
  created_at: string;
  updated_at: string;
  product_id: string;
  previous_date: string | null;
  diff: string | null;
  percent: string | null;
  /** An open suspect flag (issue 33 "Quality") is on this value. */
  suspect: boolean;
}

/**
 * The prices published on one date, each with the change against the same product's (and forward
 * period's) previous publication date — not the previous calendar day.
 */
export function listDayPrices(db: DbOrTx, date: string): Promise<DayPriceRecord[]> {
  return queryRows<DayPriceRecord>(
    db,
    sql`select pp.id, pp.publication_date::text as publication_date, pp.forward_period, pp.value::text as value,
          pp.source, pp.imported_by, to_char(pp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          to_char(pp.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
          pp.product_id, prev.publication_date::text as previous_date,
          (pp.value - prev.value)::text as diff,
          case when prev.value is null or prev.value = 0 then null
               else round((pp.value - prev.value) * 100 / abs(prev.value), 2)::text end as percent,
          exists (select 1 from ${priceSuspects} s where s.price_point_id = pp.id and s.status = 'open') as suspect
        from ${pricePoints} pp
        join ${products} p on p.id = pp.product_id and p.active
        left join lateral (
          select q.publication_date, q.value from ${pricePoints} q
          where q.product_id = pp.product_id and q.forward_period = pp.forward_period
            and q.publication_date < pp.publication_date
          order by q.publication_date desc limit 1
        ) prev on true
        where pp.publication_date = ${date}::date`,
  );
}

export interface HistoryRecord {
  product_id: string;
  d: string;
  value: string;
  diff: string | null;
  source: string;
}

/**
 * Spot series of the products (a futures product's: its contract 1, C1) between two dates. The window starts at each product's last
 * observation before `from`, so the first point's change is right too.
 */
export function listHistory(db: DbOrTx, productIds: string[], from: string, to: string): Promise<HistoryRecord[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  const ids = sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `);
  return queryRows<HistoryRecord>(
    db,
    sql`with periods as (
          select p.id, case when p.kind = 'futures' then 'C1' else '' end as period from ${products} p where p.id in (${ids})
        ), starts as (
          select p.id as product_id, p.period,
            coalesce((select max(q.publication_date) from ${pricePoints} q
                      where q.product_id = p.id and q.forward_period = p.period and q.publication_date < ${from}::date),
                     ${from}::date) as start_date
          from periods p
        ), windowed as (
          select pp.product_id, pp.publication_date, pp.value, pp.source,
            pp.value - lag(pp.value) over (partition by pp.product_id order by pp.publication_date) as diff
          from ${pricePoints} pp join starts s on s.product_id = pp.product_id
          where pp.forward_period = s.period and pp.publication_date >= s.start_date and pp.publication_date <= ${to}::date
        )
        select product_id, publication_date::text as d, value::text as value, diff::text as diff, source
        from windowed where publication_date >= ${from}::date
        order by product_id, publication_date`,
  );
}

export interface NewPricePoint {
  /** The row's id if it is inserted (made here when not given; a conflicting row keeps its own). */
  id?: string;
  productId: string;
  publicationDate: string;
  forwardPeriod: string;
  value: string;
}

/** What every point of one write shares. */
export interface PricePointsOrigin {
  source: string;
  importedBy: string | null;
  now: Date;
  /**
   * Check the products and the importing user once for the whole write instead of once per row
   * (inside a transaction only; see checkReferencesOnce).
   */
  checkReferencesOnce?: boolean;
  /**
   * None of the points' products has a stored point, and no other transaction can write one before
   * this one ends (PGlite runs one transaction at a time; on PostgreSQL the write holds
   * lockProductsForWrite): a plain insert, without the conflict check per row. A conflict would
   * fail the write (unique violation) instead of updating.
   */
  productsHaveNoPoints?: boolean;
  /**
   * With checkReferencesOnce: the transaction already holds every product of the write locked
   * (lockProductsForWrite found them all: FOR NO KEY UPDATE, stronger than the FOR KEY SHARE the
   * check takes), so the products are not read again; the importing user still is.
   */
  productsLocked?: boolean;
  /** Also return which points the write inserted or changed (the quality check judges those). */
  returnChanged?: boolean;
  /**
   * The ids of points that carry none: the point at position i is inserted as `ids.idAt(i)` (made
   * here when not given). When no point carries an id, the database makes them from the range.
   */
  ids?: OrderedIdRange;
}

/** A point an upsert inserted or changed. */
export interface ChangedPoint {
  id: string;
  /** A new row (else an existing one whose value changed). */
  inserted?: boolean;
  productId: string;
  forwardPeriod: string;
  publicationDate: string;
}

/**
 * Writes points with one statement: the rows travel as four array parameters (product positions
 * in a fifth array of the write's products, dates, forward periods, values; and the ids when the points
 * carry their own, else the database makes them: see `ids`) unpacked side by side by
 * unnest: an upsert, or a plain insert when the caller knows none of the products has a stored
 * point. One JSON parameter unpacked by json_to_recordset cost PostgreSQL more than parsing the
 * typed arrays, and JSON.stringify of every row object with its repeated keys is much more text to
 * build and send. Building a multi-row VALUES list through the query builder cost more than the
 * database's own work (README Benchmarks has the figures). Array literals are text, so the same statement works on
 * PGlite and node-postgres, and values stay text all the way to `numeric`.
 * The ids are made here (ascending version-7 ids, lib/ordered-ids.ts) rather than by the column's gen_random_uuid() default:
 * PostgreSQL's pg_strong_random without OpenSSL (PGlite's build) opens, reads and closes
 * /dev/urandom for every value, and in PGlite that is Emscripten's virtual file system: path lookup,
 * open, a read that calls out to JavaScript's crypto, close — a visible share of an import's CPU
 * profile (___syscall_openat). On a conflict the existing row keeps its id (the update does not set it).
 *
 * A stored point of equal value (numerically: 1.5 and 1.50 are one value) is left alone, whatever
 * the file it came from. The upsert counts what it did itself: a row it inserted has no xmax, a
 * row it updated has the updating transaction's. Reading the stored points of the file's span
 * beforehand to compare them in JavaScript cost a query and a map of every stored point per file.
 */
export async function upsertPricePoints(
  db: DbOrTx,
  points: NewPricePoint[],
  origin: PricePointsOrigin,
): Promise<{ inserted: number; updated: number; changed?: ChangedPoint[] }> {
  if (points.length === 0) return { inserted: 0, updated: 0, changed: [] };
  // Each row names its product by its position in the write's list of products (a file holds one):
  // a digit or two to send and to read instead of a 36-character uuid per row.
  const productIds = [...new Set(points.map((point) => point.productId))];
  const productNumber = new Map(productIds.map((id, index) => [id, index + 1]));
  const now = origin.now.toISOString();
  const ids = origin.ids ?? createOrderedIdRange();
  const ownIds = points.some((point) => point.id !== undefined);
  // Without ids of their own, the rows' ids are the range's, made by the database from each row's
  // position (unnest's ordinality, from 1): the range's prefix and its start plus the position, as
  // eight hex digits (lib/ordered-ids.ts). Sending them as an array was 39 of every row's ~60 bytes.
  const id = ownIds ? sql`r.id` : sql`(${ids.prefix} || lpad(to_hex(${ids.start}::bigint + r.n - 1), 8, '0'))::uuid`;
  const idColumn = ownIds ? sql`${arrayLiteral(points.map((point, index) => point.id ?? ids.idAt(index)))}::uuid[],` : sql``;
  const rows = sql`select ${id}, (${arrayLiteral(productIds)}::uuid[])[r.product] as product_id, r.publication_date, r.forward_period, r.value,
            ${origin.source}, ${origin.importedBy}::uuid, ${now}::timestamptz, ${now}::timestamptz
          from unnest(
            ${idColumn}
            ${`{${points.map((point) => productNumber.get(point.productId)).join(',')}}`}::int[],
            ${arrayLiteral(points.map((point) => point.publicationDate))}::date[],
            ${arrayLiteral(points.map((point) => point.forwardPeriod))}::text[],
            ${arrayLiteral(points.map((point) => point.value))}::numeric[]
          ) with ordinality as r(${ownIds ? sql`id, ` : sql``}product, publication_date, forward_period, value, n)`;
  const columns = sql`(id, product_id, publication_date, forward_period, value, source, imported_by, created_at, updated_at)`;
  if (origin.checkReferencesOnce) await checkReferencesOnce(db, origin.productsLocked ? null : productIds, origin.importedBy);
  let written: { inserted: number; updated: number; changed?: ChangedPoint[] };
  if (origin.productsHaveNoPoints) {
    await db.execute(sql`insert into ${pricePoints} ${columns} ${rows}`);
    // Every row is new: the statement inserted them all or failed.
    written = { inserted: points.length, updated: 0 };
  } else if (origin.returnChanged) {
    // The changed rows only (none for a re-import of the same values): the quality check's candidates,
    // as one JSON text (see jsonRows).
    const [result] = await queryRows<{ rows: string }>(
      db,
      sql`with written as (
            insert into ${pricePoints} ${columns} ${rows}
            on conflict (product_id, forward_period, publication_date) do update
              set value = excluded.value, source = excluded.source, imported_by = excluded.imported_by, updated_at = excluded.updated_at
              where ${pricePoints.value} <> excluded.value
            returning (xmax = 0) as inserted, id, product_id, forward_period, publication_date
          )
          select ${jsonRows(sql`inserted, id, product_id, forward_period, publication_date::text`)} as rows from written`,
    );
    const returned = JSON.parse(result!.rows) as [inserted: boolean, id: string, productId: string, forwardPeriod: string, date: string][];
    const inserted = returned.filter((row) => row[0]).length;
    written = {
      inserted,
      updated: returned.length - inserted,
      changed: returned.map(([isNew, pointId, productId, forwardPeriod, publicationDate]) => ({ id: pointId, inserted: isNew, productId, forwardPeriod, publicationDate })),
    };
  } else {
    const [counts] = await queryRows<{ inserted: number; updated: number }>(
      db,
      sql`with written as (
            insert into ${pricePoints} ${columns} ${rows}
            on conflict (product_id, forward_period, publication_date) do update
              set value = excluded.value, source = excluded.source, imported_by = excluded.imported_by, updated_at = excluded.updated_at
              where ${pricePoints.value} <> excluded.value
            returning (xmax = 0) as inserted
          )
          select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from written`,
    );
    written = { inserted: Number(counts?.inserted ?? 0), updated: Number(counts?.updated ?? 0) };
  }
  if (origin.checkReferencesOnce) await db.execute(sql`set local session_replication_role = origin`);
  return written;
}

/**
 * Checks, once, what price_points' two foreign keys check per row: that the products and the
 * importing user exist, locking them as those checks do (FOR KEY SHARE) until the transaction ends.
 * Then it turns the per-row checks off for the rest of the write (session_replication_role = replica,
 * which the write sets back, and which a transaction's end resets anyway). In PGlite those checks
 * were a quarter of a full import's upsert, each a query run from a trigger;
 * on PostgreSQL a quarter of the server's work too (an executor started per row, `perf`).
 * The only triggers on price_points are those foreign-key checks. It needs a superuser (see
 * mayCheckReferencesOnce).
 */
export async function checkReferencesOnce(tx: DbOrTx, productIds: string[] | null, importedBy: string | null): Promise<void> {
  // null: the caller holds the products locked already (PricePointsOrigin.productsLocked).
  if (productIds) {
    const found = await queryRows<{ id: string }>(
      tx,
      sql`select id from ${products} where id = any(${arrayLiteral(productIds)}::uuid[]) for key share`,
    );
    if (found.length !== productIds.length) throw new Error('A price refers to a product that does not exist');
  }
  if (importedBy) {
    const user = await queryRows(tx, sql`select id from ${users} where id = ${importedBy}::uuid for key share`);
    if (user.length === 0) throw new Error('The importing user does not exist');
  }
  await tx.execute(sql`set local session_replication_role = replica`);
}

/**
 * Whether this session may check a write's references once (checkReferencesOnce): setting
 * session_replication_role takes a superuser. PGlite's only user is one, and so is the role that
 * PostgreSQL's official image creates for compose.yaml; a role without it keeps the per-row checks.
 */
export async function mayCheckReferencesOnce(tx: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ superuser: boolean }>(tx, sql`select current_setting('is_superuser') = 'on' as superuser`);
  return row?.superuser === true;
}

/**
 * Locks the products whose points a transaction writes until it ends (FOR NO KEY UPDATE, in id
 * order so that two writes of several products cannot deadlock): on PostgreSQL every write of price
 * points takes it first (PGlite runs one transaction at a time), so writes of the same product take
 * turns and each sees what the one before it stored.
 * Foreign-key checks (FOR KEY SHARE) and readers are not held up.
 */
export async function lockProductsForWrite(tx: DbOrTx, productIds: string[]): Promise<{ allFound: boolean }> {
  const found = await queryRows(tx, sql`select id from ${products} where id = any(${arrayLiteral(productIds)}::uuid[]) order by id for no key update`);
  return { allFound: found.length === new Set(productIds).size };
}

/** Whether none of these products has a stored point. */
export async function noPointsOfProducts(db: DbOrTx, productIds: string[]): Promise<boolean> {
  const [row] = await queryRows<{ none: boolean }>(
    db,
    sql`select not exists (select 1 from ${pricePoints} where product_id = any(${arrayLiteral(productIds)}::uuid[])) as none`,
  );
  return row?.none === true;
}

/**
 * Removes generated demo values of products that now receive real ones.
 * `cascadeOnce` (inside a transaction, in a superuser session: see mayCheckReferencesOnce): the one
 * foreign key that refers to price_points, price_suspects' ON DELETE CASCADE, is carried out by one
 * statement first, and the delete then runs without the per-row triggers
 * (session_replication_role = replica, set back to origin after it). The cascade trigger ran a query
 * for each deleted row: ~3/4 of the delete's work on PGlite, 2,516 demo rows per product on a fresh
 * install (README Benchmarks). The test "price_suspects is the only table that refers to a price
 * point" holds that list. No flag can name those points in between: flags are written only by a
 * write of their product, and writes of a product take turns (lockProductsForWrite; PGlite runs one
 * transaction at a time).
 */
export async function deleteDemoPoints(db: DbOrTx, productIds: string[], options: { cascadeOnce?: boolean } = {}): Promise<number> {
  if (productIds.length === 0) return 0;
  const demoOfProducts = sql`${inArray(pricePoints.productId, productIds)} and ${pricePoints.source} = 'demo'`;
  if (options.cascadeOnce) {
    await deleteFlagsOfDemoPoints(db, productIds);
    await db.execute(sql`set local session_replication_role = replica`);
  }
  // Counted by the database: returning the ids sent every row back to be counted on a fresh install's first import.
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with deleted as (
          delete from ${pricePoints} where ${demoOfProducts} returning 1
        )
        select count(*)::int as deleted from deleted`,
  );
  if (options.cascadeOnce) await db.execute(sql`set local session_replication_role = origin`);
  return Number(row?.deleted ?? 0);
}

/** Whether any price is stored (one index probe, where count(*) read all 83k rows of a full import). */
export async function hasPricePoints(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: pricePoints.id }).from(pricePoints).limit(1);
  return rows.length > 0;
}

/** The latest date of each product's spot series from a given source (EIA API sync resumes there). */
export async function findLatestDateBySource(db: DbOrTx, source: string): Promise<string | null> {
  const [row] = await queryRows<{ latest: string | null }>(
    db,
    sql`select max(publication_date)::text as latest from ${pricePoints} where source = ${source}`,
  );
  return row?.latest ?? null;
}

export interface SeriesValueRecord {
  id: string;
  product_id: string;
  forward_period: string;
  d: string;
  value: string;
}

/** The stored values of some products between two dates, by product, forward period and date (the quality check's windows). */
export async function listSeriesValues(db: DbOrTx, productIds: string[], forwardPeriods: string[], from: string, to: string): Promise<SeriesValueRecord[]> {
  if (productIds.length === 0) return [];
  // Both leading columns of the unique index named, so the date range bounds the index scan too.
  // One JSON text (see jsonRows): a 2020-2024 file's window is ~1,300 rows.
  const [result] = await queryRows<{ rows: string }>(
    db,
    sql`select ${jsonRows(sql`id, product_id, forward_period, publication_date::text, value::text`, sql`product_id, forward_period, publication_date`)} as rows
        from ${pricePoints}
        where product_id = any(${arrayLiteral(productIds)}::uuid[]) and forward_period = any(${arrayLiteral(forwardPeriods)}::text[])
          and publication_date between ${from}::date and ${to}::date`,
  );
  const rows = JSON.parse(result!.rows) as [id: string, productId: string, forwardPeriod: string, date: string, value: string][];
  return rows.map(([id, productId, forwardPeriod, d, value]) => ({ id, product_id: productId, forward_period: forwardPeriod, d, value }));
}

/**
 * Many rows as one row of one JSON text (an array of arrays of `columns`, in `orderBy`'s order):
 * PGlite's protocol reader copies each field of each row into a buffer of its own and decodes it
 * alone (~5 us a row of five fields, a 10,226-row series ~50 ms), where one text is one decode
 * and JSON.parse (~20 ms for that series). The import's quality check reads a window of stored
 * values and the rows its upsert changed.
 */
function jsonRows(columns: SQL, orderBy?: SQL): SQL {
  return sql`coalesce(json_agg(json_build_array(${columns})${orderBy ? sql` order by ${orderBy}` : sql``}), '[]')::text`;
}

/** A stored price point with its product's code (the admin's correction of a suspect value). */
export async function findPricePoint(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pricePoints).where(eq(pricePoints.id, id));
  return row ?? null;
}

/** An admin's correction of one stored value. */
export async function updatePricePointValue(db: DbOrTx, id: string, value: string, changedBy: string | null, now: Date): Promise<void> {
  await db.update(pricePoints).set({ value, importedBy: changedBy, updatedAt: now }).where(eq(pricePoints.id, id));
}

export interface MissingDayRecord {
  product_id: string;
  d: string;
}

/**
 * Weekdays inside each active spot product's stored span that have no value (the caller drops the
 * trading holidays), and each span: one pass of generate_series with an index probe per weekday.
 */
export async function listWeekdayGaps(db: DbOrTx): Promise<{ spans: { product_id: string; first: string; last: string }[]; gaps: MissingDayRecord[] }> {
  const spans = await queryRows<{ product_id: string; first: string; last: string }>(
    db,
    sql`select p.id as product_id, r.first::text as first, r.last::text as last
        from ${products} p
        join lateral (select min(q.publication_date) as first, max(q.publication_date) as last from ${pricePoints} q
                      where q.product_id = p.id and q.forward_period = '') r on r.first is not null
        where p.active and p.kind = 'spot'`,
  );
  const gaps = await queryRows<MissingDayRecord>(
    db,
    sql`select p.id as product_id, d::date::text as d
        from ${products} p
        join lateral (select min(q.publication_date) as first, max(q.publication_date) as last from ${pricePoints} q
                      where q.product_id = p.id and q.forward_period = '') r on r.first is not null
        cross join lateral generate_series(r.first, r.last, interval '1 day') as d
        where p.active and p.kind = 'spot' and extract(isodow from d) < 6
          and not exists (select 1 from ${pricePoints} q where q.product_id = p.id and q.forward_period = '' and q.publication_date = d::date)
        order by p.id, d`,
  );
  return { spans, gaps };
}
