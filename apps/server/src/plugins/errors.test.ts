import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { formMessages, releaseMessages, withParams } from '@fueldesk/contracts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TestContext } from '../../test/build-test-app';
import { useTestContext } from '../../test/test-context';
import { AppError } from '../lib/app-error';

describe('error handling', () => {
  const t = useTestContext();
  /** The app the tests ask: the context's app, rebuilt with probe routes and a logger the tests read. */
  let api: TestContext['app'];
  /** What the app logged at error level, one parsed pino line each. */
  const logged: Record<string, any>[] = [];
  beforeAll(async () => {
    await t.app.close();
    // A fresh app with extra probe routes, built the same way as production.
    const { buildApp } = await import('../app');
    const loggerInstance = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const app = await buildApp(t.ctx, { loggerInstance });
    const probes: FastifyPluginAsyncZod = async (api) => {
      api.post(
        '/api/probe/validate',
        { config: { auth: 'public' }, schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) } },
        async () => ({ ok: true }),
      );
      api.get('/api/probe/boom', { config: { auth: 'public' } }, async () => {
        throw new Error('secret stack detail');
      });
      api.get('/api/probe/app-error', { config: { auth: 'public' } }, async () => {
        throw new AppError('CONFLICT', 409, withParams(releaseMessages.versionTaken, { version: '1.2.0' }), { version: formMessages.versionFormat },  { 'retry-after': '60' });
      });
    };
    await app.register(probes);
    await app.ready();
    api = app;
  });
  afterAll(() => api.close());

  it('names the invalid fields', async () => {
    const res = await api.inject({ method: 'POST', url: '/api/probe/validate', payload: { email: 'nope', age: 12 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['age', 'email']);
  });

  it('answers an unexpected error with a generic 500 and no stack', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', detail: 'Server error. Please try again later or contact support.', key: 'errors.INTERNAL_ERROR' });
    expect(res.body).not.toContain('secret stack detail');
    // The log line names the request, so that an answer's x-request-id finds its cause.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = logged.find((entry) => entry.msg === 'unexpected error');
    expect(line).toMatchObject({ reqId: requestId, err: { message: 'secret stack detail' } });
  });

  it('passes AppError status, code, detail and headers through', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/probe/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      detail: 'Version 1.2.0 has already been published.',
      key: 'releases.versionTaken',
      params: { version: '1.2.0' },
      fields: { version: 'Use digits and dots only, for example 1.2.0.' },
    });
  });

  it('translates the keys of an AppError into the language the caller prefers most (q-values)', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/probe/app-error', headers: { 'accept-language': 'fr-FR, en;q=0.5, es;q=0.8' } });
    expect(res.json()).toMatchObject({
      detail: 'La versión 1.2.0 ya se publicó.',
      key: 'releases.versionTaken',
      fields: { version: 'Use solo dígitos y puntos, por ejemplo 1.2.0.' },
    });
    const english = await api.inject({ method: 'GET', url: '/api/probe/app-error', headers: { 'accept-language': 'es;q=0.1, en-GB' } });
    expect(english.json().detail).toBe('Version 1.2.0 has already been published.');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', age: 20, pad: 'x'.repeat(t.config.BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
  });

  // Found by test/fuzz.openapi.test.ts: the router answered these with Fastify's own {error, message, statusCode}.
  it('answers an address with a broken percent-encoding with the house 400 body, in the caller\'s language', async () => {
    for (const url of ['/api/news/%E0%A4%A', '/api/legal/%zz', '/api/news/slug/%', '/api/news/%E0%A4%A?page=1']) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 'BAD_REQUEST', detail: 'The address of the request is not valid (a broken percent-encoding).', key: 'request.unreadableAddress' });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const spanish = await api.inject({ method: 'GET', url: '/api/news/%E0%A4%A', headers: { 'accept-language': 'es' } });
    expect(spanish.json()).toEqual({ code: 'BAD_REQUEST', detail: 'La dirección de la solicitud no es válida (una codificación porcentual incorrecta).', key: 'request.unreadableAddress' });
  });

  it('answers a path parameter over the router\'s length limit with the house 414 body', async () => {
    const res = await api.inject({ method: 'GET', url: `/api/news/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', detail: 'A part of the request address is too long.', key: 'request.addressTooLong' });
  });

  it('answers the same 414 with and without the web build, whose catch-all route would otherwise take the address', async () => {
    const { buildApp } = await import('../app');
    const withWeb = mkdtempSync(path.join(tmpdir(), 'fd-web-'));
    writeFileSync(path.join(withWeb, 'index.html'), '<!doctype html><title>FuelDesk</title>');
    for (const webDistDir of [withWeb, '/nonexistent-web-dist']) {
      const app = await buildApp(t.ctx, { loggerInstance: pino({ level: 'silent' }), webDistDir });
      try {
        const res = await app.inject({ method: 'GET', url: `/api/news/${'a'.repeat(500)}` });
        expect(res.statusCode, webDistDir).toBe(414);
        expect(res.json(), webDistDir).toEqual({ code: 'BAD_REQUEST', detail: 'A part of the request address is too long.', key: 'request.addressTooLong' });
        const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
        expect(missing.statusCode, webDistDir).toBe(404);
      } finally {
        await app.close();
      }
    }
    rmSync(withWeb, { recursive: true, force: true });
  });
});

describe('input the database cannot hold', () => {
  const t = useTestContext();

  it('refuses a NUL character in a body or a query with 400 and changes nothing', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nul@example.com', password: 'Password1', first_name: 'A\u0000', last_name: 'B', accept_terms: true, accept_privacy: true },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().fields).toEqual({ first_name: 'This field contains invalid characters.' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nul@example.com', password: 'Password1' } });
    expect(login.json().code).toBe('USER_NOT_FOUND');
    const query = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%00' });
    expect(query.statusCode).toBe(400);
  });
});
