import { randomUUID } from 'node:crypto';
import { toIsoDate } from '@fueldesk/contracts';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createOrderedIdRange } from '../../lib/ordered-ids';
import { createSignedInUser } from '../../../test/factories';
import {
  difference,
  listDailyPriceFiles,
  readObservations,
  readSharedFile,
  type FileObservation,
} from '../../../test/market-data';
import { queryRows } from '../../db/client';
import { priceImports, pricePoints, priceSuspects, products } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { DEMO_CURVE_DAYS } from '../../integrations/market-data/demo-history';
import { seedDemoPrices } from './price-demo.service';
import { importPriceFile, importPriceFiles } from './price-import.service';
import { insertSuspects } from './price-suspects.repository';
import {
  checkReferencesOnce,
  deleteDemoPoints,
  listHistory,
  listSeriesValues,
  lockProductsForWrite,
  mayCheckReferencesOnce,
  noPointsOfProducts,
  upsertPricePoints,
} from './prices.repository';

/** Which configured product each real file belongs to. */
const PRODUCT_BY_SERIES: Record<string, string> = {
  'wti-daily': 'WTI',
  'brent-daily': 'BRENT',
  DCOILWTICO: 'WTI',
  DCOILBRENTEU: 'BRENT',
  DGASNYH: 'GASOLINE_NYH',
  DGASUSGULF: 'GASOLINE_USGC',
  DRGASLA: 'RBOB_LA',
  DDFUELNYH: 'ULSD_NYH',
  DDFUELUSGULF: 'ULSD_USGC',
  DDFUELLA: 'ULSD_LA',
  DHOILNYH: 'HEATING_OIL_NYH',
  DJFUELUSGULF: 'JET_USGC',
  DPROPANEMBTX: 'PROPANE_MB',
  DHHNGSP: 'HENRY_HUB',
};

function productOf(file: string): string {
  const base = file.split('/').pop()!.replace('.csv', '');
  const code = PRODUCT_BY_SERIES[base];
  if (!code) throw new Error(`no product for ${file}`);
  return code;
}

const t = useTestContext();

async function productId(code: string): Promise<string> {
  const [row] = await t.ctx.db.select({ id: products.id }).from(products).where(sql`${products.code} = ${code}`);
  return row!.id;
}

async function storedSeries(code: string) {
  return listHistory(t.ctx.db, [await productId(code)], '1900-01-01', '2200-01-01');
}

/** Count, sum and latest change of every stored price: equal snapshots mean nothing was written. */
async function snapshot() {
  const [row] = await queryRows<{ n: string; total: string | null; touched: string | null }>(
    t.ctx.db,
    sql`select count(*)::text as n, sum(value)::text as total, max(updated_at)::text as touched from ${pricePoints}`,
  );
  return row;
}

/** Every stored point equals the file's value, and its change equals the value minus the previous observation's. */
function expectSeriesMatches(stored: Awaited<ReturnType<typeof storedSeries>>, expected: FileObservation[]) {
  const sorted = [...expected].sort((a, b) => a.date.localeCompare(b.date));
  expect(stored.length).toBe(sorted.length);
  const mismatches: string[] = [];
  sorted.forEach((observation, index) => {
    const point = stored[index]!;
    if (point.d !== observation.date || Number(point.value) !== Number(observation.value)) {
      mismatches.push(`${observation.date}: stored ${point.d} ${point.value}, file ${observation.value}`);
      return;
    }
    const expectedDiff = index === 0 ? null : difference(observation.value, sorted[index - 1]!.value);
    const storedDiff = point.diff === null ? null : Number(point.diff);
    if (storedDiff !== expectedDiff) mismatches.push(`${observation.date}: diff ${point.diff}, expected ${expectedDiff}`);
  });
  expect(mismatches.slice(0, 5)).toEqual([]);
}

