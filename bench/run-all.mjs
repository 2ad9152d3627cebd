#!/usr/bin/env node
// The first minute of a trader, measured the way a user meets it, on embedded PGlite and — when
// DATABASE_URL is set — on PostgreSQL (a scratch database is created and dropped):
//   - first start of a fresh install, `npm start` (scripts/start.mjs) until /api/health answers;
//   - restart on existing data, the same;
//   - `npm run fueldesk -- import-prices` of the 22 daily EIA files of ../shared/data, wall time;
//   - GET /api/prices/history, 5 products over 10 years, warm median, idle and during a load run
//     on GET /api/prices; its payload as sent (gzip, as a browser asks) and a revalidation (304);
//   - the server's resident memory after the import and the load run.
// Prints one table per database: today's figure, the goal and the ratio (figure / goal, ≤ 1 meets it).
// Lighthouse and the JavaScript of first paint have their own bench: bench/lighthouse/run.mjs.
//
//   node bench/run-all.mjs [--runs 3] [--load-seconds 10] [--connections 10]
//
// Timings on a shared machine are noisy: each figure is the median of --runs runs (range shown).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedData = path.resolve(root, '../shared/data');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RUNS = Math.max(1, option('runs', 3));
const LOAD_SECONDS = option('load-seconds', 10);
const CONNECTIONS = option('connections', 10);
const PORT = option('port', 3290);
const base = `http://127.0.0.1:${PORT}/api`;
const HISTORY_QUERY = 'codes=WTI,BRENT,GASOLINE_NYH,ULSD_NYH,JET_USGC&from=2014-12-31&to=2024-12-31';
const ADMIN = { email: 'bench-admin@fueldesk.test', password: 'Bench-Admin-2026' };

/**
 * The 22 daily spot files the goal names (weekly/monthly files and Henry Hub gas are not spot products;
 * eia-futures/, added later, holds 2.5 times as many prices and has its own figure in bench/prices/analytics.ts).
 */
function dailyFiles() {
  const files = [];
  for (const folder of readdirSync(sharedData).filter((name) => /^eia-(brent-wti|product-spot-)/.test(name)).sort()) {
    for (const name of readdirSync(path.join(sharedData, folder)).sort()) {
      if (name.endsWith('.csv') && !/weekly|monthly/.test(name) && name !== 'DHHNGSP.csv') files.push(path.join(sharedData, folder, name));
    }
  }
  return files;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0], max: sorted.at(-1), n: sorted.length };
}

/** `npm start` until /api/health answers; resolves with the time and the server's process id. */
async function startServer(env) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(PORT), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before answering /api/health');
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const ms = performance.now() - started;
  // scripts/start.mjs runs the server as its only child.
  const serverPid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  return {
    ms,
    serverPid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function fueldesk(cliArgs, env) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', 'fueldesk', '--', ...cliArgs], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`fueldesk ${cliArgs[0]} failed:\n${result.stdout}\n${result.stderr}`);
  return { ms: performance.now() - started, stdout: result.stdout };
}

function residentMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function signIn() {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  return { authorization: `Bearer ${body.access_token}` };
}

