import { healthResponseSchema, readyResponseSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth, getReadiness } from './system.service';
import { route } from '../../plugins/auth';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    route('public', { tags: ['system'], summary: 'Liveness', response: { 200: healthResponseSchema } }),
    async () => getHealth(),
  );

  app.get(
    '/ready',
    route('public', {
      tags: ['system'],
      summary: 'Readiness: the database answers',
      response: { 200: readyResponseSchema, 503: readyResponseSchema },
    }),
    async (_request, reply) => {
      const readiness = await getReadiness(app.ctx);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
