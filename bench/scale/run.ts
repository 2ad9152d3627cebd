// Scaling out: GET /api/prices (signed in) served by one and then by two compiled API processes
// (PROCESS_ROLE=api, as compose.yaml runs them) on one PostgreSQL and one Redis. autocannon spreads
// its connections over the processes' addresses (round robin), as the reverse proxy would. The runs
// alternate between one and two processes, each pair giving a ratio.
// The database is a scratch copy (created and dropped) with the 22 daily EIA files of ../shared/data.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/scale/run.ts \
//     [--duration 10] [--connections 20] [--runs 3]
//
// REDIS_URL defaults to redis://127.0.0.1:6379. Both processes and autocannon share the machine's
// cores: on a 2-core machine two processes compete with each other and with the load generator.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../../apps/server/test/build-test-app';
import { listDailyPriceFiles, sharedDataDir } from '../../apps/server/test/market-data';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const runs = Math.max(1, arg('runs', 3));
const PORTS = [3391, 3392];
const ADMIN = { email: 'bench-scale@fueldesk.test', password: 'Bench-Scale-2026' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!process.env.DATABASE_URL) {
  console.error('bench/scale needs PostgreSQL: set DATABASE_URL (PGlite is one process per data directory).');
  process.exit(2);
}

function compiled(script: 'main.js' | 'cli.js') {
  return path.join(root, 'apps/server/dist', script);
}

function cli(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [compiled('cli.js'), ...args], { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`fueldesk ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim().split('\n').at(-1);
}

async function startApi(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // What the image runs (Dockerfile CMD), with the role compose.yaml gives the API services.
  const child = spawn(process.execPath, ['--max-semi-space-size=2', compiled('main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), PROCESS_ROLE: 'api' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the API process on :${port} exited before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer on :${port} within 60 s`);
    await sleep(50);
  }
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function load(ports: number[], headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: ports.map((port) => `http://127.0.0.1:${port}/api/prices`),
    connections,
    duration: seconds,
    headers,
  });
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, bad: result.errors + result.non2xx + result.timeouts };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

async function main() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const scratch = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-scale-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3391',
    JWT_SECRET: 'bench-scale-secret-bench-scale-secret-0123456789',
    DATA_ENCRYPTION_KEY: '0'.repeat(64),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  const processes: ChildProcess[] = [];
  try {
    cli(['migrate'], env);
    cli(['create-admin', '--email', ADMIN.email, '--password', ADMIN.password], env);
    const imported = cli(['import-prices', ...listDailyPriceFiles().map((file) => path.join(sharedDataDir, file))], env);

    processes.push(await startApi(PORTS[0]!, env));
    const login = await fetch(`http://127.0.0.1:${PORTS[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    // One session (one per user), valid on every process: sessions live in PostgreSQL.
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

    // The second process idles through the one-process runs; the runs alternate (one, two, one, two…)
    // so that a neighbour's load on a shared machine falls on both alike.
    processes.push(await startApi(PORTS[1]!, env));
    const figures: Record<string, Awaited<ReturnType<typeof load>>[]> = { one: [], two: [] };
    await load(PORTS, headers, 3);
    for (let run = 0; run < runs; run += 1) {
      figures.one!.push(await load([PORTS[0]!], headers, duration));
      figures.two!.push(await load(PORTS, headers, duration));
    }
    const pairRatios = figures.two!.map((two, index) => two.rps / figures.one![index]!.rps);

    console.log(`\nGET /api/prices, signed in — ${connections} connections, ${duration} s × ${runs} runs (median, range); ${cpus().length} cores shared with autocannon`);
    console.log(`  data: ${imported}`);
    for (const [label, key] of [
      ['1 API process ', 'one'],
      ['2 API processes', 'two'],
    ] as const) {
      const list = figures[key]!;
      const rps = list.map((f) => f.rps);
      const p99 = list.map((f) => f.p99);
      const bad = list.reduce((sum, f) => sum + f.bad, 0);
      console.log(
        `  ${label}  ${median(rps).toFixed(0)} req/s (${range(rps)})   p99 ${median(p99).toFixed(0)} ms (${range(p99)})   p50 ${median(list.map((f) => f.p50)).toFixed(0)} ms   errors/non-2xx ${bad}`,
      );
    }
    console.log(`  req/s two / one, per alternating pair: ${pairRatios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(pairRatios).toFixed(2)})`);
  } finally {
    await Promise.all(processes.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

await main();
