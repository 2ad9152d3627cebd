#!/usr/bin/env node
// Issue 36's import goal, paired: `npm run fueldesk -- import-prices` of the 22 daily EIA files of
// ../shared/data (bench/run-all.mjs's dailyFiles) into a fresh install, run alternately from several
// checkouts of the repository (each already built: `node scripts/build-server.mjs`), so that a figure
// and its baseline are taken in the same minutes of a shared machine. Wall time (process start
// included, through npm as a user types it) and CPU time (user + system of the whole process tree).
//
//   node bench/prices/import-cli.mjs --trees /work/wt/a,/work/wt/b [--runs 5] [--postgres] [--cpu-prof DIR] [--port 3290]
//
// --postgres imports into a scratch PostgreSQL database (DATABASE_URL names the server), else into a
// copy of a fresh embedded PGlite install. --cpu-prof writes a V8 CPU profile of each CLI process.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharedData = path.resolve(root, '../shared/data');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const trees = option('trees', root).split(',').map((tree) => path.resolve(tree));
const RUNS = Number(option('runs', 5));
const postgres = args.includes('--postgres');
const cpuProf = option('cpu-prof', null);
const PORT = Number(option('port', 3290));
const pgUrl = process.env.DATABASE_URL;
if (postgres && !pgUrl) throw new Error('--postgres needs DATABASE_URL');

/** The same list as bench/run-all.mjs's dailyFiles(). */
function dailyFiles() {
  const files = [];
  for (const folder of readdirSync(sharedData).filter((name) => /^eia-(brent-wti|product-spot-)/.test(name)).sort()) {
    for (const name of readdirSync(path.join(sharedData, folder)).sort()) {
      if (name.endsWith('.csv') && !/weekly|monthly/.test(name) && name !== 'DHHNGSP.csv') files.push(path.join(sharedData, folder, name));
    }
  }
  return files;
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs a command under /usr/bin/time: wall and CPU seconds of it and its children, peak resident MiB. */
function timed(command, commandArgs, cwd, env) {
  const result = spawnSync('/usr/bin/time', ['-f', 'FDTIME %e %U %S %M', command, ...commandArgs], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
  const line = result.stderr.split('\n').find((text) => text.startsWith('FDTIME'));
  if (result.status !== 0 || !line) throw new Error(`${command} ${commandArgs[0]} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  const [, wall, user, system, maxKib] = line.split(' ').map(Number);
  return { wall, cpu: user + system, peakMiB: maxKib / 1024, stdout: result.stdout };
}

/**
 * A fresh install as bench/run-all.mjs makes it: the compiled server started on it until /api/health
 * answers (migrations and the demo price history it seeds, which the import then replaces), then stopped.
 */
async function freshInstall(tree, env) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: tree,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(PORT), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server of ${tree} exited before answering /api/health`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((response) => response.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const range = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

const files = dailyFiles();
const work = mkdtempSync(path.join(tmpdir(), 'fd-bench-import-'));
const stem = `fd_bench_import_${process.pid}`;
const databases = [];
const figures = trees.map(() => ({ wall: [], cpu: [], peak: [], summary: '' }));
try {
  // A fresh install per tree (its own migrations), copied for each run.
  for (const [t, tree] of trees.entries()) {
    const env = postgres ? { DATA_DIR: path.join(work, `data-${t}`) } : { DATA_DIR: path.join(work, `fresh-${t}`), DATABASE_URL: '' };
    if (postgres) {
      await adminQuery(`create database ${stem}_fresh_${t}`);
      databases.push(`${stem}_fresh_${t}`);
      env.DATABASE_URL = new URL(`/${stem}_fresh_${t}`, pgUrl).toString();
    }
    await freshInstall(tree, env);
  }
  // Run -1 is a warm-up, not counted: it writes a build's code cache if it has none yet, and fills the page cache.
  for (let run = -1; run < RUNS; run += 1) {
    for (const [t, tree] of trees.entries()) {
      const env = { LOG_LEVEL: 'warn' };
      if (postgres) {
        const name = `${stem}_run_${t}_${run + 1}`;
        await adminQuery(`create database ${name} template ${stem}_fresh_${t}`);
        databases.push(name);
        Object.assign(env, { DATA_DIR: path.join(work, `data-${t}`), DATABASE_URL: new URL(`/${name}`, pgUrl).toString() });
      } else {
        const dir = path.join(work, `run-${t}-${run + 1}`);
        // The fresh install's directory lock (a socket file) stays behind: not copied.
        cpSync(path.join(work, `fresh-${t}`), dir, { recursive: true, filter: (source) => !source.endsWith('.sock') });
        Object.assign(env, { DATA_DIR: dir, DATABASE_URL: '' });
      }
      let command = ['npm', ['run', '--silent', 'fueldesk', '--', 'import-prices', ...files]];
      if (cpuProf) {
        // Node refuses --cpu-prof in NODE_OPTIONS: the CLI's script is run by node itself (no npm).
        const dir = path.resolve(cpuProf, `${path.basename(tree)}-${run}`);
        mkdirSync(dir, { recursive: true });
        command = [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'scripts/fueldesk.mjs', 'import-prices', ...files]];
      }
      const result = timed(command[0], command[1], tree, env);
      if (!postgres) rmSync(env.DATA_DIR, { recursive: true, force: true });
      else await adminQuery(`drop database if exists ${databases.pop()} with (force)`);
      if (run < 0) continue;
      figures[t].wall.push(result.wall);
      figures[t].cpu.push(result.cpu);
      figures[t].peak.push(result.peakMiB);
      figures[t].summary = result.stdout.trim().split('\n').at(-1);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
}

console.log(`import-prices, ${files.length} daily EIA files, ${postgres ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs alternating (median, range)`);
for (const [t, tree] of trees.entries()) {
  const f = figures[t];
  const ratio = t === 0 ? '' : `  ratio to the first tree: wall ${(median(f.wall) / median(figures[0].wall)).toFixed(2)}, cpu ${(median(f.cpu) / median(figures[0].cpu)).toFixed(2)}`;
  console.log(
    `  ${tree}: wall ${median(f.wall).toFixed(2)} s (${range(f.wall)}), cpu ${median(f.cpu).toFixed(2)} s (${range(f.cpu)}), peak ${median(f.peak).toFixed(0)} MiB${ratio}`,
  );
  console.log(`    ${f.summary}`);
}
