import { correctSuspectBodySchema, missingDaysResponseSchema, priceSuspectListSchema, priceSuspectParamsSchema, priceSuspectSchema, priceSuspectsQuerySchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { confirmSuspect, correctSuspect, listMissingDays, listSuspectValues } from './price-quality.service';

const tags = ['prices'];

/** The data desk's quality checks (issue 33 "Quality"), admins only: suspect values and missing publication days. */
export const priceQualityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/prices/suspects',
    route('admin', {
      tags,
      summary: 'Values flagged suspect by their import (a move over 6 × the 60-day median change): open ones, or all with ?status=all',
      querystring: priceSuspectsQuerySchema,
      response: { 200: priceSuspectListSchema },
    }),
    async (request) => listSuspectValues(app.ctx, request.query),
  );

  app.post(
    '/admin/prices/suspects/:id/confirm',
    route('admin', { tags, summary: 'The suspect value is right: unflag it (audited)', params: priceSuspectParamsSchema, response: { 200: priceSuspectSchema } }),
    async (request) => confirmSuspect(app.ctx, request.params.id, auditActorOf(request)),
  );

  app.post(
    '/admin/prices/suspects/:id/correct',
    route('admin', {
      tags,
      summary: 'Store the right value instead (a non-negative decimal) and unflag it (audited); spreads follow',
      params: priceSuspectParamsSchema,
      body: correctSuspectBodySchema.nullish(),
      response: { 200: priceSuspectSchema },
    }),
    async (request) => correctSuspect(app.ctx, request.params.id, request.body, auditActorOf(request)),
  );

  app.get(
    '/admin/prices/missing-days',
    route('admin', { tags, summary: "US business days without a value inside each spot product's stored span", response: { 200: missingDaysResponseSchema } }),
    async () => listMissingDays(app.ctx),
  );
};
