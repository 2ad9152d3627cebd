import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopeForRoute } from '../modules/api-keys/api-key-scopes';

const apiKeyDescription =
  'A personal API key (Settings → API keys): `Authorization: Bearer fd_…`. A key opens only the operations of its scopes ' +
  '(`x-api-key-scope` on each operation; prices:read, news:read, screening:read, screening:write) and answers 403 API_KEY_SCOPE elsewhere. ' +
  'Every answer to a key carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; past the limit, 429 with Retry-After.';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each operation names who may call it: `security` lists the session bearer and, where a key's
 * scope opens it, the API key, whose scope is `x-api-key-scope` (and a line of the description).
 */
function withSecurity(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const route = input.route as { method: string | string[]; config?: { auth?: string } };
  const auth = route.config?.auth ?? 'user';
  const method = [route.method].flat().find((candidate) => candidate !== 'HEAD') ?? 'GET';
  if (auth === 'public' || !input.url.startsWith('/api/')) return result;
  const scope = auth === 'admin' ? null : scopeForRoute(method, input.url);
  const schema = result.schema as Record<string, unknown>;
  const note = scope ? `API key scope: \`${scope}\`.` : 'Not open to API keys (403 API_KEY_SCOPE).';
  return {
    ...result,
    schema: {
      ...schema,
      // OpenAPI 3.0 lists no scopes for http schemes: the scope is x-api-key-scope.
      security: scope ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
      'x-api-key-scope': scope,
      description: schema.description ? `${String(schema.description)}\n\n${note}` : note,
    },
  };
}

/** OpenAPI generated from the routes' Zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'FuelDesk API', version: '0.1.0', description: 'Fuel-market intelligence API.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A signed-in person's access token." },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'fd_ API key', description: apiKeyDescription },
        },
      },
    },
    transform: withSecurity as typeof jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
