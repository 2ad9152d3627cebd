import {
  createDashboardBodySchema,
  dashboardListResponseSchema,
  dashboardParamsSchema,
  dashboardSchema,
  updateDashboardBodySchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { createDashboard, deleteDashboard, listDashboards, updateDashboard } from './dashboards.service';
import { formatMarketDataValidationError } from './validation-errors';

const tags = ['dashboards'];

/** The caller's personal dashboards (at most 5 products each). */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSchemaErrorFormatter(formatMarketDataValidationError);

  app.get(
    '/dashboards',
    { schema: { tags, summary: "The caller's dashboards", response: { 200: dashboardListResponseSchema } } },
    async (request) => listDashboards(app.ctx, currentUser(request).id),
  );

  app.post(
    '/dashboards',
    { schema: { tags, summary: 'Create a dashboard', body: createDashboardBodySchema, response: { 201: dashboardSchema } } },
    async (request, reply) => reply.code(201).send(await createDashboard(app.ctx, currentUser(request).id, request.body)),
  );

  app.put(
    '/dashboards/:id',
    {
      schema: {
        tags,
        summary: 'Rename a dashboard or change its products',
        params: dashboardParamsSchema,
        body: updateDashboardBodySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => updateDashboard(app.ctx, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/dashboards/:id',
    { schema: { tags, summary: 'Delete a dashboard', params: dashboardParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteDashboard(app.ctx, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
