#!/usr/bin/env node
// Paired resident memory after run-all's load pattern, two (or more) checkouts alternating: each round
// starts every tree's `npm start`, signs in, asks for the 5-product history 30 times, runs autocannon on
// GET /api/prices (10 connections, --load seconds) with history requests beside it, then reads the
// server's VmRSS / VmHWM and its CPU per 1,000 requests, and stops it. With --smaps it also prints
// /proc/<pid>/smaps' resident memory by kind of mapping (256 KiB anonymous mappings are V8's pages).
//
//   node bench/paired/memory.mjs --trees /work/wt/base,/work/wt/mine (--data DIR | --pg URL) [--rounds 3]
//        [--port 3232] [--load 10] [--smaps] [--env "K=V K=V"] [--env2 "K=V"]
//
// --data: a PGlite data folder holding the imported prices and bench/run-all.mjs's admin
// (bench-admin@fueldesk.test), copied afresh for every start; --pg: a PostgreSQL database holding them.
// --env / --env2: variables for all trees / the second (e.g. --trees T,T --env2 "MALLOC_CONF=..." pairs a setting).
// On PostgreSQL the admin's sessions are deleted after each run: an account has one active session, and
// the next run's sign-in would be refused (409) for a minute.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pgPackage from 'pg';
import { cpuTicks, flag, median, option, sleep, treeEnvs } from './common.mjs';

const trees = option('trees', '').split(',').filter(Boolean);
if (trees.length === 0) throw new Error('--trees A,B is required');
const rounds = Number(option('rounds', 3));
const port = Number(option('port', 3232));
const data = option('data');
const pg = option('pg');
if (!data && !pg) throw new Error('--data DIR or --pg URL is required');
const loadSeconds = Number(option('load', 10));
const smaps = flag('smaps');
const envs = treeEnvs(trees);
const base = `http://127.0.0.1:${port}/api`;
const HISTORY_QUERY = 'codes=WTI,BRENT,GASOLINE_NYH,ULSD_NYH,JET_USGC&from=2014-12-31&to=2024-12-31';

/** Resident MiB by kind of mapping: the file mapped, or an anonymous mapping by its size. */
function residentByMapping(pid) {
  const kinds = {};
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const kib = (parseInt(header[2], 16) - parseInt(header[1], 16)) / 1024;
      kind = header[3] || (kib === 256 ? '[anon 256 KiB]' : kib >= 65536 ? '[anon ≥ 64 MiB]' : kib > 1024 ? '[anon > 1 MiB]' : '[anon small]');
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return Object.entries(kinds)
    .filter(([, mib]) => mib > 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, mib]) => `${name} ${mib.toFixed(1)}`)
    .join(' | ');
}

async function timeHistory(headers) {
  const started = performance.now();
  await (await fetch(`${base}/prices/history?${HISTORY_QUERY}`, { headers })).arrayBuffer();
  return performance.now() - started;
}

async function once(index) {
  const dir = path.join(tmpdir(), `fd-paired-memory-${process.pid}-${index}`);
  rmSync(dir, { recursive: true, force: true });
  if (data) cpSync(data, dir, { recursive: true });
  const env = { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: pg ?? '', ...envs[index] };
  const child = spawn(process.execPath, [path.join(trees[index], 'scripts/start.mjs')], { cwd: trees[index], env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      const ok = await fetch(`${base}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const pid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@fueldesk.test', password: 'Bench-Admin-2026' }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
    const idle = [];
    for (let i = 0; i < 30; i += 1) idle.push(await timeHistory(headers));
    const ticks = cpuTicks(pid);
    const load = autocannon({ url: `${base}/prices`, connections: 10, duration: loadSeconds, headers });
    await sleep(1000);
    const underLoad = [];
    const ends = performance.now() + (loadSeconds - 2) * 1000;
    while (performance.now() < ends) underLoad.push(await timeHistory(headers));
    const result = await load;
    const cpuMs = (cpuTicks(pid) - ticks) * 10;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024;
    if (smaps) console.log(`  ${residentByMapping(pid)}`);
    return {
      rss: mib('VmRSS'),
      peak: mib('VmHWM'),
      rps: result.requests.average,
      cpuPerThousand: cpuMs / (result.requests.total / 1000),
      historyIdle: median(idle.slice(5)),
      historyLoad: median(underLoad),
    };
  } finally {
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
    if (pg) {
      const client = new pgPackage.Client({ connectionString: pg });
      await client.connect();
      await client.query("delete from sessions where user_id = (select id from users where email = 'bench-admin@fueldesk.test')");
      await client.end();
    }
  }
}

const results = trees.map(() => []);
for (let round = 0; round < rounds; round += 1) {
  const order = trees.map((_, index) => index);
  if (round % 2 === 1) order.reverse();
  for (const index of order) {
    const r = await once(index);
    results[index].push(r);
    console.log(
      `round ${round} ${trees[index]}: rss ${r.rss.toFixed(0)} MiB (peak ${r.peak.toFixed(0)}), ${r.rps.toFixed(0)} req/s, ` +
        `cpu ${r.cpuPerThousand.toFixed(0)} ms per 1,000 requests, history ${r.historyIdle.toFixed(1)} / ${r.historyLoad.toFixed(1)} ms`,
    );
  }
}
for (let index = 0; index < trees.length; index += 1) {
  const list = results[index];
  console.log(
    `${trees[index]}: rss ${median(list.map((r) => r.rss)).toFixed(0)} MiB [${list.map((r) => r.rss.toFixed(0)).join(' ')}], ` +
      `${median(list.map((r) => r.rps)).toFixed(0)} req/s, cpu ${median(list.map((r) => r.cpuPerThousand)).toFixed(0)} ms per 1,000, ` +
      `history ${median(list.map((r) => r.historyIdle)).toFixed(1)} / ${median(list.map((r) => r.historyLoad)).toFixed(1)} ms`,
  );
}
