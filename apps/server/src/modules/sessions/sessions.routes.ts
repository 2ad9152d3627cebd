import {
  adminEntityParamsSchema,
  adminSessionListResponseSchema,
  adminSessionRowSchema,
  adminSessionsQuerySchema,
  logoutBodySchema,
  okResponseSchema,
  pingBodySchema,
  pingResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  sessionListResponseSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, readBearer, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { listAdminSessions, listMySessions, logout, pingSession, refreshSession, revokeSessionAsAdmin } from './sessions.service';

/**
 * A session's life after sign-in (API.md "Auth and account" and "Admin"): refresh, ping, logout,
 * the caller's own sessions, and the administrators' list and revocation. Sign-in itself is
 * POST /auth/login in auth.routes.ts. Refresh, ping and logout are public: they check their own
 * proof (the refresh token, or a bearer token).
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.post(
    '/auth/refresh',
    route('public', { tags, summary: 'Rotate the refresh token', body: refreshBodySchema, response: { 200: refreshResponseSchema } }),
    async (request) => refreshSession(app.ctx, request.body.refresh_token),
  );

  app.post(
    '/auth/ping',
    route('public', { tags, summary: 'Keep the session alive (refresh token in the body, or a bearer token)', body: pingBodySchema, response: { 200: pingResponseSchema } }),
    async (request) => pingSession(app.ctx, { refreshToken: request.body?.refresh_token, bearerToken: readBearer(request) }),
  );

  app.post(
    '/auth/logout',
    route('public', { tags, summary: 'End the session', body: logoutBodySchema, response: { 200: okResponseSchema } }),
    async (request) => logout(app.ctx, { refreshToken: request.body?.refresh_token, bearerToken: readBearer(request) }, request.body),
  );

  app.get(
    '/auth/sessions',
    route('cliente', { tags, summary: "The caller's session records", response: { 200: sessionListResponseSchema } }),
    async (request) => {
      const user = currentUser(request);
      return listMySessions(app.ctx, user.id, user.sessionId);
    },
  );

  const adminTags = ['admin'];

  app.get(
    '/admin/sessions',
    route('admin', { tags: adminTags, summary: 'All sessions with user, active time and status', querystring: adminSessionsQuerySchema, response: { 200: adminSessionListResponseSchema } }),
    async (request) => listAdminSessions(app.ctx, currentUser(request), request.query),
  );

  app.post(
    '/admin/sessions/:id/revoke',
    route('admin', { tags: adminTags, summary: 'Revoke a session', params: adminEntityParamsSchema, response: { 200: adminSessionRowSchema } }),
    async (request) => revokeSessionAsAdmin(app.ctx, currentUser(request), request.params.id, auditActorOf(request)),
  );
};
