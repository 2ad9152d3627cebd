// One EIA workbook's import on PGlite, as bench/prices/analytics.ts times it (price points deleted,
// then importPriceFile), with the process's CPU time beside the wall time: on a shared machine the
// wall time mostly measures the other processes, the CPU time much less so.
// Run: node --import tsx bench/prices/workbook-import.ts [spot|futures] [--runs 3]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { pricePoints } from '../../apps/server/src/db/schema';
import { importPriceFile } from '../../apps/server/src/modules/prices/price-import.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { sharedDataDir } from '../../apps/server/test/market-data';

const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex > -1 ? Number(process.argv[runsIndex + 1]) : 3;
const file = process.argv[2] === 'futures' ? 'eia-futures/PET_PRI_FUT_S1_D.xls' : 'eia-spot-workbook/PET_PRI_SPT_S1_D.xls';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-workbook-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', EIA_API_KEY: '' });
  const runtime = await createRuntime({ config, runWorkers: false });
  const { ctx } = runtime;
  try {
    const bytes = readFileSync(path.join(sharedDataDir, file));
    const wall: number[] = [];
    const cpu: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i += 1) {
      await ctx.db.execute(sql`delete from ${pricePoints}`);
      const startedCpu = cpuMs();
      const started = performance.now();
      const report = await importPriceFile(ctx, { name: path.basename(file), text: '', bytes });
      wall.push(performance.now() - started);
      cpu.push(cpuMs() - startedCpu);
      rows = report.inserted;
    }
    const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
    console.log(`${path.basename(file)} | ${rows} rows | wall median ${Math.round(median(wall))} ms (${list(wall)}) | CPU median ${Math.round(median(cpu))} ms (${list(cpu)})`);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
