import { apiKeyScopes, type ApiKeyScope } from '@fueldesk/contracts';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { hashToken } from '../../lib/tokens';
import type { ApiRouteAccess } from '../../plugins/auth';
import { insertApiKey } from './api-keys.repository';
import { generateApiKey } from './api-keys.service';

/**
 * Every registered /api route × every kind of key, generated like the role matrix: a key passes the
 * auth layer exactly where API.md "API keys" opens its scope, and gets 403 API_KEY_SCOPE everywhere
 * else; an expired, revoked or deactivated owner's key gets 401 API_KEY_INVALID everywhere.
 */

/** API.md, in its own words: which method and path each scope opens. Independent of the server's table. */
const apiMdScopes: Record<ApiKeyScope, RegExp> = {
  'prices:read': /^GET \/api\/prices(\/.*)?$/, // GET /prices* (export included)
  'news:read': /^GET \/api\/news(\/.*)?$/, // GET /news*
  'screening:read': /^GET \/api\/screening\/(lists|search|entities\/:[a-z_]+)$/,
  'screening:write': /^POST \/api\/screening\/(batch|compare)$/,
};

const t = useTestContext({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '1000000', API_KEY_SCREENING_NAMES_PER_DAY: '1000000' } });
let routes: ApiRouteAccess[];
const keys: Record<string, string> = {};

async function keyFor(userId: string, scopes: string[], extra: { expiresAt?: Date; revokedAt?: Date } = {}): Promise<string> {
  const key = generateApiKey();
  await insertApiKey(t.ctx.db, { userId, name: 'matrix', prefix: key.slice(0, 11), keyHash: hashToken(key), scopes, createdAt: t.ctx.now(), ...extra });
  return key;
}

beforeAll(async () => {
  routes = t.app.apiRoutes;
  // An administrator's keys: the owner's role must not widen a key.
  const owner = await createSignedInUser(t.ctx, { role: 'admin', isSuperadmin: true });
  for (const scope of apiKeyScopes) keys[scope] = await keyFor(owner.user.id, [scope]);
  keys.all = await keyFor(owner.user.id, [...apiKeyScopes]);
  keys.none = await keyFor(owner.user.id, []);
  keys.expired = await keyFor(owner.user.id, [...apiKeyScopes], { expiresAt: new Date(Date.now() - 1_000) });
  keys.revoked = await keyFor(owner.user.id, [...apiKeyScopes], { revokedAt: new Date() });
  const leaver = await createSignedInUser(t.ctx);
  keys.deactivated = await keyFor(leaver.user.id, [...apiKeyScopes]);
  const admin = await createSignedInUser(t.ctx, { role: 'admin' });
  const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${leaver.user.id}`, headers: admin.headers, payload: { active: false } });
  expect(patch.statusCode).toBe(200);
});
afterAll(async () => {
});

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, randomUUID()).replace(/\*/g, 'probe');
}

/** As in the role matrix: a write gets a content type no route accepts, so a passed request ends at 415. */
async function call(route: ApiRouteAccess, key: string) {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers: { authorization: `Bearer ${key}` } };
  if (!['GET', 'HEAD', 'OPTIONS'].includes(route.method)) {
    options.headers = { ...options.headers, 'content-type': 'application/x-role-matrix-probe' };
    options.payload = 'probe';
  }
  const response = await t.app.inject(options);
  let code: string | undefined;
  try {
    code = response.json().code;
  } catch {
    code = undefined;
  }
  return { label: `${route.method} ${route.url}`, status: response.statusCode, code, limited: response.headers['ratelimit-limit'] };
}

const opens = (scopes: ApiKeyScope[], route: ApiRouteAccess) => scopes.some((scope) => apiMdScopes[scope].test(`${route.method} ${route.url}`));

describe('API-key matrix over every /api route', () => {
  it('finds the routes API.md names for each scope among the registered ones', () => {
    const labels = routes.map((route) => `${route.method} ${route.url}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /api/prices',
        'GET /api/prices/export',
        'GET /api/prices/history',
        'GET /api/news',
        'GET /api/news/:id',
        'GET /api/screening/lists',
        'GET /api/screening/search',
        'GET /api/screening/entities/:entity_id',
        'POST /api/screening/batch',
        'POST /api/screening/compare',
        'GET /api/api-keys',
        'DELETE /api/api-keys/:id',
      ]),
    );
    // The registry's own table agrees with API.md (the OpenAPI document is written from it).
    for (const route of routes) expect([route.method, route.url, route.scope]).toEqual([route.method, route.url, apiKeyScopes.find((scope) => opens([scope], route)) ?? null]);
  });

  const scoped: [string, ApiKeyScope[]][] = [...apiKeyScopes.map((scope) => [scope, [scope]] as [string, ApiKeyScope[]]), ['all', [...apiKeyScopes]], ['none', []]];
  it.each(scoped)('a %s key passes exactly on its scopes routes and gets 403 API_KEY_SCOPE elsewhere', async (name, scopes) => {
    let passed = 0;
    for (const route of routes) {
      const result = await call(route, keys[name]!);
      expect(result.limited, `${result.label}: RateLimit-Limit`).toBe('1000000');
      if (opens(scopes, route)) {
        passed += 1;
        expect(result.status, `${result.label} → ${result.status} ${result.code}`).not.toBe(401);
        expect(result.status === 403 && ['API_KEY_SCOPE', 'FORBIDDEN'].includes(result.code ?? ''), `${result.label} refused`).toBe(false);
      } else {
        expect([result.label, result.status, result.code]).toEqual([result.label, 403, 'API_KEY_SCOPE']);
      }
    }
    expect(passed > 0).toBe(scopes.length > 0);
  });

  it('the OpenAPI document names the key scheme and each operation scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of routes) {
      const operation = doc.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation || route.auth === 'public') continue;
      expect([route.method, route.url, operation['x-api-key-scope']]).toEqual([route.method, route.url, route.scope]);
    }
    expect(doc.paths['/api/prices/export'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/api-keys'].get.security).toEqual([{ bearer: [] }]);
  });

  it.each(['expired', 'revoked', 'deactivated'])('a key %s gets 401 API_KEY_INVALID on every route', async (name) => {
    for (const route of routes) {
      const result = await call(route, keys[name]!);
      expect([result.label, result.status, result.code]).toEqual([result.label, 401, 'API_KEY_INVALID']);
    }
  });
});
