import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, vi } from 'vitest';

/**
 * Real server processes for the tests that kill them or run several side by side: `src/main.ts`
 * through tsx, as `npm run dev` runs it, so no prior build is needed.
 */
const serverDir = path.resolve(__dirname, '..');

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `src/main.ts` with the given environment; prints its last output if it exits with an error. */
export function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`server exited ${code ?? signal}:\n${output.slice(-3000)}`);
  });
  return child;
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** SIGKILLs whatever is still running (afterAll) and waits for the exits. */
export async function killAll(children: ChildProcess[]): Promise<void> {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
}

/** Waits until `GET {base}/health` answers 200 (a process under tsx takes seconds to start). */
export async function waitForHealth(base: string): Promise<void> {
  await vi.waitFor(async () => expect((await fetch(`${base}/health`)).ok).toBe(true), { timeout: 60_000, interval: 250 });
}

/** The environment every test server shares: quiet, no demo data or sanctions lists, a fixed secret. */
export function serverEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    SANCTIONS_PATHS: '',
    JWT_SECRET: 'process-test-secret-0123456789abcdef0123456789',
    // Every process must decrypt what another stored.
    DATA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    LLM_API_KEY: 'stub-key',
    LLM_MODEL: 'stub-model',
    // As in the in-process contexts: a busy test machine must not turn answers into 503.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  };
}

/** An open GET /api/events stream: everything received so far, as text. */
export interface EventStream {
  text(): string;
  /** How many events of this type arrived. */
  count(type: string): number;
  /** Resolves when the server ends the stream (or close() was called). */
  readonly ended: Promise<void>;
  close(): Promise<void>;
}

/** Opens the user's event stream on one server (token first, as the browser does) and waits for `ready`. */
export async function openEventStream(base: string, headers: Record<string, string>): Promise<EventStream> {
  const tokenResponse = await fetch(`${base}/events/token`, { method: 'POST', headers });
  expect(tokenResponse.status).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const stream = await fetch(`${base}/events?token=${encodeURIComponent(token)}`);
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      received += decoder.decode(value, { stream: true });
    }
  })();
  const count = (type: string) => received.split('\n').filter((line) => line === `event: ${type}`).length;
  await vi.waitFor(() => expect(count('ready')).toBe(1), { timeout: 10_000, interval: 50 });
  return {
    text: () => received,
    count,
    ended,
    async close() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}

/**
 * An OpenAI-compatible chat endpoint standing in for the narrative model. Each call is recorded
 * (by path, so that processes given different base URLs can be told apart) when it arrives, and
 * answered only once the gate is open: a test can hold a job in the middle of its work.
 */
export interface NarrativeStub {
  /** LLM_BASE_URL for a process; `label` names it in `calls`. */
  baseUrl(label: string): string;
  /** The label of every call received, answered or not. */
  readonly calls: string[];
  open(): void;
  close(): Promise<void>;
}

export async function startNarrativeStub(options: { open?: boolean } = {}): Promise<NarrativeStub> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  if (options.open) open();
  const calls: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    calls.push((req.url ?? '').split('/')[1] ?? '');
    req.resume();
    req.on('end', async () => {
      await gate;
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Narrative from the stub.' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: (label) => `http://127.0.0.1:${port}/${label}/v1`,
    calls,
    open: () => open(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
