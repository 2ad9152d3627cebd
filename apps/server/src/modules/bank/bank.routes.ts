import {
  bankAccountsResponseSchema,
  errorBodySchema,
  exchangeBodySchema,
  exchangeResponseSchema,
  identityVerificationSchema,
  linkTokenResponseSchema,
  sandboxPublicTokenBodySchema,
  sandboxPublicTokenResponseSchema,
  webhookAckSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import {
  createLinkToken,
  createSandboxPublicToken,
  exchangePublicToken,
  getIdentityVerification,
  listAccounts,
  startIdentityVerification,
} from './bank.service';
import { handleBankWebhook } from './bank.webhooks';

const tags = ['bank'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 502: errorBodySchema };

/** Bank connection and identity verification: every signed-in user, the restricted cliente included (SPEC.md §6). */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bank/link-token',
    route('cliente', { tags, summary: 'A Link token (Plaid) or the sandbox marker', response: { 200: linkTokenResponseSchema, ...errors } }),
    async (request) => createLinkToken(app.ctx, currentUser(request), pickLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/bank/sandbox/public-token',
    route('cliente', {
      tags,
      summary: 'Sign in at a simulated bank (sandbox provider only): user_good / pass_good succeed',
      body: sandboxPublicTokenBodySchema,
      response: { 200: sandboxPublicTokenResponseSchema, ...errors },
    }),
    async (request) => createSandboxPublicToken(app.ctx, currentUser(request), request.body),
  );

  app.post(
    '/bank/exchange',
    route('cliente', { tags, summary: 'Exchange a public token and keep the connection', body: exchangeBodySchema, response: { 200: exchangeResponseSchema, ...errors } }),
    async (request) => exchangePublicToken(app.ctx, currentUser(request), request.body),
  );

  app.get(
    '/bank/accounts',
    route('cliente', { tags, summary: "The caller's connected accounts with balances", response: { 200: bankAccountsResponseSchema, ...errors } }),
    async (request) => listAccounts(app.ctx, currentUser(request).id),
  );

  app.post(
    '/bank/identity-verification',
    route('cliente', { tags, summary: 'Start identity verification', response: { 200: identityVerificationSchema, ...errors } }),
    async (request) => startIdentityVerification(app.ctx, currentUser(request)),
  );

  app.get(
    '/bank/identity-verification',
    route('cliente', { tags, summary: "The caller's identity verification", response: { 200: identityVerificationSchema, ...errors } }),
    async (request) => getIdentityVerification(app.ctx, currentUser(request).id),
  );

  await app.register(async (webhooks) => {
    // The signature covers the exact bytes received, so this route reads the body as text.
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhooks.post(
      '/bank/webhook',
      route('public', { tags, summary: "The provider's webhooks (Plaid-Verification signature checked)", response: { 200: webhookAckSchema, 400: errorBodySchema, 401: errorBodySchema } }),
      async (request) => handleBankWebhook(app.ctx, request.headers['plaid-verification'], typeof request.body === 'string' ? request.body : ''),
    );
  });
};
