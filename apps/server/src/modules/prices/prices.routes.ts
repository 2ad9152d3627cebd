import {
  adminPriceImportsQuerySchema,
  adminProductListResponseSchema,
  adminProductParamsSchema,
  adminProductSchema,
  eiaSyncStatusSchema,
  createProductBodySchema,
  updateProductBodySchema,
  priceImportListResponseSchema,
  exportPricesQuerySchema,
  importPricesQuerySchema,
  importReportSchema,
  multipartImportResponseSchema,
  listPriceDatesQuerySchema,
  listPricesQuerySchema,
  listPricesResponseSchema,
  UPLOAD_MAX_FILES,
  priceDatesResponseSchema,
  priceCurveQuerySchema,
  priceCurveResponseSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  priceMessages,
  priceMoversQuerySchema,
  priceMoversResponseSchema,
  priceSummaryQuerySchema,
  priceSummaryResponseSchema,
  productListResponseSchema,
} from '@fueldesk/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyEtag from '@fastify/etag';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { currentUser, route } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.service';
import { createProduct, editProduct, listAdminProducts, setProductRetired } from './products-admin.service';
import multipart from '@fastify/multipart';
import { getPriceCurve } from './curve.service';
import { importUploadedPriceFiles, type UploadedFile } from './price-upload.service';
import { listPriceImportHistory } from './price-import-history.service';
import { importUploadedPriceFile } from './price-import.service';
import { exportPrices } from './price-export.service';
import { getPriceHistoryPayload } from './price-history.service';
import { getPriceMovers, getPriceSummary, listPriceDates, listPricesJson, listProducts } from './prices.service';
import { formatMarketDataValidationError } from './validation-errors';
import { AppError } from '../../lib/app-error';
import { pickLanguage } from '../../lib/messages';
import { acceptsGzip } from '../../lib/json-compression';
import { getEiaSyncStatus, requestEiaSync } from './eia-sync-status.service';

const tags = ['prices'];