async function timeHistory(headers, count) {
  const times = [];
  let last;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/prices/history?${HISTORY_QUERY}`, { headers });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`history answered ${response.status}`);
    last = { response, body };
  }
  return { times, last };
}

/** What one history answer weighs on the wire, as a browser asks for it, and what a revalidation costs. */
async function historyWire(headers) {
  const raw = await fetch(`${base}/prices/history?${HISTORY_QUERY}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const json = await raw.text();
  const points = JSON.parse(json).series.reduce((sum, series) => sum + series.points.length, 0);
  const etag = raw.headers.get('etag');
  const gzip = await new Promise((resolve, reject) => {
    // fetch() decompresses and hides the length; node:http tells the bytes on the wire.
    import('node:http').then(({ get }) =>
      get(`${base}/prices/history?${HISTORY_QUERY}`, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      }).on('error', reject),
    );
  });
  let notModified = null;
  if (etag) {
    const times = [];
    let status = 0;
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/prices/history?${HISTORY_QUERY}`, { headers: { ...headers, 'if-none-match': etag } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      status = response.status;
    }
    notModified = { status, ms: median(times) };
  }
  return { points, identityBytes: Buffer.byteLength(json), gzip, etag, cacheControl: raw.headers.get('cache-control'), notModified };
}

async function createScratchDatabase(url, name) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return scratch.toString();
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function benchOn(kind) {
  const files = dailyFiles();
  const work = mkdtempSync(path.join(tmpdir(), `fd-bench-all-${kind}-`));
  const stem = `fd_bench_all_${process.pid}`;
  const pgUrl = process.env.DATABASE_URL;
  const figures = {};
  // One "database" per import run: a copy of the fresh install's directory, or a PostgreSQL clone.
  const databases = [];
  const envFor = (index) =>
    kind === 'pglite'
      ? { DATA_DIR: path.join(work, `data-${index}`), DATABASE_URL: '' }
      : { DATA_DIR: path.join(work, 'data'), DATABASE_URL: databases[index] };
  try {
    // First start of a fresh install, then restarts on the data it left.
    const firstStarts = [];
    for (let run = 0; run < RUNS; run += 1) {
      let env;
      if (kind === 'pglite') env = { DATA_DIR: path.join(work, `fresh-${run}`), DATABASE_URL: '' };
      else env = { DATA_DIR: path.join(work, 'data'), DATABASE_URL: await createScratchDatabase(pgUrl, `${stem}_fresh_${run}`) };
      const server = await startServer(env);
      firstStarts.push(server.ms);
      await server.stop();
    }
    figures.firstStart = summary(firstStarts);
    const freshEnv = kind === 'pglite' ? { DATA_DIR: path.join(work, 'fresh-0'), DATABASE_URL: '' } : { DATA_DIR: path.join(work, 'data'), DATABASE_URL: new URL(`/${stem}_fresh_0`, pgUrl).toString() };
    const restarts = [];
    for (let run = 0; run < RUNS; run += 1) {
      const server = await startServer(freshEnv);
      restarts.push(server.ms);
      await server.stop();
    }
    figures.restart = summary(restarts);
    fueldesk(['create-admin', '--email', ADMIN.email, '--password', ADMIN.password], freshEnv);

    // The import, each run into its own copy of that fresh install.
    for (let run = 0; run < RUNS; run += 1) {
      if (kind === 'pglite') cpSync(path.join(work, 'fresh-0'), path.join(work, `data-${run}`), { recursive: true });
      else {
        const name = `${stem}_import_${run}`;
        await adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
        await adminQuery(pgUrl, `create database ${name} template ${stem}_fresh_0`);
        databases.push(new URL(`/${name}`, pgUrl).toString());
      }
    }
    const imports = [];
    let importSummary = '';
    for (let run = 0; run < RUNS; run += 1) {
      const result = fueldesk(['import-prices', ...files], envFor(run));
      imports.push(result.ms);
      importSummary = result.stdout.trim().split('\n').at(-1);
    }
    figures.import = summary(imports);
    figures.importSummary = importSummary;

    // History, idle and under load, then memory, on the last imported database.
    const server = await startServer(envFor(RUNS - 1));
    try {
      const headers = await signIn();
      await timeHistory(headers, 5);
      figures.historyIdle = summary((await timeHistory(headers, 25)).times);
      figures.wire = await historyWire(headers);
      const load = autocannon({ url: `${base}/prices`, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
      await sleep(1000);
      const underLoad = [];
      const loadEnds = performance.now() + (LOAD_SECONDS - 2) * 1000;
      while (performance.now() < loadEnds) underLoad.push(...(await timeHistory(headers, 1)).times);
      const loadResult = await load;
      figures.historyLoad = summary(underLoad);
      figures.loadRps = loadResult.requests.average;
      figures.loadErrors = loadResult.errors + loadResult.non2xx;
      figures.memory = residentMiB(server.serverPid);
    } finally {
      await server.stop();
    }
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (kind === 'postgres') {
      for (let run = 0; run < RUNS; run += 1) {
        await adminQuery(pgUrl, `drop database if exists ${stem}_fresh_${run} with (force)`);
        await adminQuery(pgUrl, `drop database if exists ${stem}_import_${run} with (force)`);
      }
    }
  }
}

// Issue 36's goals: the server alone of a fresh install ≤ 3 s (≤ 6 s with the build of a fresh clone,
// which this bench does not make: it starts a built tree on an empty data folder).
// The memory goal is 140 MB (issue 36), 133.5 MiB: resident memory is read and printed in MiB.
const MEMORY_GOAL_MIB = 140e6 / 2 ** 20;
const GOALS = {
  pglite: { import: 1000, restart: 600, firstStart: 3000, historyIdle: 25, memory: MEMORY_GOAL_MIB },
  postgres: { import: 600, restart: 600, firstStart: 3000, historyIdle: 25, memory: MEMORY_GOAL_MIB },
};

function table(kind, f) {
  const goal = GOALS[kind];
  const ms = (s) => `${(s.median / 1000).toFixed(2)} s (${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)})`;
  const msSmall = (s) => `${s.median.toFixed(1)} ms (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
  const rows = [
    ['import-prices, 22 daily EIA files (wall)', ms(f.import), `≤ ${goal.import / 1000} s`, f.import.median / goal.import],
    ['restart on existing data → /api/health', ms(f.restart), `≤ ${goal.restart / 1000} s`, f.restart.median / goal.restart],
    ['first start of a fresh install → /api/health', ms(f.firstStart), `≤ ${goal.firstStart / 1000} s`, f.firstStart.median / goal.firstStart],
    [`GET /api/prices/history 5×10 y (${f.wire.points} points), idle`, msSmall(f.historyIdle), `≤ ${goal.historyIdle} ms`, f.historyIdle.median / goal.historyIdle],
    [
      `  same, during a load run (${f.loadRps.toFixed(0)} req/s on /api/prices)`,
      msSmall(f.historyLoad),
      '≤ 1.5 × idle',
      f.historyLoad.median / (1.5 * f.historyIdle.median),
    ],
    [
      'server resident memory after import and load',
      `${f.memory.rss.toFixed(0)} MiB = ${((f.memory.rss * 2 ** 20) / 1e6).toFixed(0)} MB (peak ${f.memory.peak.toFixed(0)} MiB)`,
      `≤ 140 MB (${goal.memory.toFixed(1)} MiB)`,
      f.memory.rss / goal.memory,
    ],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => String(row[column]).length)));
  console.log(`\n${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} — median of ${RUNS} (range), ratio = figure / goal`);
  for (const [what, now, target, ratio] of rows) {
    console.log(`  ${what.padEnd(widths[0])}  ${now.padEnd(widths[1])}  ${target.padEnd(widths[2])}  ${ratio.toFixed(2)}`);
  }
  const wire = f.wire;
  console.log(`  import: ${f.importSummary}`);
  console.log(
    `  history payload: ${(wire.identityBytes / 1024).toFixed(0)} KiB JSON, ${(wire.gzip.bytes / 1024).toFixed(0)} KiB on the wire (${wire.gzip.encoding}); ` +
      `cache-control ${wire.cacheControl ?? 'none'}; ` +
      (wire.notModified ? `revalidation ${wire.notModified.status} in ${wire.notModified.ms.toFixed(1)} ms` : 'no ETag'),
  );
  if (f.loadErrors > 0) console.log(`  load run: ${f.loadErrors} errors or non-2xx answers`);
}

const kinds = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
// Build once up front so that no measured start includes a build.
for (const step of [['run', 'build']]) {
  const result = spawnSync('npm', step, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
for (const kind of kinds) table(kind, await benchOn(kind));
console.log('\nLighthouse and first-paint JavaScript: node bench/lighthouse/run.mjs (see its header).');
console.log('Scaling out (one and two API processes on PostgreSQL and Redis): node --import tsx bench/scale/run.ts (see its header).');
