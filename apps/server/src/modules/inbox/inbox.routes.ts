import {
  adminInboxDetailSchema,
  adminInboxListResponseSchema,
  adminInboxParamsSchema,
  adminInboxQuerySchema,
  adminInboxUpdateBodySchema,
  inboxAssigneesResponseSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, route } from '../../plugins/auth';
import { getInboxItem, listInbox, listInboxAssignees, updateInboxItem } from './inbox.service';

const tags = ['admin'];

/** /api/admin/inbox: contact messages, leads and support messages for the admins (admin role only). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/inbox',
    route('admin', { tags, summary: 'Inbox: contact messages, leads, support messages', querystring: adminInboxQuerySchema, response: { 200: adminInboxListResponseSchema } }),
    async (request) => listInbox(app.ctx, currentUser(request), request.query),
  );

  app.get(
    '/admin/inbox/assignees',
    route('admin', { tags, summary: 'Administrators a message can be assigned to', response: { 200: inboxAssigneesResponseSchema } }),
    async () => listInboxAssignees(app.ctx),
  );

  app.get(
    '/admin/inbox/:kind/:id',
    route('admin', { tags, summary: 'One inbox message', params: adminInboxParamsSchema, response: { 200: adminInboxDetailSchema } }),
    async (request) => getInboxItem(app.ctx, request.params.kind, request.params.id),
  );

  app.patch(
    '/admin/inbox/:kind/:id',
    route('admin', { tags, summary: 'Set status and/or assignee', params: adminInboxParamsSchema, body: adminInboxUpdateBodySchema, response: { 200: adminInboxDetailSchema } }),
    async (request) => updateInboxItem(app.ctx, request.params.kind, request.params.id, request.body),
  );
};