describe('importing the real EIA files one by one', () => {
  beforeEach(async () => {
    await t.ctx.db.delete(pricePoints);
  });

  it.each(listDailyPriceFiles())('%s: every observation stored once with the right change; a second import changes nothing', async (file) => {
    const text = readSharedFile(file);
    const observations = readObservations(text);
    const code = productOf(file);

    const first = await importPriceFile(t.ctx, { name: file, text });
    expect(first).toMatchObject({ refused: false, product_codes: [code], inserted: observations.length, updated: 0, unchanged: 0, rejected: 0 });
    const blanks = text.split(/\r?\n/).slice(1).filter((line) => /,\s*\.?\s*$/.test(line)).length;
    expect(first.skipped_blank).toBe(blanks);

    expectSeriesMatches(await storedSeries(code), observations);

    const before = await snapshot();
    const second = await importPriceFile(t.ctx, { name: file, text });
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: observations.length, rejected: 0 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('rows read back as one JSON text', () => {
  it('keep every field as stored, forward periods needing escaping included, in the series order; none is an empty list', async () => {
    await t.ctx.db.delete(pricePoints);
    const wti = await productId('WTI');
    const brent = await productId('BRENT');
    const periods = ['', 'C"1\\x', 'Ç2 \u2028 ,;{}[]', "C'3\n"];
    const points = periods.flatMap((forwardPeriod, index) => [
      { productId: index % 2 ? brent : wti, publicationDate: '2024-01-03', forwardPeriod, value: '70.50' },
      { productId: index % 2 ? brent : wti, publicationDate: '2024-01-02', forwardPeriod, value: `-${index}.125` },
    ]);
    const origin = { source: 'csv', importedBy: null, now: new Date(), returnChanged: true };
    expect(await upsertPricePoints(t.ctx.db, [], origin)).toEqual({ inserted: 0, updated: 0, changed: [] });
    const first = await upsertPricePoints(t.ctx.db, points, origin);
    expect(first.inserted).toBe(points.length);
    expect(first.changed!.map(({ productId: product, forwardPeriod, publicationDate, inserted }) => ({ product, forwardPeriod, publicationDate, inserted })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      points.map((point) => ({ product: point.productId, forwardPeriod: point.forwardPeriod, publicationDate: point.publicationDate, inserted: true })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    const stored = await queryRows<{ id: string; product_id: string; forward_period: string; d: string; value: string }>(
      t.ctx.db,
      sql`select id, product_id, forward_period, publication_date::text as d, value::text as value from ${pricePoints} order by product_id, forward_period, publication_date`,
    );
    expect(new Set(first.changed!.map((point) => point.id))).toEqual(new Set(stored.map((row) => row.id)));
    // The same rows, in the same order, as the row-by-row select.
    expect(await listSeriesValues(t.ctx.db, [wti, brent], periods, '2024-01-01', '2024-01-31')).toEqual(stored);
    expect(await listSeriesValues(t.ctx.db, [wti], periods, '2030-01-01', '2030-01-31')).toEqual([]);
    // A re-import changes one value: only it comes back, as updated.
    const again = await upsertPricePoints(t.ctx.db, points.map((point, index) => (index === 3 ? { ...point, value: '99' } : point)), origin);
    expect(again).toMatchObject({ inserted: 0, updated: 1 });
    expect(again.changed).toEqual([{ id: expect.any(String), inserted: false, productId: points[3]!.productId, forwardPeriod: periods[1], publicationDate: '2024-01-02' }]);
  });
});

describe('checking the references of a write once', () => {
  it('fails on a missing product or user and writes nothing; the per-row checks are back after the write', async () => {
    await t.ctx.db.delete(pricePoints);
    const wti = await productId('WTI');
    const missing = '00000000-0000-4000-8000-000000000000';
    const point = { productId: wti, publicationDate: '2024-01-02', forwardPeriod: '', value: '70.5' };
    const origin = { source: 'csv', importedBy: null, now: new Date(), checkReferencesOnce: true };

    const noProduct = await t.ctx.db
      .transaction((tx) => upsertPricePoints(tx, [point, { ...point, productId: missing }], origin))
      .catch((error: Error) => error.message);
    expect(noProduct).toBe('A price refers to a product that does not exist');
    const noUser = await t.ctx.db
      .transaction((tx) => upsertPricePoints(tx, [point], { ...origin, importedBy: missing }))
      .catch((error: Error) => error.message);
    expect(noUser).toBe('The importing user does not exist');
    expect(Number((await snapshot())!.n)).toBe(0);

    await t.ctx.db.transaction(async (tx) => {
      await checkReferencesOnce(tx, [wti], null);
      expect(await queryRows(tx, sql`select current_setting('session_replication_role') as role`)).toEqual([{ role: 'replica' }]);
    });
    expect(await queryRows(t.ctx.db, sql`select current_setting('session_replication_role') as role`)).toEqual([{ role: 'origin' }]);
    const inside = await t.ctx.db.transaction(async (tx) => {
      const written = await upsertPricePoints(tx, [point], origin);
      return { written, role: await queryRows(tx, sql`select current_setting('session_replication_role') as role`) };
    });
    expect(inside).toEqual({ written: { inserted: 1, updated: 0 }, role: [{ role: 'origin' }] });
    expect(await queryRows(t.ctx.db, sql`select current_setting('session_replication_role') as role`)).toEqual([{ role: 'origin' }]);
    const unchecked = await upsertPricePoints(t.ctx.db, [{ ...point, productId: missing }], { ...origin, checkReferencesOnce: false }).catch(
      (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
    );
    expect(unchecked).toBe('23503');
  });
});

describe('removing the demo values of products', () => {
  async function demoPointOf(code: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from ${pricePoints} where product_id = ${await productId(code)}::uuid and source = 'demo' order by publication_date limit 1`,
    );
    return row!.id;
  }

  it('with the cascade done once, removes their suspect flags as the foreign key does, and the per-row triggers are back after it', async () => {
    await t.ctx.db.delete(pricePoints);
    await seedDemoPrices(t.ctx);
    const [wti, brent] = [await productId('WTI'), await productId('BRENT')];
    const [wtiDemo] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${pricePoints} where product_id = ${wti}::uuid and source = 'demo'`);
    const flagged = [await demoPointOf('WTI'), await demoPointOf('BRENT')];
    const suspect = { value: '1', previousDate: '2020-01-01', previousValue: '2', medianChange: '0.1' };
    await insertSuspects(t.ctx.db, flagged.map((pricePointId) => ({ ...suspect, pricePointId })), { importId: null, file: 'x.csv', source: 'csv', actor: 'cli', at: new Date() });

    const inside = await t.ctx.db.transaction(async (tx) => ({
      deleted: await deleteDemoPoints(tx, [wti], { cascadeOnce: true }),
      role: await queryRows(tx, sql`select current_setting('session_replication_role') as role`),
    }));
    expect(inside).toEqual({ deleted: wtiDemo!.n, role: [{ role: 'origin' }] });
    // The WTI flag went with its point, as ON DELETE CASCADE would have done; Brent's stays.
    const left = await queryRows<{ price_point_id: string }>(t.ctx.db, sql`select price_point_id from ${priceSuspects}`);
    expect(left).toEqual([{ price_point_id: flagged[1] }]);
    expect(await deleteDemoPoints(t.ctx.db, [brent])).toBeGreaterThan(0);
    expect(await queryRows(t.ctx.db, sql`select price_point_id from ${priceSuspects}`)).toEqual([]);
  });

  it('price_suspects is the only table that refers to a price point (the cascade done once covers every foreign key)', async () => {
    const referring = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select conname as name from pg_constraint where contype = 'f' and confrelid = 'price_points'::regclass order by 1`,
    );
    expect(referring).toEqual([{ name: 'price_suspects_price_point_id_price_points_id_fk' }]);
  });
});

describe('a first import of its products', () => {
  it('is one plain insert, only when none of the products has a stored point; a re-import upserts', async () => {
    await t.ctx.db.delete(pricePoints);
    const wti = await productId('WTI');
    const point = { productId: wti, publicationDate: '2024-01-02', forwardPeriod: '', value: '70.5' };
    const origin = { source: 'csv', importedBy: null, now: new Date() };
    expect(await noPointsOfProducts(t.ctx.db, [wti])).toBe(true);
    expect(await upsertPricePoints(t.ctx.db, [point], { ...origin, productsHaveNoPoints: true })).toEqual({ inserted: 1, updated: 0 });
    expect(await noPointsOfProducts(t.ctx.db, [wti, await productId('BRENT')])).toBe(false);
    // No conflict check: a stored key fails the plain insert (23505), where the upsert leaves it alone.
    const plain = await upsertPricePoints(t.ctx.db, [point], { ...origin, productsHaveNoPoints: true }).catch(
      (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
    );
    expect(plain).toBe('23505');
    expect(await upsertPricePoints(t.ctx.db, [point], origin)).toEqual({ inserted: 0, updated: 0 });

    const file = ['Date,Price', '2024-01-02,70.5', '2024-01-03,71.25'].join('\n');
    expect(await importPriceFile(t.ctx, { name: 'RWTC.csv', text: file })).toMatchObject({ inserted: 1, updated: 0, unchanged: 1 });
    await t.ctx.db.delete(pricePoints);
    expect(await importPriceFile(t.ctx, { name: 'RWTC.csv', text: file })).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
  });
});

describe('the ids of a write', () => {
  it('are made by the database from the write\'s id range, row i taking idAt(i), on an insert and on an upsert; points with ids keep theirs', async () => {
    await t.ctx.db.delete(pricePoints);
    const wti = await productId('WTI');
    const brent = await productId('BRENT');
    const origin = { source: 'csv', importedBy: null, now: new Date() };
    // Two products and unsorted dates: the position in the write names the id, not the product or the date.
    const points = [
      { productId: wti, publicationDate: '2024-01-03', forwardPeriod: '', value: '71.25' },
      { productId: brent, publicationDate: '2024-01-02', forwardPeriod: '', value: '75' },
      { productId: wti, publicationDate: '2024-01-02', forwardPeriod: '', value: '70.5' },
    ];
    const ids = createOrderedIdRange();
    expect(await upsertPricePoints(t.ctx.db, points, { ...origin, productsHaveNoPoints: true, ids })).toEqual({ inserted: 3, updated: 0 });
    const stored = async () =>
      (await t.ctx.db.select({ id: pricePoints.id, productId: pricePoints.productId, date: pricePoints.publicationDate }).from(pricePoints)).sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
    expect(await stored()).toEqual(points.map((point, index) => ({ id: ids.idAt(index), productId: point.productId, date: point.publicationDate })));

    // The upsert: a new row takes its position's id, a changed row keeps its own, and the changed rows come back with theirs.
    const next = createOrderedIdRange();
    const written = await upsertPricePoints(
      t.ctx.db,
      [
        { productId: wti, publicationDate: '2024-01-03', forwardPeriod: '', value: '72' },
        { productId: wti, publicationDate: '2024-01-04', forwardPeriod: '', value: '73' },
      ],
      { ...origin, returnChanged: true, ids: next },
    );
    expect(written.changed?.map(({ id, inserted }) => ({ id, inserted })).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      [
        { id: ids.idAt(0), inserted: false },
        { id: next.idAt(1), inserted: true },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );

    // Points that carry an id are stored with it (and those beside them without one take their position's).
    const own = randomUUID();
    const mixed = createOrderedIdRange();
    await upsertPricePoints(
      t.ctx.db,
      [
        { productId: brent, publicationDate: '2024-01-05', forwardPeriod: '', value: '76', id: own },
        { productId: brent, publicationDate: '2024-01-08', forwardPeriod: '', value: '77' },
      ],
      { ...origin, ids: mixed },
    );
    const ofBrent = (await stored()).filter((row) => row.productId === brent && row.date >= '2024-01-05');
    expect(ofBrent.map((row) => row.id).sort()).toEqual([own, mixed.idAt(1)].sort());
  });
});

describe('writes of the same products', () => {
  it('take turns: a second write waits for the first to commit, then sees its points (two imports of one file at once)', async () => {
    await t.ctx.db.delete(pricePoints);
    const wti = await productId('WTI');
    const point = { productId: wti, publicationDate: '2024-01-02', forwardPeriod: '', value: '70.5' };
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const first = t.ctx.db.transaction(async (tx) => {
      await lockProductsForWrite(tx, [wti]);
      signalLocked();
      await upsertPricePoints(tx, [point], { source: 'csv', importedBy: null, now: new Date(), productsHaveNoPoints: true });
      await held;
      events.push('first commits');
    });
    await locked;
    const second = t.ctx.db.transaction(async (tx) => {
      await lockProductsForWrite(tx, [wti]);
      events.push('second locked');
      return noPointsOfProducts(tx, [wti]);
    });
    // Time for the second write to take the lock, were it not held.
    await new Promise((resolve) => setTimeout(resolve, 150));
    events.push('released');
    release();
    await first;
    expect(await second).toBe(false);
    expect(events).toEqual(['released', 'first commits', 'second locked']);

    await t.ctx.db.delete(pricePoints);
    const text = ['Date,Price', ...Array.from({ length: 3000 }, (_, day) => `${toIsoDate(new Date(Date.UTC(2000, 0, 1 + day)))},${50 + (day % 40)}.25`)].join('\n');
    const reports = await Promise.all([importPriceFile(t.ctx, { name: 'RWTC.csv', text }), importPriceFile(t.ctx, { name: 'RWTC.csv', text })]);
    expect(reports.map((report) => [report.inserted, report.unchanged]).sort()).toEqual([
      [0, 3000],
      [3000, 0],
    ]);
  });
});

describe('who checks the references once', () => {
  it('a superuser (the tests connect as one); a role without it, which may not turn the per-row checks off, keeps them', async () => {
    expect(await t.ctx.db.transaction((tx) => mayCheckReferencesOnce(tx))).toBe(true);
    // CREATE ROLE is undone with the transaction: the role never outlives the test.
    const role = `fd_plain_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const seen: { may?: boolean; replicaRole?: string } = {};
    const ended = await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`create role ${role}`));
        await tx.execute(sql.raw(`set local role ${role}`));
        seen.may = await mayCheckReferencesOnce(tx);
        seen.replicaRole = await tx
          .transaction((inner) => inner.execute(sql`set local session_replication_role = replica`))
          .then(
            () => 'set',
            (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
          );
        tx.rollback();
      })
      .then(
        () => 'committed',
        (error: unknown) => (error instanceof TransactionRollbackError ? 'rolled back' : error),
      );
    expect(ended).toBe('rolled back');
    // 42501: permission denied to set the parameter.
    expect(seen).toEqual({ may: false, replicaRole: '42501' });
    expect(await queryRows(t.ctx.db, sql`select count(*)::int as n from pg_roles where rolname = ${role}`)).toEqual([{ n: 0 }]);
  });
});

describe('importing several files in one command', () => {
  /** Every stored price without its ids and times, and the import history in the order it was written. */
  async function storedState() {
    const points = await queryRows(
      t.ctx.db,
      sql`select p.code, q.forward_period, q.publication_date::text as date, q.value::text as value, q.source
          from ${pricePoints} q join ${products} p on p.id = q.product_id
          order by p.code, q.forward_period, q.publication_date`,
    );
    const history = await t.ctx.db
      .select({ source: priceImports.source, inserted: priceImports.inserted, updated: priceImports.updated, unchanged: priceImports.unchanged, refused: priceImports.refused })
      .from(priceImports)
      .orderBy(priceImports.createdAt);
    return { points, history };
  }

  /** A clock that moves a millisecond at every reading, so the history's order is the order it was written in. */
  async function withTickingClock<T>(run: () => Promise<T>): Promise<T> {
    const context = t.ctx as { now: () => Date };
    const original = context.now;
    let tick = Date.parse('2026-01-05T00:00:00Z');
    context.now = () => new Date((tick += 1));
    try {
      return await run();
    } finally {
      context.now = original;
    }
  }

  async function emptyDatabase() {
    await t.ctx.db.delete(pricePoints);
    await t.ctx.db.delete(priceImports);
  }

  it('reports, stores and records exactly what importing the files one by one does, files that share a product included', async () => {
    const daily = listDailyPriceFiles();
    // WTI three times (one file revising a value), a refused weekly file in the middle, and a file repeated.
    const wti = readSharedFile('eia-brent-wti/wti-daily.csv').split('\r\n');
    const revisedLine = wti.findIndex((line) => line.startsWith('2020-06-01,'));
    expect(revisedLine).toBeGreaterThan(0);
    wti[revisedLine] = '2020-06-01,12345.5';
    // A small file on the newest WTI days right after the file that writes them: it must wait for it.
    const wtiRows = wti.filter((line) => /^\d{4}-/.test(line));
    const [lastDay, lastValue] = wtiRows.at(-1)!.split(',');
    const [dayBefore] = wtiRows.at(-2)!.split(',');
    const follower = { name: 'wti-latest.csv', text: `product_code,date,value\nWTI,${lastDay},${lastValue}\nWTI,${dayBefore},99999\n` };
    const files = [
      { name: 'eia-brent-wti/wti-daily.csv', text: readSharedFile('eia-brent-wti/wti-daily.csv') },
      follower,
      ...daily.map((name) => ({ name, text: readSharedFile(name) })),
      { name: 'eia-brent-wti/brent-weekly.csv', text: readSharedFile('eia-brent-wti/brent-weekly.csv') },
      { name: 'revised/wti-daily.csv', text: wti.join('\r\n') },
      { name: daily[0]!, text: readSharedFile(daily[0]!) },
    ];

    await emptyDatabase();
    const oneByOne = await withTickingClock(async () => {
      const reports = [];
      for (const file of files) reports.push(await importPriceFile(t.ctx, { name: file.name, text: file.text, actor: { kind: 'cli' } }));
      return reports;
    });
    const expected = await storedState();
    expect(oneByOne.filter((report) => report.refused)).toHaveLength(1);
    expect(oneByOne.at(-2)).toMatchObject({ updated: 1, product_codes: ['WTI'] });
    expect(oneByOne[1]).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });

    await emptyDatabase();
    const done: string[] = [];
    const together = await withTickingClock(() =>
      importPriceFiles(
        t.ctx,
        files.map((file) => ({ name: file.name, read: async () => file.text })),
        { actor: { kind: 'cli' }, onFileDone: (report) => done.push(report.file) },
      ),
    );
    expect(together).toEqual({ reports: oneByOne, failure: null });
    expect(done).toEqual(files.map((file) => file.name));
    expect(await storedState()).toEqual(expected);
  }, 180_000);

  it('on a demo install replaces the demo history of each product once (a later file of the product skips the demo deletes), as one by one does', async () => {
    const daily = listDailyPriceFiles();
    const recent = daily.find((name) => name.endsWith('2020-2024/DCOILWTICO.csv'))!;
    // WTI's first file replaces its demo history; its second and a repeat (all unchanged) come after a write of WTI in the run.
    const names = ['eia-brent-wti/wti-daily.csv', recent, 'eia-brent-wti/brent-daily.csv', 'eia-brent-wti/wti-daily.csv'];
    const files = names.map((name) => ({ name, text: readSharedFile(name) }));
    const demoLeft = async () =>
      queryRows<{ code: string; n: number }>(
        t.ctx.db,
        sql`select p.code, count(*)::int as n from ${pricePoints} q join ${products} p on p.id = q.product_id where q.source = 'demo' group by p.code order by p.code`,
      );

    await emptyDatabase();
    await seedDemoPrices(t.ctx);
    const demoBefore = await demoLeft();
    const oneByOne = await withTickingClock(async () => {
      const reports = [];
      for (const file of files) reports.push(await importPriceFile(t.ctx, { name: file.name, text: file.text, actor: { kind: 'cli' } }));
      return reports;
    });
    const expected = await storedState();
    const demoAfter = await demoLeft();
    expect(oneByOne.map((report) => report.demo_removed > 0)).toEqual([true, false, true, false]);
    expect(oneByOne[3]).toMatchObject({ inserted: 0, updated: 0, unchanged: oneByOne[0]!.inserted });
    expect(demoAfter).toEqual(demoBefore.filter((row) => row.code !== 'WTI' && row.code !== 'BRENT'));

    await emptyDatabase();
    await seedDemoPrices(t.ctx);
    const together = await withTickingClock(() => importPriceFiles(t.ctx, files.map((file) => ({ name: file.name, read: async () => file.text })), { actor: { kind: 'cli' } }));
    expect(together).toEqual({ reports: oneByOne, failure: null });
    expect(await storedState()).toEqual(expected);
    expect(await demoLeft()).toEqual(demoAfter);
  }, 120_000);

  it('starts no file after one that fails, and stores, records and reports every file before it, even one waiting on another', async () => {
    await emptyDatabase();
    const daily = listDailyPriceFiles();
    const wtiDaily = 'eia-brent-wti/wti-daily.csv';
    const other = daily.find((name) => productOf(name) !== 'WTI')!;
    const names = [wtiDaily, 'wti-latest.csv', 'unreadable.csv', other];
    const result = await importPriceFiles(t.ctx, [
      { name: wtiDaily, read: async () => readSharedFile(wtiDaily) },
      // Waits for wti-daily's transaction (same product) while the next, unreadable file is read.
      { name: 'wti-latest.csv', read: async () => 'product_code,date,value\nWTI,2030-01-02,80.5\n' },
      { name: 'unreadable.csv', read: () => Promise.reject(new Error('EACCES: permission denied')) },
      { name: other, read: async () => readSharedFile(other) },
    ]);
    expect(result.failure).toEqual({ file: 'unreadable.csv', error: new Error('EACCES: permission denied') });
    expect(result.reports.map((report) => report.file)).toEqual(names.slice(0, 2));
    expect(result.reports[1]).toMatchObject({ inserted: 1, refused: false });
    const { points, history } = await storedState();
    expect(history.map((entry) => entry.source)).toEqual(names.slice(0, 2).map((name) => name.split('/').pop()));
    expect(new Set(points.map((point) => (point as { code: string }).code))).toEqual(new Set(['WTI']));
  }, 60_000);

  it('records and reports each file as it is done, before reading files far behind it', async () => {
    await emptyDatabase();
    const daily = listDailyPriceFiles().slice(0, 4);
    const done: string[] = [];
    let firstDone: () => void = () => {};
    const firstRecorded = new Promise<void>((resolve) => (firstDone = resolve));
    const result = await importPriceFiles(
      t.ctx,
      daily.map((name, index) => ({
        name,
        // The fourth file is read only once the first one is in the history (at most two write at once).
        read: async () => {
          if (index === 3) {
            const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the first file was not recorded in time')), 20_000));
            await Promise.race([firstRecorded, late]);
            expect(await storedState().then((state) => state.history.length)).toBeGreaterThanOrEqual(1);
          }
          return readSharedFile(name);
        },
      })),
      {
        onFileDone: (report) => {
          done.push(report.file);
          firstDone();
        },
      },
    );
    expect(result.failure).toBeNull();
    expect(done).toEqual(daily);
  }, 60_000);
});

describe('importing every file, newest first', () => {
  it('keeps one row per product and date, and every change against the previous observation, whatever the order', async () => {
    await t.ctx.db.delete(pricePoints);
    const files = listDailyPriceFiles().reverse();
    const expected = new Map<string, Map<string, FileObservation>>();
    for (const file of files) {
      const text = readSharedFile(file);
      const report = await importPriceFile(t.ctx, { name: file, text });
      expect(report.refused, file).toBe(false);
      const byDate = expected.get(productOf(file)) ?? new Map<string, FileObservation>();
      for (const observation of readObservations(text)) byDate.set(observation.date, observation);
      expected.set(productOf(file), byDate);
    }
    for (const [code, byDate] of expected) {
      expectSeriesMatches(await storedSeries(code), [...byDate.values()]);
    }
    const total = [...expected.values()].reduce((sum, byDate) => sum + byDate.size, 0);
    expect(Number((await snapshot())!.n)).toBe(total);

    const before = await snapshot();
    for (const file of files) {
      const report = await importPriceFile(t.ctx, { name: file, text: readSharedFile(file) });
      expect(report.inserted + report.updated, file).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  }, 180_000);

  it('serves the right change across the gap between two files through the API', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const response = await t.app.inject({ url: '/api/prices/history?codes=GASOLINE_NYH&from=2020-01-02&to=2020-01-03', headers });
    expect(response.statusCode).toBe(200);
    const early = readObservations(readSharedFile('eia-product-spot-1986-2019/DGASNYH.csv'));
    const late = readObservations(readSharedFile('eia-product-spot-2020-2024/DGASNYH.csv'));
    const [first] = response.json().series[0].points;
    expect(first).toEqual({ date: '2020-01-02', value: String(Number(late[0]!.value)), diff_base_value: expect.any(String) });
    expect(Number(first.diff_base_value)).toBe(difference(late[0]!.value, early.at(-1)!.value));
  });
});

describe('malformed input', () => {
  beforeAll(async () => {
    await t.ctx.db.delete(pricePoints);
    await importPriceFile(t.ctx, { name: 'eia-product-spot-2020-2024/DGASNYH.csv', text: readSharedFile('eia-product-spot-2020-2024/DGASNYH.csv') });
  });

  it('refuses the real files that are not configured daily series and leaves the database as it was', async () => {
    const before = await snapshot();
    const cases = [
      { file: 'eia-brent-wti/brent-weekly.csv', reason: /weekly averages/ },
      { file: 'eia-brent-wti/wti-monthly.csv', reason: /monthly averages/ },
    ];
    for (const { file, reason } of cases) {
      const report = await importPriceFile(t.ctx, { name: file, text: readSharedFile(file) });
      expect(report, file).toMatchObject({ refused: true, inserted: 0, updated: 0, unchanged: 0 });
      expect(report.refusal_reason).toMatch(/^Line 1: /);
      expect(report.refusal_reason).toMatch(reason);
    }
    const disguised = await importPriceFile(t.ctx, { name: 'RBRTE.csv', text: readSharedFile('eia-brent-wti/brent-weekly.csv') });
    expect(disguised.refusal_reason).toMatch(/7 days apart/);
    const garbage = await importPriceFile(t.ctx, { name: 'prices.csv', text: 'ticker;close\nWTI;70\n' });
    expect(garbage.refusal_reason).toMatch(/^Line 1: Unrecognised header/);
    expect(await snapshot()).toEqual(before);
  });

  it('skips malformed rows of a real file, naming their lines, and stores the rest', async () => {
    const lines = readSharedFile('eia-brent-wti/wti-daily.csv').split('\r\n');
    lines[99] = '2001-02-30,27.1';
    lines[199] = `${lines[199]!.split(',')[0]},twenty`;
    lines[299] = lines[298]!;
    const text = lines.join('\r\n');
    const report = await importPriceFile(t.ctx, { name: 'wti-daily.csv', text });
    expect(report.rejected_lines).toEqual([
      { line: 100, reason: '"2001-02-30" is not a date (YYYY-MM-DD)' },
      { line: 200, reason: '"twenty" is not a number' },
      { line: 300, reason: `Repeats the date ${lines[298]!.split(',')[0]} of line 299` },
    ]);
    expect(report.inserted).toBe(readObservations(text).length - 3);
  });

  it('refuses the whole file in strict mode and writes nothing', async () => {
    const lines = readSharedFile('eia-brent-wti/brent-daily.csv').split('\r\n');
    lines[5000] = `${lines[5000]!.split(',')[0]},N/A`;
    const before = await snapshot();
    const report = await importPriceFile(t.ctx, { name: 'brent-daily.csv', text: lines.join('\r\n'), strict: true });
    expect(report).toMatchObject({ refused: true, inserted: 0, rejected: 1, rejected_lines: [{ line: 5001, reason: '"N/A" is not a number' }] });
    expect(report.refusal_reason).toMatch(/first on line 5001/);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the whole file back when the database fails half-way', async () => {
    const before = await snapshot();
    const wti = await productId('WTI');
    const failing = await t.ctx.db
      .transaction(async (tx) => {
        await tx.insert(pricePoints).values({ productId: wti, publicationDate: '1900-01-01', value: '1', source: 'csv' });
        throw new Error('disk full');
      })
      .catch((error: Error) => error.message);
    expect(failing).toBe('disk full');
    expect(await snapshot()).toEqual(before);
  });
});

describe('counting what an import changed', () => {
  it('counts a new value as updated, an equal one as unchanged even when written with other decimals, and stores the new value', async () => {
    await t.ctx.db.delete(pricePoints);
    const first = await importPriceFile(t.ctx, { name: 'generic.csv', text: 'product_code,date,value\nWTI,2024-01-02,70.38\nWTI,2024-01-03,71.5\nBRENT,2024-01-02,75.89\n' });
    expect(first).toMatchObject({ inserted: 3, updated: 0, unchanged: 0 });
    const second = await importPriceFile(t.ctx, {
      name: 'generic.csv',
      text: 'product_code,date,value\nWTI,2024-01-02,70.38\nWTI,2024-01-03,71.50\nBRENT,2024-01-02,76.01\nBRENT,2024-01-03,76.20\n',
    });
    expect(second).toMatchObject({ inserted: 1, updated: 1, unchanged: 2 });
    const stored = await queryRows<{ code: string; date: string; value: string }>(
      t.ctx.db,
      sql`select p.code, pp.publication_date::text as date, pp.value::text as value from ${pricePoints} pp join ${products} p on p.id = pp.product_id order by 1, 2`,
    );
    expect(stored).toEqual([
      { code: 'BRENT', date: '2024-01-02', value: '76.01' },
      { code: 'BRENT', date: '2024-01-03', value: '76.2' },
      { code: 'WTI', date: '2024-01-02', value: '70.38' },
      { code: 'WTI', date: '2024-01-03', value: '71.5' },
    ]);
  });
});

describe('events and demo data', () => {
  it('publishes prices_updated to everyone when an import adds prices, and not when it changes nothing', async () => {
    await t.ctx.db.delete(pricePoints);
    const events: AppEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe((event) => events.push(event));
    const text = 'product_code,date,value\nWTI,2024-01-02,70.38\nBRENT,2024-01-02,75.89\n';
    await importPriceFile(t.ctx, { name: 'generic.csv', text });
    await importPriceFile(t.ctx, { name: 'generic.csv', text });
    unsubscribe();
    expect(events).toEqual([
      { userId: null, type: 'prices_updated', data: { product_codes: ['BRENT', 'WTI'], inserted: 2, updated: 0, source: 'generic-csv' } },
    ]);
  });

  it('generates the demo history only when no price exists, and real imports replace it per product', async () => {
    expect(await seedDemoPrices(t.ctx)).toEqual({ inserted: 0 });
    await t.ctx.db.delete(pricePoints);
    const { inserted } = await seedDemoPrices(t.ctx);
    // Twelve spot series of business days, and each futures product's demo curve (four contracts a day).
    const curvePoints = 5 * 4 * DEMO_CURVE_DAYS;
    expect(inserted - curvePoints).toBeGreaterThan(12 * 750);
    const [demo] = await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::text as n from ${pricePoints} where source = 'demo'`);
    expect(Number(demo!.n)).toBe(inserted);
    expect(await seedDemoPrices(t.ctx)).toEqual({ inserted: 0 });

    const report = await importPriceFile(t.ctx, { name: 'wti-daily.csv', text: readSharedFile('eia-brent-wti/wti-daily.csv') });
    expect(report.demo_removed).toBe((inserted - curvePoints) / 12);
    const sources = await queryRows<{ code: string; sources: string }>(
      t.ctx.db,
      sql`select p.code, string_agg(distinct pp.source, ',') as sources from ${pricePoints} pp join ${products} p on p.id = pp.product_id group by p.code`,
    );
    expect(sources.find((row) => row.code === 'WTI')!.sources).toBe('eia');
    expect(sources.find((row) => row.code === 'BRENT')!.sources).toBe('demo');
  });
});
