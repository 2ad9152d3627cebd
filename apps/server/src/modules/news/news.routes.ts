import {
  createNewsArticleBodySchema,
  errorBodySchema,
  getNewsArticleQuerySchema,
  listNewsQuerySchema,
  newsArticleSchema,
  newsFeedStatusListSchema,
  newsIdParamsSchema,
  newsIngestQueuedSchema,
  newsListResponseSchema,
  newsSlugParamsSchema,
  updateNewsArticleBodySchema,
} from '@fueldesk/contracts';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/auth';
import { listNewsFeedStatus, queueNewsIngestion } from './news-ingest.service';
import {
  createNewsArticle,
  deleteNewsArticle,
  getNewsArticle,
  getNewsArticleBySlug,
  listNews,
  updateNewsArticle,
} from './news.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Signed-in users read the news: every reading route answers the same errors. */
const readRoute = <const S extends FastifySchema & { response: object }>(summary: string, schema: S) =>
  route('user', { tags: ['news'], summary, ...schema, response: { ...schema.response, ...errors } });

/** One article, by id or by slug, in the asked language. */
const readArticleRoute = <const P extends z.ZodType>(summary: string, params: P) =>
  readRoute(summary, { params, querystring: getNewsArticleQuerySchema, response: { 200: newsArticleSchema, 404: errorBodySchema } });

/** Administrators write the news (under /api/admin). */
const adminRoute = <const S extends FastifySchema & { response: object }>(summary: string, schema: S) =>
  route('admin', { tags: ['news', 'admin'], summary, ...schema, response: { ...schema.response, ...errors } });

/** Signed-in users read the news; administrators write it (under /api/admin). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    readRoute('News articles: category filter, full-text search, paging', { querystring: listNewsQuerySchema, response: { 200: newsListResponseSchema } }),
    async (request) => listNews(app.ctx, request.query),
  );

  app.get('/news/:id', readArticleRoute('One article by numeric id', newsIdParamsSchema), async (request) =>
    getNewsArticle(app.ctx, request.params.id, request.query.lang),
  );

  app.get('/news/slug/:slug', readArticleRoute('One article by slug', newsSlugParamsSchema), async (request) =>
    getNewsArticleBySlug(app.ctx, request.params.slug, request.query.lang),
  );

  app.post(
    '/admin/news',
    adminRoute('Write an article (admin)', { body: createNewsArticleBodySchema, response: { 201: newsArticleSchema, 409: errorBodySchema } }),
    async (request, reply) => reply.status(201).send(await createNewsArticle(app.ctx, request.body)),
  );

  app.patch(
    '/admin/news/:id',
    adminRoute('Change an article (admin)', {
      params: newsIdParamsSchema,
      body: updateNewsArticleBodySchema,
      response: { 200: newsArticleSchema, 404: errorBodySchema, 409: errorBodySchema },
    }),
    async (request) => updateNewsArticle(app.ctx, request.params.id, request.body),
  );

  app.delete(
    '/admin/news/:id',
    adminRoute('Delete an article (admin)', { params: newsIdParamsSchema, response: { 204: z.null(), 404: errorBodySchema } }),
    async (request, reply) => {
      await deleteNewsArticle(app.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get('/admin/news/feeds', adminRoute('Configured feeds and their last fetch (admin)', { response: { 200: newsFeedStatusListSchema } }), async () =>
    listNewsFeedStatus(app.ctx),
  );

  app.post('/admin/news/ingest', adminRoute('Fetch the feeds now (admin)', { response: { 202: newsIngestQueuedSchema } }), async (_request, reply) =>
    reply.status(202).send(await queueNewsIngestion(app.ctx)),
  );
};
