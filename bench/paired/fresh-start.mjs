#!/usr/bin/env node
// Paired first `npm start` of a fresh clone (build included), alternating between two commits: each run
// `git clone`s the commit into a new temporary folder (no build, no PGlite template: apps/server/dist,
// apps/server/.cache, apps/web/dist and ./data are untracked, so a clone has none), hard-links the
// node_modules folders of an installed checkout into it (as `npm ci` would have left them), then times
// `node scripts/start.mjs` until /api/health answers ("ready"), and on until the web build's completion
// stamp (apps/web/dist/.build-complete) is written too ("settled": the same moment when the build
// finishes before the server starts). CPU is the whole process tree's (user + system, live processes
// and the children they reaped) at each moment. The process group is then killed and the clone removed.
//
//   node bench/paired/fresh-start.mjs [--trees /work/wt/base@1dafeea,/work/wt/fresh@fresh] [--rounds 5]
//        [--port 3330] [--node-modules /work/wt/fresh] [--warmup 1] [--keep-logs DIR]
//
// --trees: two `repository[@revision]` (a folder or URL git clones; the revision defaults to its HEAD);
// --node-modules: the installed checkout whose node_modules folders are hard-linked (default: this one);
// --warmup: uncounted runs of each tree first (the page cache then holds node_modules for both).
// Rounds alternate which tree runs first. The second tree's figures are divided by the first's.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, sleep, TICKS_PER_SECOND } from './common.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const trees = option('trees', `/work/wt/base@1dafeea,${here}@HEAD`)
  .split(',')
  .filter(Boolean)
  .map((spec) => {
    const at = spec.lastIndexOf('@');
    const [repository, revision] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, 'HEAD'];
    // The commit itself, resolved once: a branch that moves during the bench does not change what is measured.
    const commit = execFileSync('git', ['-C', repository, 'rev-parse', `${revision}^{commit}`], { encoding: 'utf8' }).trim();
    return { spec, repository, commit };
  });
if (trees.length !== 2) throw new Error('--trees needs two repository[@revision], comma-separated');
const rounds = Number(option('rounds', 5));
const warmup = Number(option('warmup', 1));
const port = Number(option('port', 3330));
const nodeModules = path.resolve(option('node-modules', here));
const keepLogs = option('keep-logs');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A clone of the commit with the installed node_modules hard-linked in; nothing built. */
function makeClone(tree) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-fresh-start-'));
  const url = tree.repository.includes('://') ? tree.repository : `file://${path.resolve(tree.repository)}`;
  execFileSync('git', ['clone', '--quiet', '--no-checkout', url, dir], { stdio: 'inherit' });
  execFileSync('git', ['-C', dir, 'checkout', '--quiet', '--detach', tree.commit], { stdio: 'inherit' });
  for (const workspace of ['.', 'apps/server', 'apps/web', 'packages/contracts']) {
    const source = path.join(nodeModules, workspace, 'node_modules');
    if (existsSync(source)) execFileSync('cp', ['-al', source, path.join(dir, workspace)]);
  }
  for (const made of ['apps/server/dist', 'apps/server/.cache', 'apps/web/dist', 'data']) {
    if (existsSync(path.join(dir, made))) throw new Error(`${dir}/${made} exists in a fresh clone`);
  }
  // The clone's and the links' writes reach the disk before the clock starts, not during the run.
  execFileSync('sync');
  return dir;
}

/** CPU (ms) of a process and of the children it reaped, and of its live descendants likewise. */
function treeCpu(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return 0;
  }
  // Fields 14-17 of proc(5): utime, stime, cutime, cstime (here from index 11, after pid and comm).
  let ticks = Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14]);
  let children = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
    }
  } catch {
    children = [];
  }
  let total = (ticks / TICKS_PER_SECOND) * 1000;
  for (const child of children) total += treeCpu(Number(child));
  return total;
}

async function once(tree, label) {
  const dir = makeClone(tree);
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  // The clone's own ./data, as a user's first `npm start` has it.
  delete env.DATA_DIR;
  delete env.DATABASE_URL;
  const output = [];
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stamp = path.join(dir, 'apps/web/dist/.build-complete');
  let ready;
  let settled;
  try {
    while (!settled) {
      if (exited) throw new Error(`${tree.spec}: start.mjs exited before answering /api/health\n${Buffer.concat(output).toString()}`);
      if (!ready) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) ready = { wall: performance.now() - started, cpu: treeCpu(child.pid) };
      }
      if (ready && existsSync(stamp)) settled = { wall: performance.now() - started, cpu: treeCpu(child.pid) };
      else await sleep(20);
    }
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    if (!exited) await new Promise((resolve) => child.once('exit', resolve));
    // The server's own exit may take a moment after start.mjs's; its folder is removed after it.
    for (let tries = 0; tries < 50; tries += 1) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        break;
      }
      await sleep(100);
    }
    if (keepLogs) writeFileSync(path.join(keepLogs, `${label}.log`), Buffer.concat(output));
    rmSync(dir, { recursive: true, force: true });
  }
  return { ready, settled };
}

const results = trees.map(() => []);
console.log(trees.map((tree, index) => `tree ${index}: ${tree.spec} = ${tree.commit.slice(0, 10)}`).join('\n'));
for (let run = 0; run < warmup; run += 1) for (const [index, tree] of trees.entries()) await once(tree, `warmup-${run}-${index}`);
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const index of order) {
    const result = await once(trees[index], `round-${round}-${index}`);
    results[index].push(result);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    console.log(
      `round ${round} tree ${index}: ready ${(result.ready.wall / 1000).toFixed(2)} s (cpu ${(result.ready.cpu / 1000).toFixed(2)} s), settled ${(result.settled.wall / 1000).toFixed(2)} s (cpu ${(result.settled.cpu / 1000).toFixed(2)} s), load ${load}`,
    );
  }
}
const summary = (values) => `${(median(values) / 1000).toFixed(2)} s (${(Math.min(...values) / 1000).toFixed(2)}-${(Math.max(...values) / 1000).toFixed(2)})`;
for (const [index, list] of results.entries()) {
  console.log(
    `tree ${index} ${trees[index].spec}: ready ${summary(list.map((r) => r.ready.wall))}, cpu ${summary(list.map((r) => r.ready.cpu))}; settled ${summary(list.map((r) => r.settled.wall))}, cpu ${summary(list.map((r) => r.settled.cpu))}`,
  );
}
const ratio = (pick) => {
  const perRound = results[1].map((result, round) => pick(result) / pick(results[0][round]));
  return `${(median(results[1].map(pick)) / median(results[0].map(pick))).toFixed(3)} of medians, per round ${median(perRound).toFixed(3)} (${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)})`;
};
console.log(`tree 1 / tree 0: ready wall ${ratio((r) => r.ready.wall)}; ready cpu ${ratio((r) => r.ready.cpu)}`);
console.log(`                 settled wall ${ratio((r) => r.settled.wall)}; settled cpu ${ratio((r) => r.settled.cpu)}`);
