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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

/** Signed-in users read the news; administrators write it (under /api/admin). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['news'],
        summary: 'News articles: category filter, full-text search, paging',
        querystring: listNewsQuerySchema,
        response: { 200: newsListResponseSchema, ...errors },
      },
    },
    async (request) => listNews(app.ctx, request.query),
  );

  app.get(
    '/news/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['news'],
        summary: 'One article by numeric id',
        params: newsIdParamsSchema,
        querystring: getNewsArticleQuerySchema,
        response: { 200: newsArticleSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => getNewsArticle(app.ctx, request.params.id, request.query.lang),
  );

  app.get(
    '/news/slug/:slug',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['news'],
        summary: 'One article by slug',
        params: newsSlugParamsSchema,
        querystring: getNewsArticleQuerySchema,
        response: { 200: newsArticleSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => getNewsArticleBySlug(app.ctx, request.params.slug, request.query.lang),
  );

  app.post(
    '/admin/news',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['news', 'admin'],
        summary: 'Write an article (admin)',
        body: createNewsArticleBodySchema,
        response: { 201: newsArticleSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createNewsArticle(app.ctx, request.body)),
  );

  app.patch(
    '/admin/news/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['news', 'admin'],
        summary: 'Change an article (admin)',
        params: newsIdParamsSchema,
        body: updateNewsArticleBodySchema,
        response: { 200: newsArticleSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => updateNewsArticle(app.ctx, request.params.id, request.body),
  );

  app.delete(
    '/admin/news/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['news', 'admin'],
        summary: 'Delete an article (admin)',
        params: newsIdParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteNewsArticle(app.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/news/feeds',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['news', 'admin'],
        summary: 'Configured feeds and their last fetch (admin)',
        response: { 200: newsFeedStatusListSchema, ...errors },
      },
    },
    async () => listNewsFeedStatus(app.ctx),
  );

  app.post(
    '/admin/news/ingest',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['news', 'admin'],
        summary: 'Fetch the feeds now (admin)',
        response: { 202: newsIngestQueuedSchema, ...errors },
      },
    },
    async (_request, reply) => reply.status(202).send(await queueNewsIngestion(app.ctx)),
  );
};
