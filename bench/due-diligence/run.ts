// Due diligence: time from POST /api/due/create to a `ready` report, through the real job queue,
// with the OFAC SDN (2021) and consolidated non-SDN lists of ../shared/data loaded.
// On embedded PGlite (a fresh data directory); on PostgreSQL when DATABASE_URL is set.
// Run: node --import tsx bench/due-diligence/run.ts [--reports 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { importSanctionsPaths } from '../../apps/server/src/modules/screening/screening-import.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { createDueBody, validDueForm } from '../../apps/server/test/due-diligence';
import { createSignedInUser } from '../../apps/server/test/factories';
import { sanctionsDataDir } from '../../apps/server/test/screening';

const index = process.argv.indexOf('--reports');
const reports = index > -1 ? Number(process.argv[index + 1]) : 5;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-due-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', LLM_BASE_URL: '', SANCTIONS_PATHS: '' });
const runtime = await createRuntime({ config, runWorkers: true });
try {
  await runtime.ctx.jobs.start();
  const importStarted = performance.now();
  await importSanctionsPaths(runtime.ctx, [sanctionsDataDir.sdn, sanctionsDataDir.consolidated]);
  console.log(`lists imported in ${Math.round(performance.now() - importStarted)} ms (${config.embedded ? 'PGlite' : 'PostgreSQL'})`);
  const app = await buildApp(runtime.ctx);
  await app.ready();
  const { headers } = await createSignedInUser(runtime.ctx, { planCode: 'premium_enterprise' });
  const times: number[] = [];
  for (let run = 0; run < reports; run += 1) {
    const started = performance.now();
    const created = await app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createDueBody(validDueForm({ owner_name: 'Elvis Angus Logan Morey' })) });
    const { id } = created.json<{ id: string }>();
    for (;;) {
      const report = (await app.inject({ method: 'GET', url: `/api/due/report/${id}`, headers })).json<{ status: string; findings: { risk: { rating: string } } | null }>();
      if (report.status !== 'processing') {
        times.push(performance.now() - started);
        console.log(`report ${run + 1}: ${report.status} (${report.findings?.risk.rating}) after ${Math.round(times.at(-1)!)} ms`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`create → ready: median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)} (the worker polls the queue every 2 s)`);
  await app.close();
} finally {
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
