import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import type { ApiRouteAccess } from '../../plugins/auth';

/**
 * Every /api route registered by any module, walked with four kinds of caller. New routes are
 * covered as soon as they are registered: the list comes from the auth plugin's onRoute hook.
 */
const t = useTestContext();
let routes: ApiRouteAccess[];
let callers: Record<'cliente' | 'user' | 'admin' | 'superCliente', Record<string, string>>;

beforeAll(async () => {
  routes = t.app.apiRoutes;
  callers = {
    cliente: (await createSignedInUser(t.ctx, { role: 'cliente' })).headers,
    user: (await createSignedInUser(t.ctx, { role: 'user' })).headers,
    admin: (await createSignedInUser(t.ctx, { role: 'admin' })).headers,
    superCliente: (await createSignedInUser(t.ctx, { role: 'cliente', isSuperadmin: true })).headers,
  };
});

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, randomUUID()).replace(/\*/g, 'probe');
}

/**
 * For a write route the body has a content type no route accepts: the auth layer (onRequest) runs
 * first, and if it lets the caller through the answer is 415 before any handler changes data.
 */
function request(route: ApiRouteAccess, headers: Record<string, string>): InjectOptions {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers: { ...headers } };
  if (!['GET', 'HEAD', 'OPTIONS'].includes(route.method)) {
    options.headers = { ...headers, 'content-type': 'application/x-role-matrix-probe' };
    options.payload = 'probe';
  }
  return options;
}

async function call(route: ApiRouteAccess, headers: Record<string, string>) {
  const response = await t.app.inject(request(route, headers));
  let code: string | undefined;
  try {
    code = response.json().code;
  } catch {
    code = undefined;
  }
  return { status: response.statusCode, code, label: `${route.method} ${route.url}` };
}

function expectPassesAuth(result: { status: number; code?: string; label: string }) {
  expect(result.status, `${result.label} → ${result.status} ${result.code}`).not.toBe(401);
  expect(result.code === 'FORBIDDEN' && result.status === 403, `${result.label} refused by the auth layer`).toBe(false);
}

describe('role matrix over every /api route', () => {
  it('knows the routes and every route declares a known mode', () => {
    const labels = routes.map((route) => `${route.method} ${route.url}`);
    expect(labels).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/auth/me', 'GET /api/admin/sessions', 'PATCH /api/admin/users/:id']));
    // Issue 30: decisions and the audit trail, with who may call each.
    const modes = new Map(routes.map((route) => [`${route.method} ${route.url}`, route.auth]));
    expect(
      Object.fromEntries(
        [
          'POST /api/screening/decisions',
          'GET /api/screening/decisions',
          'GET /api/screening/decisions/:id',
          'POST /api/screening/decisions/:id/approve',
          'GET /api/audit',
          'GET /api/audit/mine',
          'GET /api/audit/export',
          'GET /api/audit/verify',
          'POST /api/due/report/:id/rerun',
        ].map((label) => [label, modes.get(label)]),
      ),
    ).toEqual({
      'POST /api/screening/decisions': 'user',
      'GET /api/screening/decisions': 'user',
      'GET /api/screening/decisions/:id': 'user',
      'POST /api/screening/decisions/:id/approve': 'admin',
      'GET /api/audit': 'user',
      'GET /api/audit/mine': 'user',
      'GET /api/audit/export': 'admin',
      'GET /api/audit/verify': 'admin',
      'POST /api/due/report/:id/rerun': 'user',
    });
    for (const route of routes) expect(['public', 'user', 'cliente', 'admin']).toContain(route.auth);
  });

  it('anonymous callers get 401 UNAUTHENTICATED on every non-public route', async () => {
    for (const route of routes.filter((candidate) => candidate.auth !== 'public')) {
      const result = await call(route, {});
      expect([result.label, result.status, result.code]).toEqual([result.label, 401, 'UNAUTHENTICATED']);
    }
  });

  it('a cliente who is not superadmin gets 403 outside the cliente routes and passes on them', async () => {
    for (const route of routes.filter((candidate) => candidate.auth !== 'public')) {
      const result = await call(route, callers.cliente);
      if (route.auth === 'cliente') expectPassesAuth(result);
      else expect([result.label, result.status, result.code]).toEqual([result.label, 403, 'FORBIDDEN']);
    }
  });

  it('a user gets 403 on admin routes and passes elsewhere', async () => {
    for (const route of routes.filter((candidate) => candidate.auth !== 'public')) {
      const result = await call(route, callers.user);
      if (route.auth === 'admin') expect([result.label, result.status, result.code]).toEqual([result.label, 403, 'FORBIDDEN']);
      else expectPassesAuth(result);
    }
  });

  it('an admin, and a superadmin whose role is cliente, pass the auth layer everywhere', async () => {
    for (const route of routes.filter((candidate) => candidate.auth !== 'public')) {
      expectPassesAuth(await call(route, callers.admin));
      expectPassesAuth(await call(route, callers.superCliente));
    }
  });

  it('the auth, profile, session and events routes are open to a cliente', () => {
    const clienteRoutes = routes.filter((route) => route.auth === 'cliente').map((route) => `${route.method} ${route.url}`);
    expect(clienteRoutes).toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'GET /api/auth/profile',
        'PUT /api/auth/profile',
        'GET /api/auth/sessions',
        'POST /api/auth/password/set',
        'POST /api/events/token',
      ]),
    );
  });
});
