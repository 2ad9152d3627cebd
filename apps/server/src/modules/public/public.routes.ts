import {
  createContactMessageBodySchema,
  createLeadBodySchema,
  errorBodySchema,
  formReceiptSchema,
  legalPdfFileSchema,
} from '@fueldesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { createContactMessage, createLead, readLegalPdf, type SenderInfo } from './public.service';

function readSender(request: FastifyRequest): SenderInfo {
  return { ip: request.ip, language: pickLanguage(request.headers['accept-language']) };
}

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Public contact form: stored and sent to the support inbox (5 a minute per IP)',
        body: createContactMessageBodySchema,
        response: { 201: formReceiptSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createContactMessage(app.ctx, request.body, readSender(request))),
  );

  app.post(
    '/leads',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Public sales/lead form: stored and sent to the sales inbox (5 a minute per IP)',
        body: createLeadBodySchema,
        response: { 201: formReceiptSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLead(app.ctx, request.body, readSender(request))),
  );

  app.get(
    '/legal/:file',
    {
      config: { auth: 'public' },
      // The PDF modal frames this answer, so it may be framed by our own pages (and nothing else).
      helmet: {
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
        xFrameOptions: { action: 'sameorigin' },
      },
      schema: {
        tags: ['public'],
        summary: 'A legal document as a PDF file (Terms, confidentiality agreement), for the PDF modal',
        params: legalPdfFileSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${request.params.file}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(await readLegalPdf(app.ctx, request.params.file)),
  );
};
