import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every non-API GET falls back to index.html so that client routes survive a reload.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
  const distDir = path.resolve(opts.distDir ?? defaultWebDist);
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = existsSync(indexFile);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      // @fastify/static hands the Fastify reply here, not the raw response.
      setHeaders(reply: unknown, filePath: string) {
        const relative = path.relative(distDir, filePath);
        const value = relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : filePath.endsWith('.html')
            ? 'no-cache'
            : 'public, max-age=3600';
        (reply as { header(name: string, value: string): void }).header('cache-control', value);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    // Read per request so a rebuilt app shows without a restart; the file is a few hundred bytes.
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexFile));

  if (hasWeb) app.get('/', { schema: { hide: true }, config: { auth: 'public' } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, request, 404, 'ROUTE_NOT_FOUND');
    }
    const ext = path.extname(pathname);
    if (ext && ext !== '.html') return sendError(reply, request, 404, 'NOT_FOUND');
    return sendIndex(reply);
  });
});
