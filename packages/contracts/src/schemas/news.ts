import { z } from 'zod';
import { defineMessages } from '../messages';
import { LANGUAGES } from '../constants';

import { NEWS_PAGE_MAX, NEWS_PAGE_SIZE_DEFAULT, NEWS_PAGE_SIZE_MAX, NEWS_SEARCH_MAX, NEWS_SLUG_MAX, newsCategories } from './news-constants';

export * from './news-constants';

export const newsMessages = defineMessages('news', {
  unknownCategory: 'Unknown category. Use oil, market or regulation.',
  badPage: `Page must be a whole number from 1 to ${NEWS_PAGE_MAX}.`,
  badPageSize: `Rows per page must be a whole number from 1 to ${NEWS_PAGE_SIZE_MAX}.`,
  searchTooLong: `Search text must be at most ${NEWS_SEARCH_MAX} characters.`,
  badLanguage: 'Language must be en or es.',
  badId: 'The article id must be a positive whole number.',
  badSlug: 'A slug contains only lowercase letters, digits and single hyphens.',
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 300 characters.',
  summaryTooLong: 'Summary must be at most 2000 characters.',
  bodyTooLong: 'Body must be at most 200000 characters.',
  sourceNameRequired: 'Source name is required.',
  sourceUrlInvalid: 'Source URL must be an http:// or https:// address.',
  imageUrlInvalid: 'Image URL must be an https:// address.',
  authorTooLong: 'Author must be at most 200 characters.',
  publishedAtInvalid: 'Publication date must be an ISO 8601 date and time.',
  nothingToUpdate: 'Send at least one field to change.',
  notFound: 'Article not found.',
  sourceUrlTaken: 'An article with this source URL already exists.',
  slugTaken: 'An article with this slug already exists.',
});

export const newsCategorySchema = z.enum(newsCategories, { error: newsMessages.unknownCategory });
export const newsLanguageSchema = z.enum(LANGUAGES, { error: newsMessages.badLanguage });
export type NewsLanguage = z.infer<typeof newsLanguageSchema>;

export const newsSlugSchema = z
  .string({ error: newsMessages.badSlug })
  .min(1, { error: newsMessages.badSlug })
  .max(NEWS_SLUG_MAX, { error: newsMessages.badSlug })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: newsMessages.badSlug });

/** Query values arrive as strings; an empty one means "not given" (a cleared search box). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function wholeNumberFromQuery(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => {
      const cleaned = blankToUndefined(value);
      if (typeof cleaned === 'string' && /^\s*\d{1,12}\s*$/.test(cleaned)) return Number(cleaned);
      return cleaned;
    },
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

export const newsTranslationSchema = z.object({
  title: z.string().trim().min(1).max(300),
  summary: z.string().trim().max(2000),
});
export type NewsTranslation = z.infer<typeof newsTranslationSchema>;

export const newsTranslationsSchema = z.object({
  en: newsTranslationSchema.optional(),
  es: newsTranslationSchema.optional(),
});
export type NewsTranslations = z.infer<typeof newsTranslationsSchema>;

const newsArticleFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: newsCategorySchema,
  source_name: z.string(),
  source_url: z.string(),
  image_url: z.string().nullable(),
  author: z.string().nullable(),
  /** The language the article was written in. */
  language: newsLanguageSchema,
  published_at: z.string(),
  translations: newsTranslationsSchema,
  is_demo: z.boolean(),
  /**
   * What to show for the requested `lang`: the translation when one exists, else the original.
   * `display_language` differs from the requested language when no translation exists (the UI
   * then shows a language badge).
   */
  display_title: z.string(),
  display_summary: z.string(),
  display_language: newsLanguageSchema,
};

/** A list entry: the article without its body. */
export const newsListItemSchema = z.object(newsArticleFields);
export type NewsListItem = z.infer<typeof newsListItemSchema>;

