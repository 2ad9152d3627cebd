import { apiKeyMessages, errorBodySchema, errorMessages, isAdmin, isRestrictedClient, type ApiKeyScope, type Role } from '@fueldesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { verifyAccessToken } from '../lib/tokens';
import { scopeForRoute, screeningNamesOf } from '../modules/api-keys/api-key-scopes';
import { apiKeyUsage } from '../modules/api-keys/api-key-usage';
import type { ApiKeyState } from '../modules/api-keys/api-key-cache';
import {
  type ApiKeyRateState,
  authenticateApiKey,
  hitApiKeyRateLimit,
  isApiKey,
  recordApiKeyUse,
  spendScreeningNames,
  watchApiKeyChanges,
} from '../modules/api-keys/api-keys.service';
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
  /** The session of a signed-in person; '' for an API key, which never has or touches a session. */
  sessionId: string;
  /** Set when the caller is an API key (the owner's principal, limited to the key's scopes). */
  apiKey?: { id: string; scopes: ApiKeyScope[] };
  role: Role;
  isSuperadmin: boolean;
  email: string;
}

/** One registered /api route and who may call it; the role-matrix test walks this list. */
export interface ApiRouteAccess {
  method: string;
  url: string;
  auth: AuthMode;
  /** The API-key scope that opens this route (API.md "API keys"); null: no key may call it. */
  scope: ApiKeyScope | null;
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
  if (!match) throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
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
      if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method, url: route.url, auth, scope: auth === 'admin' ? null : scopeForRoute(method, route.url) });
    }
  });

  const unsubscribe = watchSessionChanges(app.ctx);
  const unsubscribeKeys = watchApiKeyChanges(app.ctx);
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeKeys();
    await apiKeyUsage(app.ctx).close();
  });

  app.addHook('onRequest', async (request, reply) => {
    // Fastify builds a new object on each read of routeOptions: read it once.
    const routeOptions = request.routeOptions;
    const url = routeOptions.url ?? '';
    const path = url || request.url;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return;
    const mode: AuthMode = routeOptions.config?.auth ?? 'user';
    // A key is judged as a key on every route, public ones included (see authenticateKeyRequest);
    // on an unknown /api path it is checked and counted, then the answer is the 404.
    const presented = readBearerQuietly(request);
    if (presented && isApiKey(presented)) {
      // A remembered key counted in memory answers without a promise: nothing to wait for.
      const pending = authenticateKeyRequest(app, request, reply, presented, mode, url);
      if (pending) await pending;
      return;
    }
    if (!url) return;
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
    if (!token) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
    const user = await authenticateToken(app, token);
    request.user = user;
    const subject = { role: user.role, is_superadmin: user.isSuperadmin };
    if (mode === 'admin' && !isAdmin(subject)) throw new AppError('FORBIDDEN', 403, errorMessages.ADMIN_ONLY);
    if (mode === 'user' && isRestrictedClient(subject)) {
      throw new AppError('FORBIDDEN', 403, errorMessages.BANK_ONLY);
    }
  });

  // Keys' batch screening spends names of the key's daily budget once the body has been checked.
  app.addHook('preHandler', async (request) => {
    const key = request.user?.apiKey;
    // Only a POST can spend names: a key's GET leaves without building routeOptions.
    if (!key || request.method !== 'POST') return;
    const names = screeningNamesOf(request.method, request.routeOptions.url ?? '', request.body);
    if (names !== null) await spendScreeningNames(app.ctx, key.id, names);
  });
});

function readBearerQuietly(request: FastifyRequest): string | null {
  try {
    return readBearer(request);
  } catch {
    return null;
  }
}

/**
 * An API key's request (`Authorization: Bearer fd_…`): the key and its owner are checked (401
 * API_KEY_INVALID when unknown, revoked, expired or the owner is inactive), the request counts
 * against the key's rate limit (RateLimit-* headers on every answer, 429 + Retry-After past it)
 * and its usage, then the route must be one its scopes open (403 API_KEY_SCOPE otherwise). The
 * Authorization header carries one credential, so a request with a key is judged by the key alone:
 * the owner's session (signed in or not, elsewhere) neither widens nor narrows it, and the key never
 * reads or touches a session.
 */
function authenticateKeyRequest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, mode: AuthMode, url: string): void | Promise<void> {
  // The request's time, read once for the expiry check and the usage count.
  const nowMs = app.ctx.now().getTime();
  // Promise chains, not async layers: a remembered key's check (and, with the memory store, its
  // count) is synchronous, and each await of an async step showed in the key's profile (issue 32).
  // A synchronous refusal throws into the hook, which answers it as a rejection.
  const state = authenticateApiKey(app.ctx, key, nowMs);
  if (state instanceof Promise) return state.then((live) => limitKeyRequest(app, request, reply, live, nowMs, mode, url));
  return limitKeyRequest(app, request, reply, state, nowMs, mode, url);
}

function limitKeyRequest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, state: ApiKeyState, nowMs: number, mode: AuthMode, url: string): void | Promise<void> {
  const rate = hitApiKeyRateLimit(app.ctx, state);
  if (rate instanceof Promise) return rate.then((counted) => admitKeyRequest(app, request, reply, state, counted, nowMs, mode, url));
  // The memory store counted at once: no promise of the key's own (issue 32).
  admitKeyRequest(app, request, reply, state, rate, nowMs, mode, url);
}

/** The text of a RateLimit-Limit header, made once per limit (the limit is the configuration's). */
let limitText = { limit: NaN, text: '' };
const limitHeader = (limit: number) => (limitText.limit === limit ? limitText.text : (limitText = { limit, text: String(limit) }).text);

function admitKeyRequest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, state: ApiKeyState, rate: ApiKeyRateState, nowMs: number, mode: AuthMode, url: string): void {
  reply.header('ratelimit-limit', limitHeader(rate.limit));
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', String(rate.resetSeconds));
  if (!rate.allowed) {
    throw new AppError('RATE_LIMITED', 429, apiKeyMessages.rateLimited, undefined, { 'retry-after': String(rate.resetSeconds) });
  }
  recordApiKeyUse(app.ctx, state.id, nowMs);
  if (!url) return;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const scope = mode === 'admin' ? null : scopeForRoute(method, url);
  if (!scope || !state.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE', 403, apiKeyMessages.scope);
  if (state.restricted) throw new AppError('FORBIDDEN', 403, errorMessages.BANK_ONLY);
  request.user = { id: state.userId, sessionId: '', role: state.role, isSuperadmin: state.isSuperadmin, email: state.email, apiKey: { id: state.id, scopes: state.scopes } };
}

/** The signed-in user of a route that required one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  return request.user;
}
