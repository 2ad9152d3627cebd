// Due diligence: time from POST /api/due/create to a `ready` report, through the real job queue,
// with the OFAC SDN (2021) and consolidated non-SDN lists of ../shared/data loaded.
// On embedded PGlite (a fresh data directory); on PostgreSQL when DATABASE_URL is set.
// Run: node --import tsx bench/due-diligence/run.ts [--reports 5]
// Throughput: node --import tsx bench/due-diligence/run.ts --throughput 100 [--workers 2]
//   queues that many reports at once (10 users, the plan's 10 a month each) and reports reports/second
//   from the first create to the last ready; REPORT_CONCURRENCY sets the reports per worker at once.
//   --workers N (PostgreSQL only) adds N worker runtimes on the same database (the API runtime runs none then),
//   each with its screening index built before the clock starts, as a started worker process has it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { importSanctionsPaths } from '../../apps/server/src/modules/screening/screening-import.service';
import { getScreeningStatus } from '../../apps/server/src/modules/screening/screening.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { createDueBody, validDueForm } from '../../apps/server/test/due-diligence';
import { createSignedInUser } from '../../apps/server/test/factories';
import { sanctionsDataDir } from '../../apps/server/test/screening';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const reports = argument('--reports', 5);
const throughput = argument('--throughput', 0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-due-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', LLM_BASE_URL: '', SANCTIONS_PATHS: '' });
const workerCount = config.embedded ? 0 : argument('--workers', 0);
const runtime = await createRuntime({ config, runWorkers: workerCount === 0 });
const workers = await Promise.all(Array.from({ length: workerCount }, () => createRuntime({ config: { ...config, PROCESS_ROLE: 'worker' }, runWorkers: true })));
try {
  await runtime.ctx.jobs.start();
  for (const worker of workers) await worker.ctx.jobs.start();
  const importStarted = performance.now();
  await importSanctionsPaths(runtime.ctx, [sanctionsDataDir.sdn, sanctionsDataDir.consolidated]);
  console.log(`lists imported in ${Math.round(performance.now() - importStarted)} ms (${config.embedded ? 'PGlite' : 'PostgreSQL'})`);
  // A worker process builds its screening index when it starts and again when new lists are announced
  // (server.ts): the clock starts with every worker runtime's index built, not with a cold one.
  await Promise.all(workers.map((worker) => getScreeningStatus(worker.ctx)));
  const app = await buildApp(runtime.ctx);
  await app.ready();
  if (throughput > 0) {
    const users = await Promise.all(Array.from({ length: Math.ceil(throughput / 10) }, () => createSignedInUser(runtime.ctx, { planCode: 'premium_enterprise' })));
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const ids = await Promise.all(
      Array.from({ length: throughput }, async (_, index) => {
        const created = await app.inject({ method: 'POST', url: '/api/due/create', headers: users[Math.floor(index / 10)]!.headers, payload: createDueBody(validDueForm({ owner_name: 'Elvis Angus Logan Morey' })) });
        if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
        return created.json<{ id: string }>().id;
      }),
    );
    const queued = performance.now();
    for (;;) {
      const { rows } = await runtime.ctx.database.executeSql("select status, count(*)::int as n from due_reports where id = any($1::uuid[]) group by status", [ids]);
      const processing = rows.find((row: { status: string }) => row.status === 'processing')?.n ?? 0;
      if (processing === 0) {
        const seconds = (performance.now() - started) / 1000;
        console.log(`statuses: ${JSON.stringify(rows)}`);
        console.log(
          `${throughput} reports queued in ${Math.round(queued - started)} ms, all done after ${seconds.toFixed(1)} s: ${(throughput / seconds).toFixed(1)} reports/s ` +
            `(${config.embedded ? 'PGlite' : `PostgreSQL, ${workerCount || 1} worker runtime(s)`}, REPORT_CONCURRENCY=${config.REPORT_CONCURRENCY ?? 'default'})`,
        );
        // Under a shared machine's load the wall time mostly waits for a core; this process's CPU does not.
        const cpu = process.cpuUsage(cpuStarted);
        console.log(`CPU of this process (API and workers${config.embedded ? ' and PGlite' : ''}): ${((cpu.user + cpu.system) / 1000 / throughput).toFixed(1)} ms per report`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await app.close();
    process.exitCode = 0;
  }
  const { headers } = await createSignedInUser(runtime.ctx, { planCode: 'premium_enterprise' });
  const times: number[] = [];
  for (let run = 0; run < (throughput > 0 ? 0 : reports); run += 1) {
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
  if (times.length > 0) console.log(`create → ready: median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)} (the worker polls the queue every 2 s)`);
  if (throughput === 0) await app.close();
} finally {
  for (const worker of workers) await worker.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
