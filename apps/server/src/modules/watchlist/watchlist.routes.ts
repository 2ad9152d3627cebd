import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  watchlistCreateBodySchema,
  watchlistDetailSchema,
  watchlistImportResultSchema,
  watchlistItemSchema,
  watchlistListSchema,
  watchlistMessages,
  watchlistParamsSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { pickLanguage } from '../../lib/messages';
import { currentUser, formErrors, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { addWatchlistItem, getWatchlistItem, importWatchlist, listWatchlist, removeWatchlistItem } from './watchlist.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The counterparty watchlist (API.md "Watching"): an item belongs to its owner only (another's is 404). */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/watchlist',
    route('user', { tags: ['watchlist'], summary: "The caller's watched counterparties with their status", response: { 200: watchlistListSchema, ...errors } }),
    async (request) => listWatchlist(app.ctx, currentUser(request), pickLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/watchlist',
    route('user', {
      tags: ['watchlist'],
      summary: 'Watches a counterparty (screened at once; 1,000 per user)',
      body: watchlistCreateBodySchema,
      response: { 201: watchlistItemSchema, ...errors, ...formErrors },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await addWatchlistItem(app.ctx, currentUser(request), auditActorOf(request), request.body, pickLanguage(request.headers['accept-language']))),
  );

  app.get(
    '/watchlist/:id',
    route('user', { tags: ['watchlist'], summary: 'One watched counterparty with its history', params: watchlistParamsSchema, response: { 200: watchlistDetailSchema, ...errors } }),
    async (request) => getWatchlistItem(app.ctx, currentUser(request), request.params.id, pickLanguage(request.headers['accept-language'])),
  );

  app.delete(
    '/watchlist/:id',
    route('user', { tags: ['watchlist'], summary: 'Stops watching a counterparty', params: watchlistParamsSchema, response: { 204: z.null(), ...errors } }),
    async (request, reply) => {
      await removeWatchlistItem(app.ctx, currentUser(request), auditActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 5, fileSize: app.ctx.config.UPLOAD_LIMIT_BYTES } });
    scope.post(
      '/watchlist/import',
      route('user', {
        tags: ['watchlist'],
        summary: 'Imports counterparties from a CSV or XLSX file (multipart field "file": name, type?, country?)',
        consumes: ['multipart/form-data'],
        response: { 200: watchlistImportResultSchema, ...errors },
      }),
      async (request) => {
        const lang = pickLanguage(request.headers['accept-language']);
        if (!request.isMultipart()) throw badRequest(watchlistMessages.fileMissing);
        let content: Buffer | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && content === null) content = await part.toBuffer();
            else if (part.type === 'file') part.file.resume();
          }
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(watchlistMessages.fileTooLarge);
          throw badRequest(watchlistMessages.fileMissing);
        }
        if (content === null || content.length === 0) throw badRequest(watchlistMessages.fileMissing);
        return importWatchlist(app.ctx, currentUser(request), auditActorOf(request), content, lang);
      },
    );
  });
};
