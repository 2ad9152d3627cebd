import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { useTestContext } from '../test/test-context';

const webDist = path.resolve(__dirname, '../test/fixtures/web-dist');

describe('foundation: app wiring', () => {
  const t = useTestContext({ webDistDir: webDist, env: { CORS_ORIGINS: 'https://partner.example' } });

  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('loads pg-boss only when the job queue is first used', async () => {
    const loaded = () => Object.keys(createRequire(import.meta.url).cache);
    const pgBoss = /[\\/]node_modules[\\/]pg-boss[\\/]/;
    expect(loaded().filter((file) => pgBoss.test(file))).toEqual([]);
    expect(typeof (await t.ctx.jobs.boss()).send).toBe('function');
    expect(loaded().some((file) => pgBoss.test(file))).toBe(true);
  });

  it('validates with Zod without loading Fastify\'s default compilers (Ajv, fast-json-stringify)', async () => {
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.includes(`${path.sep}fastify${path.sep}`))).toBe(true);
    expect(loaded.filter((file) => /[\\/]@fastify[\\/](ajv-compiler|fast-json-stringify-compiler)[\\/]/.test(file))).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
  });

  it('leaves the mail domain lists (2.5 MB of JSON) unread until a contact is checked', () => {
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.includes(`${path.sep}fastify${path.sep}`))).toBe(true);
    expect(loaded.filter((file) => /[\\/](disposable-email-domains|email-providers)[\\/]/.test(file))).toEqual([]);
  });

  it('answers readiness with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.ctx.database.kind });
  });

  it('answers 404 in the error shape for unknown API paths, in the caller language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', detail: 'This API path does not exist.', key: 'errors.ROUTE_NOT_FOUND' });
    const es = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(es.json().detail).toBe('Esta ruta de la API no existe.');
  });

  it('falls back to index.html for client routes, never caching it', async () => {
    for (const url of ['/', '/home', '/Policy/Terms', '/news/42?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and 404s missing files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/api/health', '/', '/api/missing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS only over https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    // trustProxy is off by default, so a forged header does not turn HSTS on.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows CORS only for configured origins', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes OpenAPI JSON generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});
