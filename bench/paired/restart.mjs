#!/usr/bin/env node
// Paired restarts of two (or more) checkouts, alternating: each round starts every tree's `npm start`
// (scripts/start.mjs) until /api/health answers, reads the server's CPU time (utime+stime, all threads)
// and VmRSS at that moment, and stops it at once, as bench/run-all.mjs stops its starts. On a shared
// machine the wall times swing; the CPU times and the per-round ratios hold better.
//
//   node bench/paired/restart.mjs --trees /work/wt/base,/work/wt/mine --data DIR [--rounds 8] [--port 3232]
//        [--pg URL,URL] [--fresh] [--env "K=V K=V"] [--env2 "K=V"]
//
// --data: a data folder (DATA_DIR) copied once per tree (PGlite: a fresh install's or an imported one);
// --fresh: every start on an empty folder instead (first start of a fresh install);
// --pg: one PostgreSQL URL per tree (DATABASE_URL); --env / --env2: variables for all trees / the second.
// One start per tree comes first and is not counted (it writes the code cache when there is none).
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuTicks, flag, median, option, sleep, TICKS_PER_SECOND, treeEnvs } from './common.mjs';

const trees = option('trees', '').split(',').filter(Boolean);
if (trees.length === 0) throw new Error('--trees A,B is required');
const data = option('data');
const rounds = Number(option('rounds', 8));
const port = Number(option('port', 3232));
const pgUrls = option('pg')?.split(',');
const fresh = flag('fresh');
const envs = treeEnvs(trees);

const dirs = trees.map((_, index) => {
  const dir = path.join(tmpdir(), `fd-paired-restart-${process.pid}-${index}`);
  rmSync(dir, { recursive: true, force: true });
  if (data && !fresh) cpSync(data, dir, { recursive: true });
  return dir;
});

async function once(index) {
  if (fresh) rmSync(dirs[index], { recursive: true, force: true });
  const started = performance.now();
  const env = { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dirs[index], DATABASE_URL: pgUrls ? pgUrls[index] : '', ...envs[index] };
  const child = spawn(process.execPath, [path.join(trees[index], 'scripts/start.mjs')], { cwd: trees[index], env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${trees[index]}: the server exited before answering /api/health`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(10);
  }
  const wall = performance.now() - started;
  // scripts/start.mjs runs the server as its only child.
  const pid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  const cpu = (cpuTicks(pid) / TICKS_PER_SECOND) * 1000;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { wall, cpu, rss };
}

try {
  const results = trees.map(() => []);
  for (let index = 0; index < trees.length; index += 1) await once(index);
  for (let round = 0; round < rounds; round += 1) {
    const order = trees.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const result = await once(index);
      results[index].push(result);
      console.log(`round ${round} ${trees[index]}: wall ${result.wall.toFixed(0)} ms, cpu ${result.cpu.toFixed(0)} ms, rss ${result.rss.toFixed(0)} MiB`);
    }
  }
  const range = (values) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
  for (let index = 0; index < trees.length; index += 1) {
    const list = results[index];
    console.log(`${trees[index]}: wall ${range(list.map((r) => r.wall))} ms, cpu ${range(list.map((r) => r.cpu))} ms, rss ${median(list.map((r) => r.rss)).toFixed(0)} MiB`);
  }
  if (trees.length === 2) {
    const wall = results[1].map((r, round) => r.wall / results[0][round].wall);
    const cpu = results[1].map((r, round) => r.cpu / results[0][round].cpu);
    console.log(`second / first, per round: wall ${median(wall).toFixed(3)} (${Math.min(...wall).toFixed(2)}-${Math.max(...wall).toFixed(2)}), cpu ${median(cpu).toFixed(3)}`);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
