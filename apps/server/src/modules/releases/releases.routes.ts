import { createReleaseBodySchema, errorBodySchema, releaseListSchema, releaseSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import { listReleases, publishRelease } from './releases.service';

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/releases',
    route('user', { tags: ['releases'], summary: 'Release notes, newest first', response: { 200: releaseListSchema } }),
    async (request, reply) => {
      // The answer depends on the caller's language: caches must keep one copy per Accept-Language.
      reply.header('Vary', 'Accept-Language');
      return listReleases(app.ctx, pickLanguage(request.headers['accept-language']));
    },
  );

  app.post(
    '/releases',
    route('admin', {
      tags: ['releases'],
      summary: 'Publish a release (admin)',
      body: createReleaseBodySchema,
      response: { 201: releaseSchema, 400: errorBodySchema, 409: errorBodySchema },
    }),
    async (request, reply) => reply.status(201).send(await publishRelease(app.ctx, currentUser(request), request.body)),
  );
};
