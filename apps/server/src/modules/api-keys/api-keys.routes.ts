import { apiKeyListResponseSchema, apiKeyParamsSchema, apiKeySchema, createApiKeyBodySchema, createdApiKeySchema, errorBodySchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api-keys'];

/**
 * The signed-in owner's API keys (Settings → API keys). A key cannot manage keys: these routes
 * answer a key 403 API_KEY_SCOPE like every route outside its scopes.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys',
    route('user', { tags, summary: "The caller's API keys (never the keys themselves), newest first", response: { 200: apiKeyListResponseSchema } }),
    async (request) => listApiKeys(app.ctx, currentUser(request)),
  );

  app.post(
    '/api-keys',
    route('user', {
      tags,
      summary: 'Create an API key: the answer holds the key, shown this once',
      body: createApiKeyBodySchema,
      response: { 201: createdApiKeySchema, 409: errorBodySchema, ...formErrors },
    }),
    async (request, reply) => reply.status(201).send(await createApiKey(app.ctx, currentUser(request), request.body)),
  );

  app.delete(
    '/api-keys/:id',
    route('user', {
      tags,
      summary: 'Revoke an API key, at once on every instance',
      params: apiKeyParamsSchema,
      response: { 200: apiKeySchema, 404: errorBodySchema },
    }),
    async (request) => revokeApiKey(app.ctx, currentUser(request), request.params.id),
  );
};
