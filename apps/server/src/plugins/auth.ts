import { errorBodySchema, isAdmin, isRestrictedClient, type Role } from '@fueldesk/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { verifyAccessToken } from '../lib/tokens';
import { authenticateSession, watchSessionChanges } from '../modules/sessions/sessions.service';

/**
 * Who may call a route. Deny by default: a route under /api without `config.auth` needs a
 * signed-in user who is not a restricted cliente.
 * - public: anyone
 * - user: any signed-in user except a cliente who is not superadmin
 * - cliente: any signed-in user, restricted clientes included (auth, profile, bank routes)
 * - admin: role admin or superadmin
 */
export type AuthMode = 'public' | 'user' | 'cliente' | 'admin';

export interface AuthUser {
  id: string;
  sessionId: string;
  role: Role;
  isSuperadmin: boolean;
  email: string;
}

/** One registered /api route and who may call it; the role-matrix test walks this list. */
export interface ApiRouteAccess {
  method: string;
  url: string;
  auth: AuthMode;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    apiRoutes: ApiRouteAccess[];
  }
}

/**
 * A route's options: who may call it (`config.auth`, read by the hook below), its schema and any
 * other route option (bodyLimit, helmet). The only way a module's route declares its auth
 * (eslint.config.js forbids a hand-written `config: { auth }`). The schema's type is kept as
 * written so the zod type provider still types the handler.
 */
export function route<const S extends FastifySchema, const O extends object = Record<never, never>>(
  auth: AuthMode,
  schema: S,
  options?: O,
): O & { config: { auth: AuthMode }; schema: S } {
  return { ...(options as O), config: { auth }, schema };
}

/** What a form's POST may answer besides its success: invalid input (400) and too many sends (429). */
export const formErrors = { 400: errorBodySchema, 429: errorBodySchema };

// RFC 6750 §2.1: exactly "Bearer", one space, one token68; anything else is not a bearer token.
const bearerPattern = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = bearerPattern.exec(header);
  if (!match) throw new AppError('TOKEN_INVALID', 401, 'The access token is not valid.');
  return match[1]!;
}

/** Verifies a token, then the live state of its session and user (the sessions module's check). */
export async function authenticateToken(app: FastifyInstance, token: string, typ = 'access'): Promise<AuthUser> {
  const ctx = app.ctx;
  const claims = await verifyAccessToken(ctx.config.JWT_SECRET, token, ctx.now(), typ);
  return authenticateSession(ctx, claims);
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const apiRoutes: ApiRouteAccess[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const auth = (route.config as { auth?: AuthMode } | undefined)?.auth ?? 'user';
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method, url: route.url, auth });
    }
  });

  const unsubscribe = watchSessionChanges(app.ctx);
  app.addHook('onClose', async () => unsubscribe());

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const mode: AuthMode = request.routeOptions.config?.auth ?? 'user';
    if (mode === 'public') {
      // A public route answers anyone: a malformed or stale header only means "not signed in".
      const token = (() => {
        try {
          return readBearer(request);
        } catch {
          return null;
        }
      })();
      if (token) request.user = await authenticateToken(app, token).catch(() => null);
      return;
    }
    const token = readBearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in.');
    const user = await authenticateToken(app, token);
    request.user = user;
    const subject = { role: user.role, is_superadmin: user.isSuperadmin };
    if (mode === 'admin' && !isAdmin(subject)) throw new AppError('FORBIDDEN', 403, 'This area is for administrators.');
    if (mode === 'user' && isRestrictedClient(subject)) {
      throw new AppError('FORBIDDEN', 403, 'Your account can only use bank verification.');
    }
  });
});

/** The signed-in user of a route that required one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in.');
  return request.user;
}
