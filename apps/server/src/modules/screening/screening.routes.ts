import {
  errorBodySchema,
  screeningBatchBodySchema,
  screeningBatchQuerySchema,
  screeningBatchResponseSchema,
  screeningCompareBodySchema,
  screeningCompareResponseSchema,
  screeningEntityParamsSchema,
  screeningEntitySchema,
  screeningListsResponseSchema,
  screeningSearchQuerySchema,
  screeningMessages,
  screeningSearchResponseSchema,
} from '@fueldesk/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { batchResultsCsv, readBatchFile, type BatchFileRow } from './screening-batch-file';
import { enforceBatchScreeningLimit } from './screening.limits';
import { batchScreening, getScreeningEntityDetails, listScreeningLists, searchScreening } from './screening.presenters';
import { pickLanguage } from '../../lib/messages';
import { auditActorOf } from '../audit/audit.service';
import { compareScreeningNames } from './screening.service';
import { currentUser, route } from '../../plugins/auth';
import { screeningListImportRoutes } from './screening-lists.routes';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Sanctions screening for signed-in `user` and `admin` accounts (`cliente` accounts get 403).
 * When no list is loaded, every answer says `loaded: false`: nothing was screened.
 * Explanations follow Accept-Language (English or Spanish), like the error messages.
 */
export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list upload, with its multipart parser kept to its own encapsulated context.
  await app.register(screeningListImportRoutes);

  app.get(
    '/screening/lists',
    route('user', {
      tags: ['screening'],
      summary: 'The sanctions lists loaded, with their freshness (publication date, age, stale, version) and the daily download state; loaded: false when none is',
      response: { 200: screeningListsResponseSchema, ...errors },
    }),
    async (request) => listScreeningLists(app.ctx, pickLanguage(request.headers['accept-language'])),
  );

  app.get(
    '/screening/search',
    route('user', {
      tags: ['screening'],
      summary: 'Screen one name against the loaded sanctions lists, best match first',
      querystring: screeningSearchQuerySchema,
      response: { 200: screeningSearchResponseSchema, ...errors },
    }),
    async (request) => searchScreening(app.ctx, request.query, pickLanguage(request.headers['accept-language']), { user: currentUser(request), actor: auditActorOf(request) }),
  );

  // Batch screening takes JSON or a CSV/XLSX file (multipart/form-data, field "file"); the file is
  // read into the same body before validation, so both go through one schema and one set of messages.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 10, fileSize: app.ctx.config.UPLOAD_LIMIT_BYTES } });
    const fileRows = new WeakMap<object, BatchFileRow[]>();
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/screening/batch',
      route(
        'user',
        {
          tags: ['screening'],
          summary:
            'Screen up to 1,000 names at once (JSON, or a CSV/XLSX file with columns name, type?, country? as multipart field "file"); ' +
            'results in the same order; Accept: text/csv or ?format=csv answers CSV',
          querystring: screeningBatchQuerySchema,
          body: screeningBatchBodySchema,
          response: { 200: screeningBatchResponseSchema, ...errors, 429: errorBodySchema },
        },
        {
        preValidation: async (request: FastifyRequest) => {
          if (!request.isMultipart()) return;
          let content: Buffer | null = null;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file' && content === null) content = await part.toBuffer();
              else if (part.type === 'file') part.file.resume();
            }
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(screeningMessages.fileTooLarge);
            throw badRequest(screeningMessages.fileUnreadable);
          }
          if (content === null) throw badRequest(screeningMessages.fileMissing);
          const rows = await readBatchFile(content);
          fileRows.set(request, rows);
          request.body = { queries: rows.map(({ name, type }) => (type ? { name, type } : { name })) };
        },
        },
      ),
      async (request, reply) => {
        await enforceBatchScreeningLimit(app.ctx, currentUser(request).id);
        const lang = pickLanguage(request.headers['accept-language']);
        const { format, threshold, sources } = request.query;
        const result = await batchScreening(app.ctx, request.body, lang, { threshold, sources }, { user: currentUser(request), actor: auditActorOf(request) });
        const wantsCsv = format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(request.headers.accept ?? ''));
        if (!wantsCsv) return result;
        const rows = fileRows.get(request) ?? request.body.queries.map((query, i) => ({ ...query, row: i + 1 }));
        // A Buffer is sent as it is: the 200 schema's JSON serializer is not involved (hence the cast:
        // the type provider only knows the JSON shape).
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="screening-results.csv"')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(batchResultsCsv(result, rows), 'utf8') as never);
      },
    );
  });

  app.post(
    '/screening/compare',
    route('user', {
      tags: ['screening'],
      summary: 'Score two names with the screening scorer (no list needed)',
      body: screeningCompareBodySchema,
      response: { 200: screeningCompareResponseSchema, ...errors },
    }),
    async (request) => {
      const lang = pickLanguage(request.headers['accept-language']);
      const result = compareScreeningNames(app.ctx, request.body.name1, request.body.name2, request.body.type, lang);
      return { score: result.score, is_match: result.isMatch, threshold: result.threshold, explanation: result.explanation };
    },
  );

  app.get(
    '/screening/entities/:entity_id',
    route('user', {
      tags: ['screening'],
      summary: 'One list entry in full: aliases, programs, addresses, dates of birth, nationalities, remarks',
      params: screeningEntityParamsSchema,
      response: { 200: screeningEntitySchema, 404: errorBodySchema, ...errors },
    }),
    async (request) => getScreeningEntityDetails(app.ctx, request.params.entity_id),
  );
};
