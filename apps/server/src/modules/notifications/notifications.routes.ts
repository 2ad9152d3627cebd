import {
  listNotificationsQuerySchema,
  markNotificationsReadBodySchema,
  markNotificationsReadResultSchema,
  notificationListSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { listNotifications, readNotifications } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    route('user', {
      tags: ['notifications'],
      summary: "The caller's notifications kept by the server, newest first, with the unread count",
      querystring: listNotificationsQuerySchema,
      response: { 200: notificationListSchema, ...formErrors },
    }),
    async (request) => listNotifications(app.ctx, currentUser(request), request.query, pickLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/notifications/read',
    route('user', {
      tags: ['notifications'],
      summary: 'Marks some (ids) or all of the caller’s notifications read, on every device',
      body: markNotificationsReadBodySchema,
      response: { 200: markNotificationsReadResultSchema, ...formErrors },
    }),
    async (request) => readNotifications(app.ctx, currentUser(request), request.body),
  );
};
