// GET /api/prices with an API key next to the same request with a session's access token, in one
// run on one process (issue 32: the key's check should cost at most 5 % more), then the p99 of each
// at a fixed 200 requests a second. The daily EIA files of ../shared/data are imported first.
// Run: node --import tsx bench/http/api-key.ts [--duration 10] [--connections 20] [--rounds 4] [--rate 200]
// PGlite by default; PostgreSQL with DATABASE_URL (a scratch database of its own).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

interface Figures {
  rps: number;
  mean: number;
  p99: number;
  errors: number;
}

async function measure(url: string, authorization: string, overallRate?: number): Promise<Figures> {
  const result = await autocannon({
    url,
    duration,
    connections: overallRate ? Math.min(connections, 10) : connections,
    pipelining: 1,
    headers: { authorization },
    ...(overallRate ? { overallRate } : {}),
  });
  return { rps: result.requests.average, mean: result.latency.mean, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
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
  try {
    for (const file of listDailyPriceFiles()) await importPriceFile(runtime.ctx, { name: file, text: readFileSync(path.join(sharedDataDir, file), 'utf8') });
    const app = await buildApp(runtime.ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/prices`;
    const signedIn = await createSignedInUser(runtime.ctx);
    const session = `Bearer ${signedIn.accessToken}`;
    const created = await createApiKey(runtime.ctx, { id: signedIn.user.id, sessionId: signedIn.session.id, role: 'user', isSuperadmin: false, email: signedIn.user.email }, { name: 'bench', scopes: ['prices:read'] });
    const key = `Bearer ${created.key}`;

    await measure(url, session); // warm-up of both paths
    await measure(url, key);
    const pairs: { session: Figures; key: Figures }[] = [];
    // Alternating rounds, the order swapped each time, so drift of a shared machine hits both.
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 ? await measure(url, key) : await measure(url, session);
      const second = round % 2 ? await measure(url, session) : await measure(url, key);
      pairs.push(round % 2 ? { key: first, session: second } : { session: first, key: second });
    }
    for (const [index, pair] of pairs.entries()) {
      console.log(
        `round ${index + 1}: session ${pair.session.rps.toFixed(0)} req/s (mean ${pair.session.mean.toFixed(2)} ms)  key ${pair.key.rps.toFixed(0)} req/s (mean ${pair.key.mean.toFixed(2)} ms)  key/session time ${(pair.session.rps / pair.key.rps).toFixed(3)}  errors ${pair.session.errors + pair.key.errors}`,
      );
    }
    const ratio = median(pairs.map((pair) => pair.session.rps / pair.key.rps));
    console.log(`median time per request, key / session: ${ratio.toFixed(3)} (goal ≤ 1.05)  (${duration}s × ${rounds} pairs, ${connections} connections, ${runtime.ctx.database.kind})`);

    const fixedSession = await measure(url, session, rate);
    const fixedKey = await measure(url, key, rate);
    console.log(`at ${rate} req/s: session p99 ${fixedSession.p99} ms (${fixedSession.rps.toFixed(0)} req/s, errors ${fixedSession.errors})  key p99 ${fixedKey.p99} ms (${fixedKey.rps.toFixed(0)} req/s, errors ${fixedKey.errors})`);
    await app.close();
  } finally {
    await runtime.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
