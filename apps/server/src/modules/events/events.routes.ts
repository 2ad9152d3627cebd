import type { ServerResponse } from 'node:http';
import { eventsQuerySchema, eventsTokenResponseSchema, requestMessages } from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { authenticateToken, currentUser, route } from '../../plugins/auth';
import { EVENTS_TOKEN_PURPOSE, SESSION_ENDED_EVENT, StreamCounter, endsStreamOf, formatServerEvent, isEventFor, issueEventsToken } from './events.service';

const tags = ['events'];
const HEARTBEAT_MS = 25_000;
const ENDED_STREAM_RETRY_MS = 86_400_000;

/** GET /api/events: server-sent events of the signed-in user (session_revoked first; others later). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  const perSession = new StreamCounter();
  const perUser = new StreamCounter();
  // A stream never goes idle, so the server would wait for it forever on shutdown.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.post(
    '/events/token',
    route('cliente', { tags, summary: 'A 60-second token for opening /api/events', response: { 200: eventsTokenResponseSchema } }),
    async (request) => issueEventsToken(app.ctx, currentUser(request)),
  );

  app.get(
    '/events',
    // The stream authenticates with its own single-purpose token (EventSource sends no headers).
    route('public', { tags, summary: 'Server-sent events for the signed-in user (?token from POST /api/events/token)', querystring: eventsQuerySchema }),
    async (request, reply) => {
      const user = await authenticateToken(app, request.query.token, EVENTS_TOKEN_PURPOSE);
      // Each stream holds a socket and a subscription: a client may not open them without bound.
      if (perSession.count(user.sessionId) >= app.ctx.config.SSE_MAX_STREAMS_PER_SESSION || perUser.count(user.id) >= app.ctx.config.SSE_MAX_STREAMS_PER_USER) {
        throw new AppError('RATE_LIMITED', 429, requestMessages.tooManyStreams, undefined, { 'retry-after': '30' });
      }
      perSession.add(user.sessionId);
      perUser.add(user.id);
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
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        perSession.remove(user.sessionId);
        perUser.remove(user.id);
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
        if (!response.writableEnded) response.end();
      };
      unsubscribe = app.ctx.events.subscribe((event) => {
        if (event.type !== SESSION_ENDED_EVENT && isEventFor(event, user)) response.write(formatServerEvent(event));
        if (endsStreamOf(event, user)) {
          // The browser would reconnect with a spent token; a day's retry leaves the tab time to close it.
          response.write(`retry: ${ENDED_STREAM_RETRY_MS}\n\n`);
          finish();
        }
      });
      request.raw.on('close', finish);
    },
  );
};
