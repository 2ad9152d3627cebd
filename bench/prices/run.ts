// Market data under load, on the real EIA files of ../shared/data:
// - time to import every EIA file (one transaction per file);
// - throughput and p99 of GET /api/prices (signed in) next to GET /api/health, in the same run;
// - time of a 10-year history request for 5 products.
// On embedded PGlite (a fresh data directory on disk), and on PostgreSQL too when DATABASE_URL is set
// (a scratch database is created and dropped).
// Run: node --import tsx bench/prices/run.ts [--duration 10] [--connections 20]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { listPricesQuerySchema } from '@fueldesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { verifyAccessToken } from '../../apps/server/src/lib/tokens';
import { importPriceFile } from '../../apps/server/src/modules/prices/price-import.service';
import { listPricesJson } from '../../apps/server/src/modules/prices/prices.service';
import { authenticateToken } from '../../apps/server/src/plugins/auth';
import { createRuntime } from '../../apps/server/src/runtime';
import { listAllPriceFiles, sharedDataDir } from '../../apps/server/test/market-data';
import { createScratchDatabase } from '../../apps/server/test/build-test-app';
import { createSignedInUser } from '../../apps/server/test/factories';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const HISTORY_CODES = 'WTI,BRENT,GASOLINE_NYH,ULSD_NYH,JET_USGC';
const HISTORY_RANGE = { from: '2014-12-31', to: '2024-12-31' };

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, duration, connections, pipelining: 1, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await createScratchDatabase(process.env.DATABASE_URL!, 'fd_bench') : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-prices-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    EIA_API_KEY: '',
  });
  const runtime = await createRuntime({ config, runWorkers: false });
  try {
    const files = listAllPriceFiles();
    const started = performance.now();
    let written = 0;
    let refused = 0;
    for (const file of files) {
      const report = await importPriceFile(runtime.ctx, { name: file, text: readFileSync(path.join(sharedDataDir, file), 'utf8') });
      written += report.inserted + report.updated;
      if (report.refused) refused += 1;
    }
    const importMs = performance.now() - started;

    const app = await buildApp(runtime.ctx);
    // Bench-only: the same handler without the auth hook, to show what signing in costs per request.
    await app.register(async (instance) => {
      instance.withTypeProvider<ZodTypeProvider>().get(
        '/api/bench/prices-without-auth',
        { config: { auth: 'public' }, schema: { querystring: listPricesQuerySchema } },
        async (request, reply) => reply.type('application/json; charset=utf-8').send((await listPricesJson(runtime.ctx, request.query)).json),
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const { headers, accessToken } = await createSignedInUser(runtime.ctx);
    const perCall = async (fn: () => Promise<unknown>, count = 2_000) => {
      for (let i = 0; i < 200; i += 1) await fn();
      const t0 = performance.now();
      for (let i = 0; i < count; i += 1) await fn();
      return ((performance.now() - t0) / count) * 1000;
    };
    const jwtMicros = await perCall(() => verifyAccessToken(config.JWT_SECRET, accessToken, new Date()));
    const authMicros = await perCall(() => authenticateToken(app, accessToken));

    const historyUrl = `${base}/prices/history?codes=${HISTORY_CODES}&from=${HISTORY_RANGE.from}&to=${HISTORY_RANGE.to}`;
    const historyTimes: number[] = [];
    let historyPoints = 0;
    for (let i = 0; i < 6; i += 1) {
      const t0 = performance.now();
      const response = await fetch(historyUrl, { headers });
      const body = (await response.json()) as { series: Array<{ points: unknown[] }> };
      historyTimes.push(performance.now() - t0);
      historyPoints = body.series.reduce((sum, series) => sum + series.points.length, 0);
      if (response.status !== 200) throw new Error(`history answered ${response.status}`);
    }
    const [historyCold, ...historyWarm] = historyTimes;
    historyWarm.sort((a, b) => a - b);

    await measure(`${base}/health`);
    await measure(`${base}/prices`, headers);
    const health = await measure(`${base}/health`);
    const prices = await measure(`${base}/prices`, headers);
    const withoutAuth = await measure(`${base}/bench/prices-without-auth`);
    await app.close();

    return {
      kind,
      files: files.length,
      refused,
      written,
      importMs,
      health,
      prices,
      withoutAuth,
      jwtMicros,
      authMicros,
      historyCold: historyCold!,
      historyMedian: historyWarm[Math.floor(historyWarm.length / 2)]!,
      historyPoints,
    };
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  for (const kind of kinds) {
    const r = await runOn(kind);
    const line = (label: string, m: { rps: number; p99: number; errors: number }) =>
      `  ${label.padEnd(28)} ${m.rps.toFixed(0).padStart(7)} req/s  p99 ${String(m.p99).padStart(4)} ms  errors ${m.errors}`;
    console.log(`\n${kind} (${duration}s per endpoint, ${connections} connections)`);
    console.log(`  import of ${r.files} EIA files      ${(r.importMs / 1000).toFixed(1)} s  (${r.written} prices written, ${r.refused} files refused)`);
    console.log(line('GET /api/health', r.health));
    console.log(line('GET /api/prices (signed in)', r.prices));
    console.log(`  ratio prices/health          ${(r.prices.rps / r.health.rps).toFixed(2)}  (goal ≥ 0.50)`);
    console.log(line('same handler, no auth hook', r.withoutAuth));
    console.log(`  auth hook, one call          ${r.authMicros.toFixed(0)} µs (of which JWT verify ${r.jwtMicros.toFixed(0)} µs, the rest the session+user query)`);
    console.log(
      `  10-year history, 5 products  ${r.historyCold.toFixed(0)} ms first, ${r.historyMedian.toFixed(0)} ms median of 5 (${r.historyPoints} points)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
