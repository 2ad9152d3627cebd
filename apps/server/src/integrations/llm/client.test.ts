import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmClient, LlmError } from './client';

let server: Server;
let baseUrl: string;
let hits = 0;
let reply: (res: import('node:http').ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits += 1;
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createLlmClient', () => {
  it('needs a base URL and a model, and the key only when asked to', () => {
    expect(createLlmClient({ LLM_BASE_URL: baseUrl })).toBeNull();
    expect(createLlmClient({ LLM_MODEL: 'm' })).toBeNull();
    expect(createLlmClient({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm' }, { requireKey: true })).toBeNull();
    expect(createLlmClient({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm' })).not.toBeNull();
  });

  it('tries a failing endpoint once, without retries', async () => {
    hits = 0;
    reply = (res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"busy"}}');
    const client = createLlmClient({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LLM_API_KEY: 'k' })!;
    const error = await client.complete({ system: 's', user: 'u' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as Error).message).toMatch(/HTTP 503/);
    expect(hits).toBe(1);
  });

  it('gives up after the timeout with an LlmError', async () => {
    hits = 0;
    reply = () => undefined; // never answers
    const client = createLlmClient({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm' }, { timeoutMs: 1_000 })!;
    const error = await client.complete({ system: 's', user: 'u' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as Error).message).toMatch(/could not be reached/);
    expect(hits).toBe(1);
  });
});
