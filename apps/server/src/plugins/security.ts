import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Strict headers on every answer: no inline script, no framing, no sniffing. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  await app.register(helmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://cdn.plaid.com'],
        // No 'unsafe-inline': each answer adds a nonce (enableCSPNonces), which the served page
        // hands to the one style element written at run time (react-hot-toast's).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://cdn.plaid.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // frame-ancestors 'none' says it; X-Frame-Options: SAMEORIGIN would contradict it.
    xFrameOptions: false,
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  const allowed = new Set(opts.config.CORS_ORIGINS);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin ? allowed.has(origin) : false),
    credentials: true,
  });
});
