import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createSignedInUser } from '../../test/factories';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

/**
 * PostgreSQL behind a TCP proxy the test controls (both test projects: the fault is a network
 * one, which the embedded database cannot have). Every route answers 503 + Retry-After while the
 * database refuses or hangs, within the configured timeouts, and recovers by itself.
 */
const baseUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const scratch = `fd_fault_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let proxy: TcpProxy;
let headers: Record<string, string>;

beforeAll(async () => {
  await admin(`create database ${scratch}`);
  proxy = await startTcpProxy({ host: baseUrl.hostname, port: Number(baseUrl.port || 5432) });
});
afterAll(async () => {
  await proxy.close();
  await admin(`drop database if exists ${scratch} with (force)`);
});

// After the proxy's hooks: built once it listens, closed before it stops (and after it passes again).
const t = useTestContext(() => {
  const url = new URL(baseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${scratch}`;
  return { env: { DATABASE_URL: url.toString(), DB_CONNECT_TIMEOUT_MS: '3000', DB_STATEMENT_TIMEOUT_MS: '800', DB_IDLE_TRANSACTION_TIMEOUT_MS: '1000' } };
});

beforeAll(async () => {
  ({ headers } = await createSignedInUser(t.ctx));
});
afterAll(() => proxy.pass());

const requests = () => [
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers }),
  t.app.inject({ method: 'GET', url: '/api/news', headers }),
  t.app.inject({ method: 'GET', url: '/api/prices', headers }),
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'someone@example.com', password: 'Secret123' } }),
];

async function expectUnavailable() {
  const responses = await Promise.all(requests());
  for (const [index, response] of responses.entries()) {
    expect(response.statusCode, `request ${index}: ${response.body}`).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'Service temporarily unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }
  const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(ready.statusCode).toBe(503);
}

async function expectRecovered() {
  await vi.waitFor(
    async () => {
      const statuses = (await Promise.all(requests())).map((response) => response.statusCode);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses[3]).toBe(404);
    },
    { timeout: 10_000, interval: 200 },
  );
}

describe('database outages', () => {
  it('answers as usual through the proxy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while the database refuses connections, then recovers', async () => {
    await proxy.refuse();
    await expectUnavailable();
    const spanish = await t.app.inject({ method: 'GET', url: '/api/news', headers: { ...headers, 'accept-language': 'es' } });
    expect(spanish.json().detail).toBe('Servicio temporalmente no disponible');
    await proxy.pass();
    await expectRecovered();
  });

  it('answers 503 instead of hanging while the database accepts and never answers, then recovers', async () => {
    proxy.hang();
    await expectUnavailable();
    await proxy.pass();
    await expectRecovered();
  }, 30_000);
});
