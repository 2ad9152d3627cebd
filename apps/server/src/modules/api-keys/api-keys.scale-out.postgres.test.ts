import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testRedisUrl } from '../../../test/build-test-app';
import { createSignedInUser } from '../../../test/factories';
import { freePort, killAll, serverEnv, startServer, waitForHealth } from '../../../test/processes';
import { loadConfig } from '../../config';
import { createRuntime } from '../../runtime';

/**
 * Two API processes on one PostgreSQL and one Redis (REDIS_URL): a key's rate limit is one window
 * shared by both, its revocation on one stops it on the other although that one keeps key states
 * for a minute (AUTH_CACHE_TTL_MS), and its usage adds up from both.
 */
const LIMIT = 5;
/** Longer than any push needs, far shorter than the one-minute cache (no timing in tests). */
const PUSH_WAIT = { timeout: 10_000, interval: 50 };

describe('API keys on two API processes with Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-api-keys-'));
  const children: ChildProcess[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: string;
  let b: string;
  let owner: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl,
      AUTH_CACHE_TTL_MS: '60000',
      API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      API_KEY_USAGE_FLUSH_MS: '200',
    });
    const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    try {
      owner = (await createSignedInUser(setup.ctx)).headers;
    } finally {
      await setup.close();
    }
    const [portA, portB] = [await freePort(), await freePort()];
    a = `http://127.0.0.1:${portA}/api`;
    b = `http://127.0.0.1:${portB}/api`;
    children.push(startServer({ ...env, PROCESS_ROLE: 'api', PORT: String(portA) }), startServer({ ...env, PROCESS_ROLE: 'api', PORT: String(portB) }));
    await Promise.all([waitForHealth(a), waitForHealth(b)]);
  }, 120_000);

  afterAll(async () => {
    await killAll(children);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createKey(): Promise<{ id: string; key: string }> {
    const response = await fetch(`${a}/api-keys`, { method: 'POST', headers: { ...owner, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'feed', scopes: ['prices:read'] }) });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; key: string };
  }

  it('shares one rate-limit window between the processes, with Retry-After past it', async () => {
    const { key } = await createKey();
    const answers = [];
    for (let index = 0; index <= LIMIT; index += 1) {
      answers.push(await fetch(`${index % 2 ? b : a}/prices`, { headers: { authorization: `Bearer ${key}` } }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
    const retryAfter = Number(answers[LIMIT]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answers[LIMIT]!.headers.get('ratelimit-reset')).toBe(String(retryAfter));

    // The usage adds up from both processes (each stores its own counts).
    await vi.waitFor(async () => {
      const list = (await (await fetch(`${b}/api-keys`, { headers: owner })).json()) as { keys: { usage_count: number }[] };
      expect(list.keys[0]!.usage_count).toBe(LIMIT);
    }, PUSH_WAIT);
  });

  it('a revocation on one process stops the key on the other, whose cache held it', async () => {
    const { id, key } = await createKey();
    expect((await fetch(`${b}/prices`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${a}/api-keys/${id}`, { method: 'DELETE', headers: owner })).status).toBe(200);
    await vi.waitFor(async () => expect((await fetch(`${b}/prices`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401), PUSH_WAIT);
  });
});
