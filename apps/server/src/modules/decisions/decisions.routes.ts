import {
  createDecisionBodySchema,
  decisionListResponseSchema,
  decisionParamsSchema,
  errorBodySchema,
  listDecisionsQuerySchema,
  screeningDecisionSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { approveDecision, createDecision, getDecision, listDecisions } from './decisions.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Decisions on screening matches (API.md "Decisions on matches and the audit trail"); four eyes on cleared strong matches. */
export const decisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/screening/decisions',
    route('user', {
      tags: ['screening'],
      summary: 'Record a decision on a match (note required); clearing a match scored ≥ 0.95 waits for an admin’s approval',
      body: createDecisionBodySchema,
      response: { 201: screeningDecisionSchema, 404: errorBodySchema, ...errors },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDecision(app.ctx, currentUser(request), auditActorOf(request), request.body, pickLanguage(request.headers['accept-language']))),
  );

  app.get(
    '/screening/decisions',
    route('user', {
      tags: ['screening'],
      summary: "Decisions: the caller's own, admins everybody's; pending approvals first",
      querystring: listDecisionsQuerySchema,
      response: { 200: decisionListResponseSchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listDecisions(app.ctx, currentUser(request), request.query)),
  );

  app.get(
    '/screening/decisions/:id',
    route('user', {
      tags: ['screening'],
      summary: 'One decision (its decider or an admin)',
      params: decisionParamsSchema,
      response: { 200: screeningDecisionSchema, 404: errorBodySchema, ...errors },
    }),
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getDecision(app.ctx, currentUser(request), request.params.id)),
  );

  app.post(
    '/screening/decisions/:id/approve',
    route('admin', {
      tags: ['screening'],
      summary: 'Approve a pending decision (an admin other than the decider; the decider gets 403 FOUR_EYES)',
      params: decisionParamsSchema,
      response: { 200: screeningDecisionSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    }),
    async (request) => approveDecision(app.ctx, currentUser(request), auditActorOf(request), request.params.id, pickLanguage(request.headers['accept-language'])),
  );
};
