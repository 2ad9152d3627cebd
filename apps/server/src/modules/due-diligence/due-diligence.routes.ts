import {
  createDueReportBodySchema,
  dueReportListSchema,
  dueReportParamsSchema,
  dueReportSchema,
  dueTsQuerySchema,
  dueUsageSchema,
  errorBodySchema,
  listDueReportsQuerySchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { createDueReport, getDueReport, getDueReportPdf, getDueUsage, listDueReports, rerunDueReport } from './due-diligence.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** SPEC.md §7 /due/*: signed-in users (not restricted clientes) and their own reports; admins read any report. */
export const dueDiligenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/due/create',
    route('user', {
      tags: ['due-diligence'],
      summary: 'Create a due diligence report from the form; answers at once with status processing',
      body: createDueReportBodySchema,
      response: { 201: dueReportSchema, ...errors },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDueReport(app.ctx, currentUser(request), request.body, pickLanguage(request.headers['accept-language']), auditActorOf(request))),
  );

  app.get(
    '/due/reports',
    route('user', {
      tags: ['due-diligence'],
      summary: "The caller's reports, newest first (a bare array)",
      querystring: listDueReportsQuerySchema,
      response: { 200: dueReportListSchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listDueReports(app.ctx, currentUser(request), request.query)),
  );

  app.get(
    '/due/usage',
    route('user', {
      tags: ['due-diligence'],
      summary: "The caller's plan, monthly report limit and use this calendar month (UTC)",
      querystring: dueTsQuerySchema,
      response: { 200: dueUsageSchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getDueUsage(app.ctx, currentUser(request))),
  );

  app.get(
    '/due/report/:id',
    route('user', {
      tags: ['due-diligence'],
      summary: 'One report: status, sanitized content and findings (owner or admin)',
      params: dueReportParamsSchema,
      querystring: dueTsQuerySchema,
      response: { 200: dueReportSchema, 404: errorBodySchema, ...errors },
    }),
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getDueReport(app.ctx, currentUser(request), request.params.id)),
  );

  app.post(
    '/due/report/:id/rerun',
    route('user', {
      tags: ['due-diligence'],
      summary: 'Screen the same form against the lists stored now: the next version (not counted toward the plan; 409 when no list changed)',
      params: dueReportParamsSchema,
      response: { 201: dueReportSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await rerunDueReport(app.ctx, currentUser(request), auditActorOf(request), request.params.id)),
  );

  app.get(
    '/due/report/:id/pdf',
    route('user', {
      tags: ['due-diligence'],
      summary: 'One ready report as a PDF file (owner or admin)',
      params: dueReportParamsSchema,
    }),
    async (request, reply) => {
      const { filename, pdf } = await getDueReportPdf(app.ctx, currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