export const newsArticleSchema = z.object({
  ...newsArticleFields,
  /** Sanitized on the server (allowlist); the browser sanitizes it again before display. */
  body_html: z.string(),
  updated_at: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const listNewsQuerySchema = z.object({
  category: z.preprocess(blankToUndefined, newsCategorySchema.optional()),
  q: z.preprocess(
    blankToUndefined,
    z.string({ error: newsMessages.searchTooLong }).trim().max(NEWS_SEARCH_MAX, { error: newsMessages.searchTooLong }).optional(),
  ),
  page: wholeNumberFromQuery(newsMessages.badPage, 1, NEWS_PAGE_MAX).optional().default(1),
  page_size: wholeNumberFromQuery(newsMessages.badPageSize, 1, NEWS_PAGE_SIZE_MAX).optional().default(NEWS_PAGE_SIZE_DEFAULT),
  lang: z.preprocess(blankToUndefined, newsLanguageSchema.optional()),
});
export type ListNewsQuery = z.infer<typeof listNewsQuerySchema>;

export const newsListResponseSchema = z.object({
  items: z.array(newsListItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const getNewsArticleQuerySchema = z.object({
  lang: z.preprocess(blankToUndefined, newsLanguageSchema.optional()),
});
export type GetNewsArticleQuery = z.infer<typeof getNewsArticleQuerySchema>;

export const newsIdParamsSchema = z.object({
  id: wholeNumberFromQuery(newsMessages.badId, 1, 2_147_483_647),
});
export type NewsIdParams = z.infer<typeof newsIdParamsSchema>;

export const newsSlugParamsSchema = z.object({ slug: newsSlugSchema });
export type NewsSlugParams = z.infer<typeof newsSlugParamsSchema>;

const httpUrlSchema = z
  .string({ error: newsMessages.sourceUrlInvalid })
  .trim()
  .max(2000, { error: newsMessages.sourceUrlInvalid })
  .pipe(z.url({ protocol: /^https?$/, error: newsMessages.sourceUrlInvalid }));

/** The CSP lets the browser load https images only. */
const httpsImageUrlSchema = z
  .string({ error: newsMessages.imageUrlInvalid })
  .trim()
  .max(2000, { error: newsMessages.imageUrlInvalid })
  .pipe(z.url({ protocol: /^https$/, error: newsMessages.imageUrlInvalid }));

const editableNewsFields = {
  title: z
    .string({ error: newsMessages.titleRequired })
    .trim()
    .min(1, { error: newsMessages.titleRequired })
    .max(300, { error: newsMessages.titleTooLong }),
  summary: z.string({ error: newsMessages.summaryTooLong }).trim().max(2000, { error: newsMessages.summaryTooLong }),
  body_html: z.string({ error: newsMessages.bodyTooLong }).max(200_000, { error: newsMessages.bodyTooLong }),
  category: newsCategorySchema,
  source_name: z
    .string({ error: newsMessages.sourceNameRequired })
    .trim()
    .min(1, { error: newsMessages.sourceNameRequired })
    .max(200, { error: newsMessages.sourceNameRequired }),
  source_url: httpUrlSchema,
  image_url: httpsImageUrlSchema.nullable(),
  author: z.string({ error: newsMessages.authorTooLong }).trim().max(200, { error: newsMessages.authorTooLong }).nullable(),
  language: newsLanguageSchema,
  published_at: z.iso.datetime({ offset: true, error: newsMessages.publishedAtInvalid }),
  slug: newsSlugSchema,
  translations: newsTranslationsSchema,
};

/** POST /api/admin/news. The server sanitizes body_html and makes a slug from the title when none is given. */
export const createNewsArticleBodySchema = z.object({
  title: editableNewsFields.title,
  summary: editableNewsFields.summary.optional().default(''),
  body_html: editableNewsFields.body_html.optional().default(''),
  category: editableNewsFields.category,
  source_name: editableNewsFields.source_name,
  source_url: editableNewsFields.source_url,
  image_url: editableNewsFields.image_url.optional().default(null),
  author: editableNewsFields.author.optional().default(null),
  language: editableNewsFields.language.optional().default('en'),
  published_at: editableNewsFields.published_at.optional(),
  slug: editableNewsFields.slug.optional(),
  translations: editableNewsFields.translations.optional().default({}),
});
export type CreateNewsArticleBody = z.infer<typeof createNewsArticleBodySchema>;

/** PATCH /api/admin/news/{id}: any subset of the create fields, at least one. */
export const updateNewsArticleBodySchema = z
  .object({
    title: editableNewsFields.title.optional(),
    summary: editableNewsFields.summary.optional(),
    body_html: editableNewsFields.body_html.optional(),
    category: editableNewsFields.category.optional(),
    source_name: editableNewsFields.source_name.optional(),
    source_url: editableNewsFields.source_url.optional(),
    image_url: editableNewsFields.image_url.optional(),
    author: editableNewsFields.author.optional(),
    language: editableNewsFields.language.optional(),
    published_at: editableNewsFields.published_at.optional(),
    slug: editableNewsFields.slug.optional(),
    translations: editableNewsFields.translations.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: newsMessages.nothingToUpdate });
export type UpdateNewsArticleBody = z.infer<typeof updateNewsArticleBodySchema>;

/** GET /api/admin/news/feeds: each configured feed with the outcome of its last fetch. */
export const newsFeedStatusSchema = z.object({
  url: z.string(),
  category: newsCategorySchema,
  language: newsLanguageSchema.nullable(),
  last_fetched_at: z.string().nullable(),
  last_status: z.enum(['ok', 'not_modified', 'error']).nullable(),
  last_error: z.string().nullable(),
  items_added: z.number().int(),
});
export type NewsFeedStatus = z.infer<typeof newsFeedStatusSchema>;
export const newsFeedStatusListSchema = z.object({
  feeds: z.array(newsFeedStatusSchema),
  translation_enabled: z.boolean(),
});
export type NewsFeedStatusList = z.infer<typeof newsFeedStatusListSchema>;

/** POST /api/admin/news/ingest: the run is queued, not awaited; queued is false when a run is already waiting. */
export const newsIngestQueuedSchema = z.object({ queued: z.boolean(), job_id: z.string().nullable() });
export type NewsIngestQueued = z.infer<typeof newsIngestQueuedSchema>;
