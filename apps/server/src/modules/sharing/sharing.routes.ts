import {
  createInvitationBodySchema,
  errorBodySchema,
  invitationDetailSchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationSchema,
  receivedInvitationListSchema,
  receivedInvitationSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import {
  consentToInvitation,
  createInvitation,
  deleteInvitation,
  getInvitation,
  listInvitations,
  listReceivedInvitations,
  rejectInvitation,
  resendInvitation,
  revokeInvitation,
  withdrawConsent,
} from './sharing.service';
import { auditActorOf } from '../audit/audit.service';

const tags = ['sharing'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };
const params = invitationIdParamsSchema;

/**
 * Data-sharing invitations. Sending and reading shared data: `user` (and admins); answering an
 * invitation: anyone signed in, the restricted cliente included — it is what the cliente is for.
 */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sharing/invitations',
    route('user', { tags, summary: 'Invitations the caller sent, with the plan usage', response: { 200: invitationListResponseSchema } }),
    async (request) => listInvitations(app.ctx, currentUser(request)),
  );

  app.post(
    '/sharing/invitations',
    route('user', { tags, summary: 'Invite a counterparty to share read-only scopes', body: createInvitationBodySchema, response: { 201: invitationSchema, ...errors } }),
    async (request, reply) =>
      reply.status(201).send(await createInvitation(app.ctx, currentUser(request), request.body, pickLanguage(request.headers['accept-language']), auditActorOf(request))),
  );

  app.get(
    '/sharing/invitations/:id',
    route('user', { tags, summary: 'One sent invitation; data only for consented scopes while ACCEPTED', params, response: { 200: invitationDetailSchema, ...errors } }),
    async (request) => getInvitation(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/sharing/invitations/:id/revoke',
    route('user', { tags, summary: 'Revoke a sent invitation', params, response: { 200: invitationSchema, ...errors } }),
    async (request) => revokeInvitation(app.ctx, currentUser(request), request.params.id, auditActorOf(request)),
  );

  app.post(
    '/sharing/invitations/:id/resend',
    route('user', { tags, summary: 'Send the mail of a pending invitation again', params, response: { 200: invitationSchema, ...errors } }),
    async (request) => resendInvitation(app.ctx, currentUser(request), request.params.id, pickLanguage(request.headers['accept-language'])),
  );

  app.delete(
    '/sharing/invitations/:id',
    route('user', { tags, summary: 'Delete a sent invitation (revoked first if active)', params, response: { 204: z.null(), ...errors } }),
    async (request, reply) => {
      await deleteInvitation(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sharing/received',
    route('cliente', { tags, summary: 'Invitations addressed to the caller', response: { 200: receivedInvitationListSchema } }),
    async (request) => listReceivedInvitations(app.ctx, currentUser(request)),
  );

  app.post(
    '/sharing/received/:id/consent',
    route('cliente', { tags, summary: 'Consent: share the invitation’s scopes', params, response: { 200: receivedInvitationSchema, ...errors } }),
    async (request) => consentToInvitation(app.ctx, currentUser(request), request.params.id, auditActorOf(request)),
  );

  app.post(
    '/sharing/received/:id/reject',
    route('cliente', { tags, summary: 'Reject an invitation', params, response: { 200: receivedInvitationSchema, ...errors } }),
    async (request) => rejectInvitation(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/sharing/received/:id/revoke',
    route('cliente', { tags, summary: 'Withdraw a consent given earlier', params, response: { 200: receivedInvitationSchema, ...errors } }),
    async (request) => withdrawConsent(app.ctx, currentUser(request), request.params.id, auditActorOf(request)),
  );
};
