import {
  activationBodySchema,
  activationDetailsBodySchema,
  activationDetailsSchema,
  activationQuerySchema,
  activationResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  resetTokenCheckBodySchema,
  resetTokenCheckSchema,
  setPasswordBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@fueldesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import type { ClientInfo } from '../sessions/sessions.service';
import {
  cancelEmailChange,
  completeActivation,
  forgotPassword,
  getActivation,
  resendVerification,
  checkResetToken,
  resetPassword,
  verifyEmail,
} from './account-links.service';
import { getMe, login, registerUser, setPassword } from './auth.service';

const tags = ['auth'];

function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null };
}

/**
 * API.md "Auth and account": sign-up, sign-in and the account links. Refresh, ping, logout and the
 * session lists are in sessions.routes.ts. Public routes check their own proof (password, link token).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    route('public', { tags, summary: 'Create an account and send the verification mail', body: registerBodySchema, response: { 201: registerResponseSchema } }),
    async (request, reply) => {
      const result = await registerUser(app.ctx, request.body, { ...clientInfo(request), language: pickLanguage(request.headers['accept-language']) });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    route('public', { tags, summary: 'Sign in (one active session per user)', body: loginBodySchema, response: { 200: loginResponseSchema } }),
    async (request) => login(app.ctx, request.body, clientInfo(request)),
  );

  app.get(
    '/auth/me',
    route('cliente', { tags, summary: 'The signed-in user with plan', response: { 200: meResponseSchema } }),
    async (request) => getMe(app.ctx, currentUser(request).id),
  );

  app.post(
    '/auth/email/verify',
    route('public', { tags, summary: 'Verify the email address with the mailed token', body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema } }),
    async (request) => verifyEmail(app.ctx, request.body.token),
  );

  app.post(
    '/auth/email/change/cancel',
    route('public', {
      tags,
      summary: 'Cancel an email change from the link mailed to the old address (signs every session out)',
      body: verifyEmailBodySchema,
      response: { 200: verifyEmailResponseSchema },
    }),
    async (request) => cancelEmailChange(app.ctx, request.body.token),
  );

  app.post(
    '/auth/email/resend',
    route('public', { tags, summary: 'Send the verification mail again', body: resendVerificationBodySchema, response: { 200: okResponseSchema } }),
    async (request) => resendVerification(app.ctx, request.body.email, request.ip),
  );

  app.post(
    '/auth/password/forgot',
    route('public', { tags, summary: 'Mail a password-reset link', body: forgotPasswordBodySchema, response: { 200: okResponseSchema } }),
    async (request) => forgotPassword(app.ctx, request.body.email, request.ip),
  );

  app.post(
    '/auth/password/reset',
    route('public', { tags, summary: 'Set a new password from a reset link', body: resetPasswordBodySchema, response: { 200: okResponseSchema } }),
    async (request) => resetPassword(app.ctx, request.body),
  );

  app.post(
    '/auth/password/reset/check',
    route('public', {
      tags,
      summary: 'Whether a reset link can still be used (used, expired or unknown: 400 saying which); spends nothing',
      body: resetTokenCheckBodySchema,
      response: { 200: resetTokenCheckSchema },
    }),
    async (request) => checkResetToken(app.ctx, request.body.token, request.ip),
  );

  app.post(
    '/auth/password/set',
    route('cliente', { tags, summary: 'Set the first password, or change it', body: setPasswordBodySchema, response: { 200: okResponseSchema } }),
    async (request) => setPassword(app.ctx, currentUser(request), request.body),
  );

  // Kept for links and clients that read details by GET (API.md); the web app uses the POST below.
  app.get(
    '/auth/activation',
    route('public', { tags, summary: 'Invitation details of an activation link (prefer POST /auth/activation/details)', querystring: activationQuerySchema, response: { 200: activationDetailsSchema } }),
    async (request) => getActivation(app.ctx, request.query.token),
  );

  app.post(
    '/auth/activation/details',
    route('public', {
      tags,
      summary: 'Invitation details of an activation link, the token in the body (never in a URL that gets logged)',
      body: activationDetailsBodySchema,
      response: { 200: activationDetailsSchema },
    }),
    async (request) => getActivation(app.ctx, request.body.token),
  );

  app.post(
    '/auth/activation',
    route('public', { tags, summary: 'Activate an invited account with a password', body: activationBodySchema, response: { 200: activationResponseSchema } }),
    async (request) => completeActivation(app.ctx, request.body),
  );
};
