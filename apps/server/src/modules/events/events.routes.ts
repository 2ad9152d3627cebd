import type { ServerResponse } from 'node:http';
import { eventsQuerySchema, eventsTokenResponseSchema } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticateToken, currentUser } from '../../plugins/auth';
import { EVENTS_TOKEN_PURPOSE, formatServerEvent, isEventFor, issueEventsToken } from './events.service';

const tags = ['events'];
const HEARTBEAT_MS = 25_000;

/** GET /api/events: server-sent events of the signed-in user (session_revoked first; others later). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // A stream never goes idle, so the server would wait for it forever on shutdown.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.post(
    '/events/token',
    { config: { auth: 'cliente' }, schema: { tags, summary: 'A 60-second token for opening /api/events', response: { 200: eventsTokenResponseSchema } } },
    async (request) => issueEventsToken(app.ctx, currentUser(request)),
  );

  app.get(
    '/events',
    {
      // The stream authenticates with its own single-purpose token (EventSource sends no headers).
      config: { auth: 'public' },
      schema: { tags, summary: 'Server-sent events for the signed-in user (?token from POST /api/events/token)', querystring: eventsQuerySchema },
    },
    async (request, reply) => {
      const user = await authenticateToken(app, request.query.token, EVENTS_TOKEN_PURPOSE);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      response.write('retry: 5000\n\n');
      response.write(formatServerEvent({ type: 'ready', data: { session_id: user.sessionId } }));
      open.add(response);

      let unsubscribe: () => void = () => {};
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const finish = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
        if (!response.writableEnded) response.end();
      };
      unsubscribe = app.ctx.events.subscribe((event) => {
        if (!isEventFor(event, user)) return;
        response.write(formatServerEvent(event));
        if (event.type === 'session_revoked') finish();
      });
      request.raw.on('close', finish);
    },
  );
};
