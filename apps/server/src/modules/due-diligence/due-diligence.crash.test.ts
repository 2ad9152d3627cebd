import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DueReport } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDb } from '../../../test/build-test-app';
import { createDueBody } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { loadConfig } from '../../config';
import { dueReports } from '../../db/schema';
import { createRuntime } from '../../runtime';

/**
 * The real server process, killed with SIGKILL while a report's job is queued, then started again:
 * the report must end ready, produced once and announced once. The first server runs as
 * PROCESS_ROLE=api (no workers) so the job is certainly still pending when it dies.
 */
const serverDir = path.resolve(__dirname, '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`server exited ${code ?? signal}:\n${output.slice(-3000)}`);
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('due diligence report across a kill -9 of the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-dd-crash-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let stub: Server;
  let narrativeCalls = 0;
  let releaseNarrative: () => void = () => {};
  const sseOpen = new Promise<void>((resolve) => (releaseNarrative = resolve));
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (testDb === 'postgres') scratch = await createScratchDatabase();
    // The narrative model answers only once the test listens on SSE, so report_ready cannot be missed.
    stub = createServer((req: IncomingMessage, res) => {
      req.resume();
      req.on('end', async () => {
        narrativeCalls += 1;
        await sseOpen;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Narrative from the stub.' } }] }));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      DEMO_DATA: 'false',
      SANCTIONS_PATHS: '',
      JWT_SECRET: 'crash-test-secret-0123456789abcdef0123456789',
      LLM_BASE_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`,
      LLM_API_KEY: 'stub-key',
      LLM_MODEL: 'stub-model',
    };
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes the queued report exactly once after a restart', async () => {
    // A Pro user, written straight into the database the server will open.
    const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    const { headers } = await createSignedInUser(setup.ctx, { planCode: 'pro' });
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const waitForHealth = () =>
      vi.waitFor(async () => expect((await fetch(`${base}/health`)).ok).toBe(true), { timeout: 60_000, interval: 250 });

    const first = startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'api' });
    children.push(first);
    await waitForHealth();
    const response = await fetch(`${base}/due/create`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(createDueBody()) });
    expect(response.status).toBe(201);
    const created = (await response.json()) as DueReport;
    expect(created.status).toBe('processing');
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    expect(narrativeCalls).toBe(0);

    const second = startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'all' });
    children.push(second);
    await waitForHealth();
    const { token } = (await (await fetch(`${base}/events/token`, { method: 'POST', headers })).json()) as { token: string };
    const stream = await fetch(`${base}/events?token=${encodeURIComponent(token)}`);
    const reader = stream.body!.getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();
    await vi.waitFor(() => expect(received).toContain('event: ready'), { timeout: 10_000, interval: 50 });
    releaseNarrative();

    await vi.waitFor(
      async () => {
        const report = (await (await fetch(`${base}/due/report/${created.id}`, { headers })).json()) as DueReport;
        expect(report.status).toBe('ready');
      },
      { timeout: 60_000, interval: 250 },
    );
    // A graceful stop ends the stream; everything the server announced is then in `received`.
    second.kill('SIGTERM');
    await exited(second);
    await reading;

    expect(received.match(/event: report_ready/g)).toHaveLength(1);
    expect(narrativeCalls).toBe(1);
    const check = await createRuntime({ config: loadConfig(env), runWorkers: false });
    try {
      const [stored] = await check.ctx.db.select().from(dueReports).where(eq(dueReports.id, created.id));
      expect(stored).toMatchObject({ status: 'ready', attempts: 1 });
    } finally {
      await check.close();
    }
  }, 180_000);
});
