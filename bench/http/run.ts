// /api/health throughput and p99 next to a plain node:http hello server, in the same run.
// Run: node --import tsx bench/http/run.ts [--duration 10] [--connections 50]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createRuntime } from '../../apps/server/src/runtime';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 50);

async function measure(url: string) {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const hello = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;

  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const runtime = await createRuntime({ config, runWorkers: false });
  const app = await buildApp(runtime.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;

  await measure(appUrl); // warm-up
  const baseline = await measure(helloUrl);
  const health = await measure(appUrl);
  console.log(`node:http hello   ${baseline.rps.toFixed(0).padStart(7)} req/s  p99 ${baseline.p99} ms  errors ${baseline.errors}`);
  console.log(`GET /api/health   ${health.rps.toFixed(0).padStart(7)} req/s  p99 ${health.p99} ms  errors ${health.errors}`);
  console.log(`ratio health/hello: ${(health.rps / baseline.rps).toFixed(2)}  (${duration}s, ${connections} connections, ${runtime.ctx.database.kind})`);

  await app.close();
  await runtime.close();
  hello.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
