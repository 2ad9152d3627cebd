import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { sharedDataDir } from '../../../test/market-data';
import { exited, killAll, serverEnv, startServer } from '../../../test/processes';
import { loadConfig } from '../../config';
import { watchlistItems } from '../../db/schema';
import { createRuntime, type Runtime } from '../../runtime';
import { NOTIFICATION_MAIL_JOB } from '../notifications/notifications.service';
import { parseSanctionsFiles, type SanctionsEntity } from '../screening/engine';
import { storeParsedLists } from '../screening/screening-import.service';
import { screenItemsNow, WATCHLIST_BATCH, WATCHLIST_RESCREEN_JOB } from './watchlist.service';

const sdn = (year: string) => parseSanctionsFiles([{ name: 'sdn.csv', content: readFileSync(path.join(sharedDataDir, `ofac-sdn-${year}`, 'sdn.csv')) }])[0]!;

/**
 * The watchlist re-screen of the real SDN 2021 → 2024 update, run by two real worker processes
 * (`src/main.ts`, PROCESS_ROLE=worker) on one PostgreSQL database, one of them killed with SIGKILL in
 * the middle of the run: inside the transaction of its second batch (of two), after the first batch
 * was committed. Each worker keeps every batch's transaction open for HOLD_MS after writing it
 * (WATCHLIST_TEST_BATCH_HOLD_MS, honoured under NODE_ENV=test only), so the kill lands there by
 * construction, not by luck: once the first batch's claims are visible, the test waits until a
 * worker's connection sits idle in a transaction that has written history rows (`watchlist_events`,
 * through pg_stat_activity and pg_locks; each worker names its connections with application_name) and
 * kills that worker. The job stays active until its lease
 * (WATCHLIST_RESCREEN_EXPIRE_SECONDS) runs out, the surviving worker's maintenance hands it out again
 * (JOB_MAINTENANCE_INTERVAL_SECONDS, WATCHLIST_RESCREEN_RETRY_SECONDS), and the retried run redoes the
 * rolled-back batch only. Every change then has exactly one history entry, one notification and one
 * mail job; the changes the lists imply (a designated name's new entry, a removed entry that matched)
 * are all there. (Claiming a batch's items in a transaction of their own, committed before the
 * batch's writes, fails it: the killed batch's changes are lost.)
 */
const HOLD_MS = 2_000;
/** Longer than a run takes here (two batches, each held HOLD_MS), so only the killed run's lease runs out. */
const LEASE_SECONDS = 20;
/** Two batches: the first committed by the worker that is killed in the second. */
const ITEMS = 2 * WATCHLIST_BATCH;

