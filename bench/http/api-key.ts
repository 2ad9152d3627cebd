// GET /api/prices with an API key next to the same request with a session's access token (issue 32:
// the key's check should cost at most 5 % more server time). The server runs in a child process of
// its own, autocannon in this one, so that the figures are the server's:
// - saturation, in alternating pairs: the server's CPU time per request (user + system of the child,
//   every thread) and the req/s ratio;
// - one request at a time in the server's process, session and key strictly alternating (see
//   `sequential`): the median time of each, the figure that holds on a busy shared machine;
// - the p99 of each at a fixed rate (--rate, 200 requests a second).
// The daily EIA files of ../shared/data are imported first.
// Run: node --import tsx bench/http/api-key.ts [--duration 10] [--connections 20] [--rounds 4] [--rate 200] [--sequential 20000]
// PGlite by default; PostgreSQL with DATABASE_URL (a scratch database of its own).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createApiKey } from '../../apps/server/src/modules/api-keys/api-keys.service';
import { importPriceFile } from '../../apps/server/src/modules/prices/price-import.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { createScratchDatabase } from '../../apps/server/test/build-test-app';
import { createSignedInUser } from '../../apps/server/test/factories';
import { listDailyPriceFiles, sharedDataDir } from '../../apps/server/test/market-data';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const rounds = arg('rounds', 4);
const rate = arg('rate', 200);
const sequentialRequests = arg('sequential', 20_000);

interface Figures {
  rps: number;
  mean: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per answered request, in microseconds. */
  cpuUs: number;
}

interface Ready {
  type: 'ready';
  url: string;
  session: string;
  key: string;
  database: string;
}

type FromServer = Ready | { type: 'cpu'; micros: number } | { type: 'sequential'; sessionUs: number; keyUs: number };

/** The server's side: the app on its own process, answering its CPU time when asked. */
async function serve() {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'fd_bench') : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-bench-key-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    EIA_API_KEY: '',
    // The limiter still counts every request (its cost is measured); it must only never refuse.
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const runtime = await createRuntime({ config, runWorkers: false });
  for (const file of listDailyPriceFiles()) await importPriceFile(runtime.ctx, { name: file, text: readFileSync(path.join(sharedDataDir, file), 'utf8') });
  const app = await buildApp(runtime.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const signedIn = await createSignedInUser(runtime.ctx);
  const created = await createApiKey(runtime.ctx, { id: signedIn.user.id, sessionId: signedIn.session.id, role: 'user', isSuperadmin: false, email: signedIn.user.email }, { name: 'bench', scopes: ['prices:read'] });
  const stop = async () => {
    await app.close();
    await runtime.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  const port = (app.server.address() as AddressInfo).port;
  const session = `Bearer ${signedIn.accessToken}`;
  const key = `Bearer ${created.key}`;
  process.on('message', (message: { type: string; requests?: number }) => {
    if (message.type === 'sequential') {
      void sequential(port, session, key, message.requests ?? 0).then((figures) => process.send!({ type: 'sequential', ...figures }));
    }
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ type: 'cpu', micros: usage.user + usage.system });
    }
    if (message.type === 'stop') void stop();
  });
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/prices`,
    session,
    key,
    database: runtime.ctx.database.kind,
  } satisfies Ready);
}

/**
 * One request at a time on one kept-alive connection, from this process to its own server, the
 * session's and the key's strictly alternating: both see the same moment of a shared machine, and
 * one thread does the client's and the server's work without waiting to be scheduled between them.
 * The medians leave out the requests a busy machine preempted. Client work is the same for both
 * (it parses three more headers for the key).
 */
async function sequential(port: number, session: string, key: string, requests: number): Promise<{ sessionUs: number; keyUs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (authorization: string) =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const request = http.get({ host: '127.0.0.1', port, path: '/api/prices', agent, headers: { authorization } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        response.resume();
        response.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1000));
      });
      request.on('error', reject);
    });
  for (let index = 0; index < 500; index += 1) await once(index % 2 ? key : session); // warm-up
  const sessionTimes: number[] = [];
  const keyTimes: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    // Pairs in both orders, so that neither side always follows the other.
    const keyFirst = index % 2 === 1;
    if (keyFirst) keyTimes.push(await once(key));
    sessionTimes.push(await once(session));
    if (!keyFirst) keyTimes.push(await once(key));
  }
  agent.destroy();
  return { sessionUs: median(sessionTimes), keyUs: median(keyTimes) };
}

function nextMessage<T extends FromServer['type']>(server: ChildProcess, type: T): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type !== type) return;
      server.off('message', onMessage);
      server.off('exit', onExit);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before answering ${type}`));
    server.on('message', onMessage);
    server.once('exit', onExit);
  });
}

