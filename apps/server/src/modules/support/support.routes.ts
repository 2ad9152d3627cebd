import { createSupportMessageBodySchema, supportMessageListSchema, supportMessageSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { createSupportMessage, listSupportMessages } from './support.service';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support',
    route('user', {
      tags: ['support'],
      summary: 'Send a support message (question, complaint, request or feedback) to the support inbox',
      body: createSupportMessageBodySchema,
      response: { 201: supportMessageSchema, ...formErrors },
    }),
    async (request, reply) =>
      reply.status(201).send(await createSupportMessage(app.ctx, currentUser(request), request.body)),
  );

  app.get(
    '/support',
    route('user', { tags: ['support'], summary: "The caller's support messages, newest first", response: { 200: supportMessageListSchema } }),
    async (request) => listSupportMessages(app.ctx, currentUser(request)),
  );
};
