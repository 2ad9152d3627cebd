import {
  alertIdParamsSchema,
  createPriceAlertBodySchema,
  errorBodySchema,
  priceAlertEventListSchema,
  priceAlertListSchema,
  priceAlertSchema,
  updatePriceAlertBodySchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { createAlert, deleteAlert, listAlerts, listEventsOfAlert, updateAlert } from './alerts.service';

const notFoundResponse = { 404: errorBodySchema };

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts',
    route('user', { tags: ['alerts'], summary: "The caller's price alerts, newest first", response: { 200: priceAlertListSchema } }),
    async (request) => listAlerts(app.ctx, currentUser(request)),
  );

  app.post(
    '/alerts',
    route('user', {
      tags: ['alerts'],
      summary: 'Creates a price alert on a product (a futures product: its contract 1) or a spread: above or below a level, or a day-over-day move of more than N % (50 per user)',
      body: createPriceAlertBodySchema,
      response: { 201: priceAlertSchema, 409: errorBodySchema, ...formErrors },
    }),
    async (request, reply) => reply.status(201).send(await createAlert(app.ctx, currentUser(request), request.body)),
  );

  app.patch(
    '/alerts/:id',
    route('user', {
      tags: ['alerts'],
      summary: 'Changes, pauses or resumes one of the caller’s alerts',
      params: alertIdParamsSchema,
      body: updatePriceAlertBodySchema,
      response: { 200: priceAlertSchema, ...notFoundResponse, ...formErrors },
    }),
    async (request) => updateAlert(app.ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/alerts/:id',
    route('user', {
      tags: ['alerts'],
      summary: 'Deletes one of the caller’s alerts and its firings',
      params: alertIdParamsSchema,
      response: { 204: z.null(), ...notFoundResponse, 400: errorBodySchema },
    }),
    async (request, reply) => {
      await deleteAlert(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/alerts/:id/events',
    route('user', {
      tags: ['alerts'],
      summary: 'The firings of one of the caller’s alerts, newest publication first',
      params: alertIdParamsSchema,
      response: { 200: priceAlertEventListSchema, ...notFoundResponse, 400: errorBodySchema },
    }),
    async (request) => listEventsOfAlert(app.ctx, currentUser(request), request.params.id),
  );
};
