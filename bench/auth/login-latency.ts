// Sign-in latency with argon2id (memory 19 MiB, 2 passes) on this machine: the bare hash/verify,
// then POST /api/auth/login end to end over HTTP on a listening server, one at a time and 4 at once.
// Run: node --import tsx bench/auth/login-latency.ts [--rounds 30]
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { hashPassword, verifyPassword } from '../../apps/server/src/lib/passwords';
import { createRuntime } from '../../apps/server/src/runtime';
import { users } from '../../apps/server/src/db/schema';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const rounds = arg('rounds', 30);
const password = 'Bench-Pass-2026';

function summarize(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  median ${pick(0.5).toFixed(1).padStart(6)} ms  p95 ${pick(0.95).toFixed(1).padStart(6)} ms  mean ${mean.toFixed(1).padStart(6)} ms`,
  );
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function main() {
  const hashes: number[] = [];
  const verifies: number[] = [];
  let stored = await hashPassword(password);
  for (let round = 0; round < rounds; round += 1) {
    const [hashMs, hash] = await time(() => hashPassword(password));
    hashes.push(hashMs);
    stored = hash;
    const [verifyMs, ok] = await time(() => verifyPassword(stored, password));
    if (!ok) throw new Error('verify failed');
    verifies.push(verifyMs);
  }

  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const runtime = await createRuntime({ config, runWorkers: false });
  const app = await buildApp(runtime.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const emails = Array.from({ length: 4 }, (_, index) => `bench-${index}-${Date.now()}@example.com`);
  await runtime.ctx.db.insert(users).values(emails.map((email) => ({ email, passwordHash: stored, emailVerifiedAt: new Date() })));

  const loginOnce = async (email: string) => {
    const [ms, response] = await time(() =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
    );
    const body = (await response.json()) as { refresh_token?: string };
    if (response.status !== 200) throw new Error(`login answered ${response.status}: ${JSON.stringify(body)}`);
    // Log out so the one-active-session rule lets the next round in at once.
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: body.refresh_token }) });
    return ms;
  };

  await loginOnce(emails[0]!); // warm-up
  const sequential: number[] = [];
  for (let round = 0; round < rounds; round += 1) sequential.push(await loginOnce(emails[0]!));
  const parallel: number[] = [];
  const wallStart = performance.now();
  for (let round = 0; round < Math.ceil(rounds / 4); round += 1) {
    parallel.push(...(await Promise.all(emails.map((email) => loginOnce(email)))));
  }
  const wallSeconds = (performance.now() - wallStart) / 1000;

  console.log(`Node ${process.version}, ${runtime.ctx.database.kind}, argon2id m=19456 KiB t=2 p=1`);
  summarize('argon2id hash', hashes);
  summarize('argon2id verify', verifies);
  summarize('POST /api/auth/login (1 at a time)', sequential);
  summarize('POST /api/auth/login (4 at once)', parallel);
  console.log(`login+logout pairs per second with 4 clients: ${(parallel.length / wallSeconds).toFixed(1)}`);
  await app.close();
  await runtime.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
