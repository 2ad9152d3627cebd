// Market analytics (issue 33) on the real EIA workbooks of ../shared/data, on embedded PGlite
// (a fresh data directory on disk):
// - import of EIA's spot workbook (PET_PRI_SPT_S1_D.xls) and of its futures workbook (PET_PRI_FUT_S1_D.xls),
//   each into an empty database, wall time of importPriceFile (SheetJS read + store); goal ≤ 2 s each;
// - the history of the 8 spreads over 10 years (2016-01-12..2026-01-12, legs from the spot workbook),
//   computed from the legs with the price cache cleared before each run: median; goal ≤ 25 ms;
//   its CPU time (process.cpuUsage: this thread, PGlite included) is printed too, steadier under load;
// - GET /api/prices/curve?code=WTI_FUT (signed in, through the HTTP stack): p50 and p99 of 500 calls.
// Run: node --import tsx bench/prices/analytics.ts [--runs 15]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { pricePoints } from '../../apps/server/src/db/schema';
import { getPriceCache } from '../../apps/server/src/modules/prices/prices.cache';
import { getPriceHistory } from '../../apps/server/src/modules/prices/price-history.service';
import { importPriceFile } from '../../apps/server/src/modules/prices/price-import.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { sharedDataDir } from '../../apps/server/test/market-data';
import { createSignedInUser } from '../../apps/server/test/factories';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const runs = arg('runs', 15);
const SPREADS = ['BRENT_WTI', 'CRACK_321_NYH', 'CRACK_321_USGC', 'CRACK_GASOLINE_NYH', 'CRACK_ULSD_NYH', 'CRACK_JET_USGC', 'ARB_GASOLINE_NYH_USGC', 'ARB_ULSD_LA_USGC'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-analytics-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', EIA_API_KEY: '' });
  const runtime = await createRuntime({ config, runWorkers: false });
  const { ctx } = runtime;
  try {
    const workbook = (name: string) => readFileSync(path.join(sharedDataDir, name));
    const importOnce = async (file: string) => {
      await ctx.db.execute(sql`delete from ${pricePoints}`);
      const bytes = workbook(file);
      const started = performance.now();
      const report = await importPriceFile(ctx, { name: path.basename(file), text: '', bytes });
      return { ms: performance.now() - started, rows: report.inserted };
    };
    const futures = [];
    for (let i = 0; i < 3; i += 1) futures.push(await importOnce('eia-futures/PET_PRI_FUT_S1_D.xls'));
    const spot = [];
    for (let i = 0; i < 3; i += 1) spot.push(await importOnce('eia-spot-workbook/PET_PRI_SPT_S1_D.xls'));
    // The spot workbook stays; the futures workbook is added for the curve.
    await importPriceFile(ctx, { name: 'PET_PRI_FUT_S1_D.xls', text: '', bytes: workbook('eia-futures/PET_PRI_FUT_S1_D.xls') });

    const history = [];
    const historyCpu = [];
    let points = 0;
    for (let i = 0; i < runs + 3; i += 1) {
      getPriceCache(ctx).clear();
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await getPriceHistory(ctx, { codes: SPREADS, from: '2016-01-12', to: '2026-01-12' });
      if (i >= 3) {
        history.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        historyCpu.push((used.user + used.system) / 1000);
      }
      points = result.series.reduce((sum, series) => sum + series.points.length, 0);
    }

    const app = await buildApp(ctx);
    await app.ready();
    const { headers } = await createSignedInUser(ctx);
    const curve = [];
    for (let i = 0; i < 550; i += 1) {
      const started = performance.now();
      const response = await app.inject({ url: '/api/prices/curve?code=WTI_FUT', headers });
      if (response.statusCode !== 200) throw new Error(`curve answered ${response.statusCode}`);
      if (i >= 50) curve.push(performance.now() - started);
    }
    await app.close();

    const rows = [
      ['import EIA spot workbook (PGlite, median of 3)', `${Math.round(median(spot.map((run) => run.ms)))} ms`, `${spot[0]!.rows} rows`, '≤ 2 s'],
      ['import EIA futures workbook (PGlite, median of 3)', `${Math.round(median(futures.map((run) => run.ms)))} ms`, `${futures[0]!.rows} rows`, '≤ 2 s'],
      [`spread history, 8 spreads × 10 y, cache cleared (median of ${runs})`, `${median(history).toFixed(1)} ms`, `${points} points`, '≤ 25 ms'],
      [`spread history, CPU time of the same readings (median of ${runs})`, `${median(historyCpu).toFixed(1)} ms`, '', 'steadier than wall time on a loaded machine'],
      ['GET /api/prices/curve?code=WTI_FUT p50 / p99 (500 calls)', `${percentile(curve, 0.5).toFixed(2)} / ${percentile(curve, 0.99).toFixed(2)} ms`, '', ''],
    ];
    for (const row of rows) console.log(row.join(' | '));
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
