import {
  adminEntityParamsSchema,
  adminUserListResponseSchema,
  adminUserRowSchema,
  adminUserUpdateBodySchema,
  adminUsersQuerySchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { getAdminUser, listAdminUsers, updateAdminUser } from './admin.service';

const tags = ['admin'];

/** /api/admin/users: role admin or superadmin only (/api/admin/sessions is in sessions.routes.ts). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    route('admin', { tags, summary: 'Users', querystring: adminUsersQuerySchema, response: { 200: adminUserListResponseSchema } }),
    async (request) => listAdminUsers(app.ctx, request.query),
  );

  app.get(
    '/admin/users/:id',
    route('admin', { tags, summary: 'One user', params: adminEntityParamsSchema, response: { 200: adminUserRowSchema } }),
    async (request) => getAdminUser(app.ctx, request.params.id),
  );

  app.patch(
    '/admin/users/:id',
    route('admin', { tags, summary: 'Change role, plan, active', params: adminEntityParamsSchema, body: adminUserUpdateBodySchema, response: { 200: adminUserRowSchema } }),
    async (request) => updateAdminUser(app.ctx, currentUser(request), request.params.id, request.body, auditActorOf(request)),
  );
};