async function serverCpu(server: ChildProcess): Promise<number> {
  const answer = nextMessage(server, 'cpu');
  server.send({ type: 'cpu' });
  return (await answer).micros;
}

async function measure(server: ChildProcess, url: string, authorization: string, overallRate?: number): Promise<Figures> {
  const before = await serverCpu(server);
  const result = await autocannon({
    url,
    duration,
    connections: overallRate ? Math.min(connections, 10) : connections,
    pipelining: 1,
    headers: { authorization },
    ...(overallRate ? { overallRate } : {}),
  });
  const cpu = (await serverCpu(server)) - before;
  return {
    rps: result.requests.average,
    mean: result.latency.mean,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs: cpu / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const server = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const { url, session, key, database } = await nextMessage(server, 'ready');
    await measure(server, url, session); // warm-up of both paths
    await measure(server, url, key);
    const pairs: { session: Figures; key: Figures }[] = [];
    // Alternating rounds, the order swapped each time, so drift of a shared machine hits both.
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 ? await measure(server, url, key) : await measure(server, url, session);
      const second = round % 2 ? await measure(server, url, session) : await measure(server, url, key);
      pairs.push(round % 2 ? { key: first, session: second } : { session: first, key: second });
    }
    for (const [index, pair] of pairs.entries()) {
      console.log(
        `round ${index + 1}: session ${pair.session.rps.toFixed(0)} req/s ${pair.session.cpuUs.toFixed(1)} µs CPU/req  key ${pair.key.rps.toFixed(0)} req/s ${pair.key.cpuUs.toFixed(1)} µs CPU/req  key/session CPU ${(pair.key.cpuUs / pair.session.cpuUs).toFixed(3)} time ${(pair.session.rps / pair.key.rps).toFixed(3)}  errors ${pair.session.errors + pair.key.errors}`,
      );
    }
    const cpuRatio = median(pairs.map((pair) => pair.key.cpuUs / pair.session.cpuUs));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    // Every pair weighs the same: the mean over pairs of each side's CPU per request.
    const pooledRatio = sum(pairs.map((pair) => pair.key.cpuUs)) / sum(pairs.map((pair) => pair.session.cpuUs));
    const timeRatio = median(pairs.map((pair) => pair.session.rps / pair.key.rps));
    console.log(`server CPU per request, key / session: median of pairs ${cpuRatio.toFixed(3)}, mean over pairs ${pooledRatio.toFixed(3)} (goal ≤ 1.05); median time per request (req/s ratio): ${timeRatio.toFixed(3)}  (${duration}s × ${rounds} pairs, ${connections} connections, ${database})`);

    const answer = nextMessage(server, 'sequential');
    server.send({ type: 'sequential', requests: sequentialRequests });
    const { sessionUs, keyUs } = await answer;
    console.log(
      `one request at a time, alternating (${sequentialRequests} of each): median session ${sessionUs.toFixed(1)} µs, key ${keyUs.toFixed(1)} µs, key / session ${(keyUs / sessionUs).toFixed(3)}`,
    );

    const fixedSession = await measure(server, url, session, rate);
    const fixedKey = await measure(server, url, key, rate);
    console.log(
      `at ${rate} req/s: session p99 ${fixedSession.p99} ms ${fixedSession.cpuUs.toFixed(1)} µs CPU/req (${fixedSession.rps.toFixed(0)} req/s, errors ${fixedSession.errors})  key p99 ${fixedKey.p99} ms ${fixedKey.cpuUs.toFixed(1)} µs CPU/req (${fixedKey.rps.toFixed(0)} req/s, errors ${fixedKey.errors})`,
    );
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.send({ type: 'stop' });
    await exited;
  } finally {
    if (server.exitCode === null) server.kill();
  }
}

(process.argv.includes('--serve') ? serve() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
