import {
  createContactMessageBodySchema,
  createLeadBodySchema,
  formReceiptSchema,
  legalPdfFileSchema,
} from '@fueldesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pickLanguage } from '../../lib/messages';
import { formErrors, route } from '../../plugins/auth';
import { createContactMessage, createLead, readLegalPdf, type SenderInfo } from './public.service';

function readSender(request: FastifyRequest): SenderInfo {
  return { ip: request.ip, language: pickLanguage(request.headers['accept-language']) };
}

/** A public form: anyone may send it; it is stored, answered with a receipt, and rate limited per IP. */
const formRoute = <const B extends z.ZodType>(summary: string, body: B) =>
  route('public', { tags: ['public'], summary, body, response: { 201: formReceiptSchema, ...formErrors } });

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    formRoute('Public contact form: stored and sent to the support inbox (5 a minute per IP)', createContactMessageBodySchema),
    async (request, reply) => reply.status(201).send(await createContactMessage(app.ctx, request.body, readSender(request))),
  );

  app.post(
    '/leads',
    formRoute('Public sales/lead form: stored and sent to the sales inbox (5 a minute per IP)', createLeadBodySchema),
    async (request, reply) => reply.status(201).send(await createLead(app.ctx, request.body, readSender(request))),
  );

  app.get(
    '/legal/:file',
    route(
      'public',
      {
        tags: ['public'],
        summary: 'A legal document as a PDF file (Terms, confidentiality agreement), for the PDF modal',
        params: legalPdfFileSchema,
      },
      // The PDF modal frames this answer, so it may be framed by our own pages (and nothing else).
      {
        helmet: {
          contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
          xFrameOptions: { action: 'sameorigin' as const },
        },
      },
    ),
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${request.params.file}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(await readLegalPdf(app.ctx, request.params.file)),
  );
};
