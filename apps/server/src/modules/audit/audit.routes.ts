import { auditExportQuerySchema, auditListResponseSchema, auditQuerySchema, auditVerifyResponseSchema, errorBodySchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, route } from '../../plugins/auth';
import { exportAuditCsv, listAudit, verifyAuditChain } from './audit.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The audit trail (API.md "Decisions on matches and the audit trail"): read, export, verify. Nothing writes to it from outside a service's transaction. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    route('user', {
      tags: ['audit'],
      summary: "Audit entries, newest first: admins every entry, anybody else their own",
      querystring: auditQuerySchema,
      response: { 200: auditListResponseSchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listAudit(app.ctx, currentUser(request), request.query)),
  );

  app.get(
    '/audit/mine',
    route('user', {
      tags: ['audit'],
      summary: "The caller's own audit entries (My activity), admins included",
      querystring: auditQuerySchema,
      response: { 200: auditListResponseSchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listAudit(app.ctx, currentUser(request), request.query, true)),
  );

  app.get(
    '/audit/export',
    route('admin', { tags: ['audit'], summary: "Every matching audit entry as CSV, oldest first (admin)", querystring: auditExportQuerySchema }),
    async (request, reply) => {
      const { format: _format, ...query } = request.query;
      const stamp = app.ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fueldesk-audit-${stamp}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(exportAuditCsv(app.ctx, currentUser(request), query));
    },
  );

  app.get(
    '/audit/verify',
    route('admin', { tags: ['audit'], summary: 'Recomputes the hash chain: ok, entries, the first entry that does not hold (admin)', response: { 200: auditVerifyResponseSchema, ...errors } }),
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await verifyAuditChain(app.ctx)),
  );
};