describe('watchlist re-screen across a kill -9 of its worker (two worker processes, PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-watch-kill-'));
  const children = new Map<string, ChildProcess>();
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let setup: Runtime;
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(undefined, 'fd_test', { migrated: true });
    env = serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      WATCHLIST_RESCREEN_EXPIRE_SECONDS: String(LEASE_SECONDS),
      WATCHLIST_RESCREEN_RETRY_SECONDS: '1',
      WATCHLIST_TEST_BATCH_HOLD_MS: String(HOLD_MS),
    });
    // The test's own process stores the lists and the items, as an API process or the CLI would; it runs no job.
    setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    await setup.ctx.jobs.startQueue();
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await killAll([...children.values()]);
    await sql?.end();
    await setup?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A worker whose database connections carry its name, so the test can tell whose transaction is open. */
  function startWorker(name: string) {
    const url = new URL(scratch.url);
    url.searchParams.set('application_name', name);
    children.set(name, startServer({ ...env, DATABASE_URL: url.toString(), PROCESS_ROLE: 'worker', PORT: '0' }));
  }
  const rescreenJob = async (versionId: number) =>
    (await sql.query<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = $1 and (data->>'versionId')::int = $2`, [WATCHLIST_RESCREEN_JOB, versionId]))
      .rows;
  const runsOf = async (versionId: number) => Number((await sql.query(`select count(*) from watchlist_runs where version_id = $1`, [versionId])).rows[0].count);
  const latestVersionId = async () => Number((await sql.query(`select max(id) as id from sanctions_list_versions`)).rows[0].id);

  it('notifies every change exactly once when a worker is killed inside a batch and the job is retried', async () => {
    startWorker('watch-worker-a');
    startWorker('watch-worker-b');
    const older = sdn('2021');
    // The 2021 list, stored the product's way: its own re-screen job (no items yet) runs on a worker.
    await storeParsedLists(setup.ctx, [older], { origin: 'test' });
    const olderVersion = await latestVersionId();
    const newer = sdn('2024');
    const olderIds = new Set(older.entities.map((entity) => entity.id));
    const newerIds = new Set(newer.entities.map((entity) => entity.id));
    await vi.waitFor(async () => expect(await rescreenJob(olderVersion)).toEqual([expect.objectContaining({ state: 'completed' })]), { timeout: 90_000, interval: 250 });

    // Watched names: entries the 2024 version designates, entries it removes, names on no list; two users.
    const seen = new Set<string>();
    const distinct = (entities: SanctionsEntity[], count: number) =>
      entities
        .filter((entity) => entity.name.length >= 10 && !seen.has(entity.name.toLowerCase()) && seen.add(entity.name.toLowerCase()))
        .slice(0, count);
    const designated = distinct(newer.entities.filter((entity) => !olderIds.has(entity.id)), 400);
    const removed = distinct(older.entities.filter((entity) => !newerIds.has(entity.id)), 200);
    const unrelated = Array.from({ length: ITEMS - designated.length - removed.length }, (_, i) => `Quorvelline Brambleworth Orchard ${i}`);
    const names = [...designated.map((entity) => entity.name), ...removed.map((entity) => entity.name), ...unrelated];
    expect(names).toHaveLength(ITEMS);
    const [first, second] = [await createUser(setup.ctx), await createUser(setup.ctx)];
    const rows = await setup.ctx.db
      .insert(watchlistItems)
      .values(names.map((name, i) => ({ userId: (i % 2 === 0 ? first : second).id, name })))
      .returning();
    await screenItemsNow(setup.ctx, rows);
    const itemOf = new Map(rows.map((row) => [row.name, row.id]));
    const { rows: initialMatches } = await sql.query<{ item_id: string; entity_id: string }>(`select item_id, entity_id from watchlist_matches`);

    // Both workers are up (each has its connections open) before the new version is stored.
    await vi.waitFor(
      async () => {
        const { rows: names } = await sql.query(`select distinct application_name from pg_stat_activity where application_name like 'watch-worker-%' order by 1`);
        expect(names.map((row) => row.application_name)).toEqual(['watch-worker-a', 'watch-worker-b']);
      },
      { timeout: 60_000, interval: 250 },
    );

    await storeParsedLists(setup.ctx, [newer], { origin: 'test' });
    const versionId = await latestVersionId();
    expect(versionId).toBeGreaterThan(olderVersion);

    // The first batch is committed and the second one written but held open: kill the worker holding it.
    let victim = '';
    await vi.waitFor(
      async () => {
        expect(await runsOf(versionId)).toBeGreaterThanOrEqual(WATCHLIST_BATCH);
        const { rows: holders } = await sql.query(
          `select distinct a.application_name from pg_stat_activity a join pg_locks l on l.pid = a.pid
            where l.relation = 'watchlist_events'::regclass and a.state = 'idle in transaction' and a.application_name like 'watch-worker-%'`,
        );
        expect(holders).toHaveLength(1);
        victim = holders[0].application_name;
      },
      { timeout: 90_000, interval: 50 },
    );
    const killed = children.get(victim)!;
    killed.kill('SIGKILL');
    await exited(killed);
    expect(killed.signalCode).toBe('SIGKILL');
    // Mid-run: one batch of two committed, the job not done.
    expect(await runsOf(versionId)).toBe(WATCHLIST_BATCH);
    // The job is not done: still active under the dead worker's lease, or, on a machine slow enough
    // that the run outlasted the lease before the kill, already handed back for a retry.
    expect((await rescreenJob(versionId)).map((job) => job.state)).toEqual([expect.stringMatching(/^(active|retry)$/)]);

    // The other worker gets the job once the dead one's lease runs out, and finishes it.
    await vi.waitFor(async () => expect((await rescreenJob(versionId)).map((job) => job.state)).toEqual(['completed']), { timeout: 120_000, interval: 250 });
    expect((await rescreenJob(versionId))[0]!.retry_count).toBeGreaterThanOrEqual(1);
    expect(await runsOf(versionId)).toBe(ITEMS);

    // The changes as recorded in the history: at most one entry per item for the version.
    const { rows: events } = await sql.query<{ item_id: string; added: { entity_id: string; cleared?: boolean }[]; removed: { entity_id: string }[] }>(
      `select item_id, added, removed from watchlist_events where version_id = $1`,
      [versionId],
    );
    const eventItems = events.map((event) => event.item_id);
    expect(eventItems.filter((item, i) => eventItems.indexOf(item) !== i)).toEqual([]);
    const changes = events.flatMap((event) => [
      ...event.added.filter((match) => !match.cleared).map((match) => `watch:${event.item_id}:${versionId}:${match.entity_id}:added`),
      ...event.removed.map((match) => `watch:${event.item_id}:${versionId}:${match.entity_id}:removed`),
    ]);

    // What the lists imply: each designated name's new entry is a new match; each match the 2021
    // screening found on an entry the 2024 version removed is gone.
    const expected = [
      ...designated.map((entity) => `watch:${itemOf.get(entity.name)}:${versionId}:${entity.id}:added`),
      ...initialMatches.filter((match) => !newerIds.has(match.entity_id)).map((match) => `watch:${match.item_id}:${versionId}:${match.entity_id}:removed`),
    ];
    // Most removed names matched their own entry in 2021 (the selection is sound).
    expect(expected.filter((key) => key.endsWith(':removed')).length).toBeGreaterThanOrEqual(removed.length * 0.9);
    expect(expected.filter((key) => !changes.includes(key))).toEqual([]);

    // Exactly one notification per change, and one mail job per notification.
    const { rows: stored } = await sql.query<{ id: string; dedupe_key: string }>(`select id, dedupe_key from notifications where dedupe_key like $1`, [`watch:%:${versionId}:%`]);
    const notified = stored.map((row) => row.dedupe_key);
    expect(changes.filter((key) => !notified.includes(key))).toEqual([]);
    expect(notified.filter((key) => !changes.includes(key))).toEqual([]);
    expect(notified.sort()).toEqual([...changes].sort());
    const { rows: mails } = await sql.query<{ notification_id: string; jobs: string }>(
      `select data->>'notificationId' as notification_id, count(*) as jobs from pgboss.job where name = $1 group by 1`,
      [NOTIFICATION_MAIL_JOB],
    );
    const mailJobs = new Map(mails.map((row) => [row.notification_id, Number(row.jobs)]));
    for (const row of stored) expect(mailJobs.get(row.id) ?? 0, row.dedupe_key).toBe(1);
    expect(mails.filter((row) => !stored.some((notification) => notification.id === row.notification_id))).toEqual([]);

    // Names on no list: neither a history entry nor a notification.
    const unrelatedIds = new Set(unrelated.map((name) => itemOf.get(name)));
    expect(events.filter((event) => unrelatedIds.has(event.item_id))).toEqual([]);
  }, 240_000);
});
