// Counterparty watchlist: re-screen 10,000 watched names after a real list update (OFAC SDN 2021 →
// 2024 from ../shared/data), as the worker's job does it: the version's added/changed entities only
// (goal ≤ 10 s on PGlite, printed with the CPU time). Half the names are real SDN names (some
// designated only in 2024), half invented. On embedded PGlite; on PostgreSQL when DATABASE_URL is set.
// Run: node --import tsx bench/watching/watchlist.ts [--items 10000]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { notifications, sanctionsListVersions, watchlistItems } from '../../apps/server/src/db/schema';
import { parseSanctionsFiles } from '../../apps/server/src/modules/screening/engine';
import { storeParsedLists } from '../../apps/server/src/modules/screening/screening-import.service';
import { rescreenForVersion, versionDelta } from '../../apps/server/src/modules/watchlist/watchlist.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { createUser } from '../../apps/server/test/factories';
import { sharedDataDir } from '../../apps/server/test/market-data';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const itemCount = argument('--items', 10_000);
const perUser = 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-watchlist-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', SANCTIONS_PATHS: '' });
// No worker: the bench runs the job's function itself, once, and times it.
const runtime = await createRuntime({ config, runWorkers: false });
const { ctx } = runtime;
// The job queue's tables, as a worker process has them: a batch queues its notifications' mail in its
// own transaction.
await ctx.jobs.startQueue();
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sdn = (year: string) => parseSanctionsFiles([{ name: 'sdn.csv', content: readFileSync(path.join(sharedDataDir, `ofac-sdn-${year}`, 'sdn.csv')) }])[0]!;

try {
  const older = sdn('2021');
  const newer = sdn('2024');
  await storeParsedLists(ctx, [older], { origin: 'bench' });
  const olderIds = new Set(older.entities.map((entity) => entity.id));
  const designated = newer.entities.filter((entity) => !olderIds.has(entity.id));
  const users = [];
  for (let i = 0; i < Math.ceil(itemCount / perUser); i += 1) users.push(await createUser(ctx, { email: `bench-watch-${i}@example.com` }));
  const rows = [];
  for (let i = 0; i < itemCount; i += 1) {
    // Every 10th a name designated in 2024, every 2nd a 2021 name, the rest invented.
    const name =
      i % 10 === 0 ? designated[i % designated.length]!.name : i % 2 === 0 ? older.entities[i % older.entities.length]!.name : `Counterparty ${i} Trading ${String.fromCharCode(65 + (i % 26))} Ltd`;
    rows.push({ userId: users[Math.floor(i / perUser)]!.id, name, type: null, lastScreenedAt: new Date(), versionIds: [] as number[] });
  }
  for (let start = 0; start < rows.length; start += 1000) await ctx.db.insert(watchlistItems).values(rows.slice(start, start + 1000));
  await storeParsedLists(ctx, [newer], { origin: 'bench' });
  const versions = await ctx.db.select({ id: sanctionsListVersions.id }).from(sanctionsListVersions).where(eq(sanctionsListVersions.source, 'ofac_sdn'));
  const versionId = Math.max(...versions.map((row) => row.id));
  const delta = (await versionDelta(ctx, ctx.db, versionId))!.delta;
  console.log(
    `${itemCount} watched names of ${users.length} users; SDN ${older.entities.length} → ${newer.entities.length} entries: ${delta.changed.length} added or changed, ${delta.removed.size} removed (${config.embedded ? 'PGlite' : 'PostgreSQL'})`,
  );

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const report = await rescreenForVersion(ctx, versionId);
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const stored = await ctx.db.select({ id: notifications.id }).from(notifications);
  console.log(
    `re-screen: ${report.items} items, +${report.added} / -${report.removed} matches, ${report.notified} notifications (${stored.length} stored) in ${ms(wall)} wall, ${ms((cpu.user + cpu.system) / 1000)} CPU  (goal ≤ 10 s)`,
  );
  const again = performance.now();
  const second = await rescreenForVersion(ctx, versionId);
  console.log(`the same version again: ${second.items} items, ${second.notified} notifications in ${ms(performance.now() - again)}`);
} finally {
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
