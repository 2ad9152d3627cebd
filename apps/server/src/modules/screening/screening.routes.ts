import {
  errorBodySchema,
  screeningBatchBodySchema,
  screeningBatchResponseSchema,
  screeningCompareBodySchema,
  screeningCompareResponseSchema,
  screeningEntityParamsSchema,
  screeningEntitySchema,
  screeningListsResponseSchema,
  screeningSearchQuerySchema,
  screeningSearchResponseSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchScreening, getScreeningEntityDetails, listScreeningLists, searchScreening } from './screening.presenters';
import { pickLanguage } from '../../lib/messages';
import { compareScreeningNames } from './screening.service';
import { route } from '../../plugins/auth';
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
      summary: 'The sanctions lists loaded (source, entries, names, publication date); loaded: false when none is',
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
    async (request) => searchScreening(app.ctx, request.query, pickLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/screening/batch',
    route('user', {
      tags: ['screening'],
      summary: 'Screen up to 1,000 names at once; results in the same order',
      body: screeningBatchBodySchema,
      response: { 200: screeningBatchResponseSchema, ...errors },
    }),
    async (request) => batchScreening(app.ctx, request.body, pickLanguage(request.headers['accept-language'])),
  );

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
