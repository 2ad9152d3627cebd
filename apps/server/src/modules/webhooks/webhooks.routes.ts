import {
  createWebhookBodySchema,
  createdWebhookSchema,
  errorBodySchema,
  webhookDeliveryListSchema,
  webhookIdParamsSchema,
  webhookListSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks } from './webhooks.service';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhooks',
    route('user', { tags: ['webhooks'], summary: "The caller's webhooks", response: { 200: webhookListSchema } }),
    async (request) => listWebhooks(app.ctx, currentUser(request)),
  );

  app.post(
    '/webhooks',
    route('user', {
      tags: ['webhooks'],
      summary: 'Registers an HTTPS endpoint for notifications; the signing secret is answered this once',
      body: createWebhookBodySchema,
      response: { 201: createdWebhookSchema, 409: errorBodySchema, ...formErrors },
    }),
    async (request, reply) => reply.status(201).send(await createWebhook(app.ctx, currentUser(request), request.body)),
  );

  app.delete(
    '/webhooks/:id',
    route('user', {
      tags: ['webhooks'],
      summary: 'Deletes one of the caller’s webhooks (its pending deliveries stop)',
      params: webhookIdParamsSchema,
      response: { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema },
    }),
    async (request, reply) => {
      await deleteWebhook(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    route('user', {
      tags: ['webhooks'],
      summary: 'The latest deliveries of one of the caller’s webhooks, with their outcome',
      params: webhookIdParamsSchema,
      response: { 200: webhookDeliveryListSchema, 400: errorBodySchema, 404: errorBodySchema },
    }),
    async (request) => listWebhookDeliveries(app.ctx, currentUser(request), request.params.id),
  );
};