/** Market data: /api/prices/*, and the admin upload at /api/admin/prices/import. */
export const pricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSchemaErrorFormatter(formatMarketDataValidationError);

  app.get(
    '/prices/products',
    { schema: { tags, summary: 'The configured products', response: { 200: productListResponseSchema } } },
    async () => listProducts(app.ctx),
  );

  // The table and the history carry an ETag made from the data (set by the handler, so no body is
  // hashed); @fastify/etag answers 304 to a matching If-None-Match.
  await app.register(async (scope) => {
    await scope.register(fastifyEtag);
    const cached = scope.withTypeProvider<ZodTypeProvider>();

    cached.get(
      '/prices',
      {
        schema: {
          tags,
          summary: 'The daily price table (latest publication date by default)',
          querystring: listPricesQuerySchema,
          response: { 200: listPricesResponseSchema, 304: z.null().describe('Not modified (If-None-Match)') },
        },
      },
      async (request, reply) => {
        const { json, etag } = await listPricesJson(app.ctx, request.query);
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        // A string body skips the serializer: it was checked against listPricesResponseSchema and
        // serialised once per import (listPricesJson), the type provider cannot know that.
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );

    cached.get(
      '/prices/history',
      {
        schema: {
          tags,
          summary: 'Spot series of up to 10 products over up to 10 years',
          querystring: priceHistoryQuerySchema,
          response: { 200: priceHistoryResponseSchema, 304: z.null().describe('Not modified (If-None-Match)') },
        },
      },
      async (request, reply) => {
        const { gzip, etag, final } = await getPriceHistoryPayload(app.ctx, request.query);
        // A range that ends before the revision window never changes: the browser keeps it for a day.
        reply
          .header('etag', etag)
          .header('cache-control', final ? 'private, max-age=86400, immutable' : 'private, no-cache')
          .header('vary', 'accept-encoding');
        reply.type('application/json; charset=utf-8');
        // Already serialised (and checked against the schema) and compressed once per import.
        if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzip as never);
        return reply.send(gunzipSync(gzip) as never);
      },
    );
  });

  app.get(
    '/prices/dates',
    {
      schema: {
        tags,
        summary: 'Publication dates holding data (calendar filter)',
        querystring: listPriceDatesQuerySchema,
        response: { 200: priceDatesResponseSchema },
      },
    },
    async (request) => listPriceDates(app.ctx, request.query),
  );

  app.get(
    '/prices/curve',
    {
      schema: {
        tags,
        summary: "A futures product's forward curve (contracts 1–4) on a date, with the curves a week and a month earlier",
        querystring: priceCurveQuerySchema,
        response: { 200: priceCurveResponseSchema },
      },
    },
    async (request) => getPriceCurve(app.ctx, request.query),
  );

  app.get(
    '/prices/movers',
    {
      schema: {
        tags,
        summary: 'Top gainers and losers by percent change',
        querystring: priceMoversQuerySchema,
        response: { 200: priceMoversResponseSchema },
      },
    },
    async (request) => getPriceMovers(app.ctx, request.query),
  );

  app.get(
    '/prices/summary',
    {
      schema: {
        tags,
        summary: 'Market summary per category',
        querystring: priceSummaryQuerySchema,
        response: { 200: priceSummaryResponseSchema },
      },
    },
    async (request) => getPriceSummary(app.ctx, request.query),
  );

  app.get(
    '/prices/export',
    {
      schema: {
        tags,
        summary: 'CSV of the daily table, or of the history when codes are given',
        querystring: exportPricesQuerySchema,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportPrices(app.ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/price-imports',
    route('admin', { tags, summary: 'Price-import history: who, when, file, counts', querystring: adminPriceImportsQuerySchema, response: { 200: priceImportListResponseSchema } }),
    async (request) => listPriceImportHistory(app.ctx, request.query),
  );

  app.get(
    '/admin/prices/sync',
    route('admin', { tags, summary: 'The EIA API v2 sync: configured or not, next run, recent runs with rows written and the last error in words', response: { 200: eiaSyncStatusSchema } }),
    async (request) => getEiaSyncStatus(app.ctx, pickLanguage(request.headers['accept-language'])),
  );

  app.post(
    '/admin/prices/sync',
    route('admin', { tags, summary: 'Queue an EIA API v2 sync now (409 while one is queued or running, or without EIA_API_KEY)', response: { 202: eiaSyncStatusSchema } }),
    async (request, reply) => reply.status(202).send(await requestEiaSync(app.ctx, auditActorOf(request), pickLanguage(request.headers['accept-language']))),
  );

  app.get(
    '/admin/products',
    route('admin', { tags, summary: 'Every product, retired ones too, with its stored values', response: { 200: adminProductListResponseSchema } }),
    async () => listAdminProducts(app.ctx),
  );

  app.post(
    '/admin/products',
    route('admin', { tags, summary: 'Add a spot or futures product (no migration)', body: createProductBodySchema, response: { 201: adminProductSchema } }),
    async (request, reply) => reply.status(201).send(await createProduct(app.ctx, request.body, auditActorOf(request))),
  );

  app.patch(
    '/admin/products/:code',
    route('admin', { tags, summary: "Change a product's names, category, unit, delivery, decimals or series", params: adminProductParamsSchema, body: updateProductBodySchema, response: { 200: adminProductSchema } }),
    async (request) => editProduct(app.ctx, request.params.code, request.body, auditActorOf(request)),
  );

  app.post(
    '/admin/products/:code/retire',
    route('admin', { tags, summary: 'Retire a product: it leaves pickers and the daily table, its history stays readable', params: adminProductParamsSchema, response: { 200: adminProductSchema } }),
    async (request) => setProductRetired(app.ctx, request.params.code, true, auditActorOf(request)),
  );

  app.post(
    '/admin/products/:code/reinstate',
    route('admin', { tags, summary: 'Bring a retired product back', params: adminProductParamsSchema, response: { 200: adminProductSchema } }),
    async (request) => setProductRetired(app.ctx, request.params.code, false, auditActorOf(request)),
  );

  await app.register(async (instance) => {
    const upload = instance.withTypeProvider<ZodTypeProvider>();
    // multipart/form-data: files are read into memory one at a time, each cut at the upload limit.
    await instance.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: app.ctx.config.UPLOAD_LIMIT_BYTES, files: UPLOAD_MAX_FILES, fields: 10, parts: UPLOAD_MAX_FILES + 10 },
    });
    upload.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/csv'],
      { parseAs: 'string', bodyLimit: app.ctx.config.UPLOAD_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      '/admin/prices/import',
      route(
        'admin',
        {
          tags,
          summary: "Import one CSV price file (text/csv body), or one or more CSV files and EIA's .xls / .xlsx workbooks (multipart/form-data)",
          querystring: importPricesQuerySchema,
          body: z.string().min(1, { error: priceMessages.fileEmpty }).nullish(),
          response: { 200: z.union([importReportSchema, multipartImportResponseSchema]) },
        },
        { bodyLimit: app.ctx.config.UPLOAD_LIMIT_BYTES },
      ),
      async (request) => {
        const importedBy = currentUser(request).id;
        const lang = pickLanguage(request.headers['accept-language']);
        if (request.isMultipart()) {
          const files: UploadedFile[] = [];
          for await (const part of request.files()) {
            const bytes = await part.toBuffer();
            files.push({ name: part.filename || 'upload', bytes, truncated: part.file.truncated });
          }
          return importUploadedPriceFiles(app.ctx, files, { importedBy, strict: request.query.strict, limitBytes: app.ctx.config.UPLOAD_LIMIT_BYTES, lang });
        }
        if (request.body === undefined || request.body === null) throw new AppError('VALIDATION_ERROR', 400, priceMessages.fileEmpty, { body: priceMessages.fileEmpty });
        return importUploadedPriceFile(app.ctx, { name: request.query.filename, text: request.body, strict: request.query.strict, importedBy, lang });
      },
    );
  });
};
