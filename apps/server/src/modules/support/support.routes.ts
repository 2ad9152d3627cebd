import { createSupportMessageBodySchema, errorBodySchema, supportMessageListSchema, supportMessageSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { createSupportMessage, listSupportMessages } from './support.service';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['support'],
        summary: 'Send a support message (question, complaint, request or feedback) to the support inbox',
        body: createSupportMessageBodySchema,
        response: { 201: supportMessageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSupportMessage(app.ctx, currentUser(request), request.body)),
  );

  app.get(
    '/support',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['support'],
        summary: "The caller's support messages, newest first",
        response: { 200: supportMessageListSchema },
      },
    },
    async (request) => listSupportMessages(app.ctx, currentUser(request)),
  );
};
