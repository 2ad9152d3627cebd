import { profileSchema, profileUpdateBodySchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, route } from '../../plugins/auth';
import { getProfile, updateProfile } from './profile.service';

const tags = ['auth'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/profile',
    route('cliente', { tags, summary: "The caller's profile", response: { 200: profileSchema } }),
    async (request) => getProfile(app.ctx, currentUser(request).id),
  );

  app.put(
    '/auth/profile',
    route('cliente', { tags, summary: 'Update the profile (privileged fields are ignored)', body: profileUpdateBodySchema, response: { 200: profileSchema } }),
    async (request) => updateProfile(app.ctx, currentUser(request).id, request.body),
  );
};
