import { outboxResponseSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutboxMail } from './dev.service';
import { route } from '../../plugins/auth';

const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /api/dev/outbox: 404 unless the outbox is available and the caller is on this machine (see isOutboxAvailable). */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    route('public', { tags: ['dev'], summary: 'Mail kept by the outbox transport (development only)', querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } }),
    async (request) =>
      listOutboxMail(app.ctx, request.query, {
        socketAddress: request.socket.remoteAddress,
        forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined,
      }),
  );
};
