import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { sharedDataDir } from '../../../test/market-data';
import { useTestContext } from '../../../test/test-context';
import { notifications, sanctionsListVersions, watchlistItems, watchlistRuns } from '../../db/schema';
import { parseSanctionsFiles } from '../screening/engine';
import { storeParsedLists } from '../screening/screening-import.service';
import { rescreenForVersion, screenItemsNow } from './watchlist.service';

const sdn = (year: string) => parseSanctionsFiles([{ name: 'sdn.csv', content: readFileSync(path.join(sharedDataDir, `ofac-sdn-${year}`, 'sdn.csv')) }])[0]!;

/**
 * On PostgreSQL: two workers re-screening the same new version at once, and a run that dies after
 * its first batch (its later batches never written) followed by the retried job, still notify each
 * change exactly once. The process-level kill -9 of a worker process inside a batch, and the job's
 * retry by another worker once its lease runs out, is watchlist.worker-kill.postgres.test.ts.
 */
describe('watchlist re-screen on PostgreSQL: concurrency and an interrupted run', () => {
  const t = useTestContext();

  it('two concurrent runs, then a crashed run and its retry, notify every change exactly once', async () => {
    const older = sdn('2021');
    const newer = sdn('2024');
    await storeParsedLists(t.ctx, [older], { origin: 'test' });
    const olderIds = new Set(older.entities.map((entity) => entity.id));
    const designated = newer.entities.filter((entity) => !olderIds.has(entity.id) && entity.type === 'organization').slice(0, 40);
    const user = await createUser(t.ctx);
    const rows = await t.ctx.db
      .insert(watchlistItems)
      .values([...designated.map((entity) => ({ userId: user.id, name: entity.name })), ...Array.from({ length: 60 }, (_, i) => ({ userId: user.id, name: `Invented Counterparty ${i} Holdings` }))])
      .returning();
    await screenItemsNow(t.ctx, rows);
    await storeParsedLists(t.ctx, [newer], { origin: 'test' });
    const versionId = Math.max(...(await t.ctx.db.select({ id: sanctionsListVersions.id }).from(sanctionsListVersions)).map((row) => row.id));

    // A run that dies after its first batch of 10 (the crash of a worker mid-run).
    let batches = 0;
    await expect(
      rescreenForVersion(t.ctx, versionId, {
        batchSize: 10,
        afterBatch: async () => {
          batches += 1;
          if (batches === 1) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const afterCrash = await t.ctx.db.select().from(watchlistRuns).where(eq(watchlistRuns.versionId, versionId));
    expect(afterCrash).toHaveLength(10);

    // The retried job and a second worker, at once.
    const [a, b] = await Promise.all([rescreenForVersion(t.ctx, versionId, { batchSize: 7 }), rescreenForVersion(t.ctx, versionId, { batchSize: 7 })]);
    expect(a.items + b.items).toBe(rows.length - 10);
    expect(await t.ctx.db.select().from(watchlistRuns).where(eq(watchlistRuns.versionId, versionId))).toHaveLength(rows.length);

    const stored = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const keys = stored.map((row) => row.dedupeKey);
    expect(new Set(keys).size).toBe(keys.length);
    // Every designated name that was clear before now has exactly one match notice for its own entry.
    for (const entity of designated) {
      const item = rows.find((row) => row.name === entity.name)!;
      expect(keys.filter((key) => key === `watch:${item.id}:${versionId}:${entity.id}:added`), entity.name).toHaveLength(1);
    }
    expect(await rescreenForVersion(t.ctx, versionId)).toEqual({ items: 0, added: 0, removed: 0, notified: 0 });
  }, 300_000);
});
