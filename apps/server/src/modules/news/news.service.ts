import { type CreateNewsArticleBody, type ListNewsQuery, type MessageKey, type NewsArticle, type NewsLanguage, type NewsListItem, type NewsListResponse, newsMessages, slugify, type UpdateNewsArticleBody } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { sanitizeArticleHtml } from '../../integrations/news/html-sanitizer';
import { createLlmTranslator } from '../../integrations/news/translator';
import { AppError, notFound } from '../../lib/app-error';
import { NEWS_TRANSLATE_JOB } from './news.constants';
import {
  deleteArticle,
  findArticleById,
  findArticleBySlug,
  findArticleIdBySourceUrl,
  insertArticleIfNew,
  listArticles,
  listArticlesMentioningPhrases,
  listSlugsStartingWith,
  updateArticle,
  type NewNewsArticle,
  type NewsArticlePatch,
  type NewsArticleRow,
} from './news.repository';

export const NEWS_SLUG_BASE_MAX = 80;

/** Words of a free-text search as a prefix tsquery ("crude pri" → "crude:* & pri:*"); null when nothing is searchable. */
export function buildSearchQuery(text: string | undefined): string | null {
  if (!text) return null;
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, 8).map((word) => `${word.slice(0, 50)}:*`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** Link as stored for de-duplication: no fragment, no utm_* tracking parameters. */
export function normalizeSourceUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (/^utm_/i.test(key)) url.searchParams.delete(key);
  }
  return url.toString();
}

/** The next free slug for a title: "opec-holds-output", then "opec-holds-output-2", … */
export async function pickFreeSlug(db: DbOrTx, text: string): Promise<string> {
  const base = slugify(text).slice(0, NEWS_SLUG_BASE_MAX).replace(/-+$/, '') || 'article';
  const taken = new Set(await listSlugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function presentDisplay(row: NewsArticleRow, lang: NewsLanguage | undefined) {
  const wanted = lang ?? row.language;
  const translation = wanted !== row.language ? row.translations[wanted] : undefined;
  return translation
    ? { display_title: translation.title, display_summary: translation.summary, display_language: wanted }
    : { display_title: row.title, display_summary: row.summary, display_language: row.language };
}

function presentListItem(row: NewsArticleRow, lang: NewsLanguage | undefined): NewsListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    image_url: row.imageUrl,
    author: row.author,
    language: row.language,
    published_at: row.publishedAt.toISOString(),
    translations: row.translations ?? {},
    is_demo: row.isDemo,
    ...presentDisplay(row, lang),
  };
}

function presentArticle(row: NewsArticleRow, lang: NewsLanguage | undefined): NewsArticle {
  return { ...presentListItem(row, lang), body_html: row.bodyHtml, updated_at: row.updatedAt.toISOString() };
}

/** The news list: category filter, full-text search (PostgreSQL text search over an indexed vector), paging. */
export async function listNews(ctx: AppContext, query: ListNewsQuery): Promise<NewsListResponse> {
  const tsQuery = buildSearchQuery(query.q);
  const { rows, total } = await listArticles(ctx.db, {
    category: query.category,
    tsQuery: tsQuery ?? undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    items: rows.map((row) => presentListItem(row, query.lang)),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  };
}

/** One article by numeric id; 404 'Article not found.' otherwise. */
export async function getNewsArticle(ctx: AppContext, id: number, lang?: NewsLanguage): Promise<NewsArticle> {
  const row = await findArticleById(ctx.db, id);
  if (!row) throw notFound(newsMessages.notFound);
  return presentArticle(row, lang);
}

/** One article by slug; 404 'Article not found.' otherwise. */
export async function getNewsArticleBySlug(ctx: AppContext, slug: string, lang?: NewsLanguage): Promise<NewsArticle> {
  const row = await findArticleBySlug(ctx.db, slug);
  if (!row) throw notFound(newsMessages.notFound);
  return presentArticle(row, lang);
}

const conflict = (detail: MessageKey, field: string) => new AppError('CONFLICT', 409, detail, { [field]: detail });

/** Tells the caller which unique rule a refused write broke. */
async function explainConflict(ctx: AppContext, values: { slug?: string; sourceUrl?: string }, ignoreId?: number): Promise<AppError> {
  if (values.sourceUrl) {
    const owner = await findArticleIdBySourceUrl(ctx.db, values.sourceUrl);
    if (owner !== undefined && owner !== ignoreId) return conflict(newsMessages.sourceUrlTaken, 'source_url');
  }
  return conflict(newsMessages.slugTaken, 'slug');
}

/** Queues the translation of articles that lack one, when a model is configured; the write never waits for it. */
async function requestTranslation(ctx: AppContext, row: NewsArticleRow) {
  const other = row.language === 'en' ? 'es' : 'en';
  if (row.translations[other] || !createLlmTranslator(ctx.config)) return;
  try {
    await ctx.jobs.send(NEWS_TRANSLATE_JOB, {}, { singletonKey: NEWS_TRANSLATE_JOB });
  } catch (error) {
    ctx.log.warn({ err: error, articleId: row.id }, 'news translation could not be queued');
  }
}

/** Admin: writes an article; the body is sanitized with the same allowlist as feed items. */
export async function createNewsArticle(ctx: AppContext, body: CreateNewsArticleBody): Promise<NewsArticle> {
  const sourceUrl = normalizeSourceUrl(body.source_url);
  if ((await findArticleIdBySourceUrl(ctx.db, sourceUrl)) !== undefined) throw conflict(newsMessages.sourceUrlTaken, 'source_url');
  if (body.slug && (await findArticleBySlug(ctx.db, body.slug))) throw conflict(newsMessages.slugTaken, 'slug');
  const now = ctx.now();
  const values: NewNewsArticle = {
    slug: body.slug ?? (await pickFreeSlug(ctx.db, body.title)),
    title: body.title,
    summary: body.summary,
    bodyHtml: sanitizeArticleHtml(body.body_html, sourceUrl),
    category: body.category,
    sourceName: body.source_name,
    sourceUrl,
    imageUrl: body.image_url,
    author: body.author || null,
    language: body.language,
    publishedAt: body.published_at ? new Date(body.published_at) : now,
    translations: body.translations,
    isDemo: false,
    createdAt: now,
    updatedAt: now,
  };
  const row = await insertArticleIfNew(ctx.db, values);
  if (!row) throw await explainConflict(ctx, values);
  await requestTranslation(ctx, row);
  return presentArticle(row, undefined);
}

/**
 * Admin: changes some fields. A new title or summary without new translations drops the stored
 * ones, which no longer match (the translation job redoes them when a model is configured).
 */
export async function updateNewsArticle(ctx: AppContext, id: number, body: UpdateNewsArticleBody): Promise<NewsArticle> {
  const current = await findArticleById(ctx.db, id);
  if (!current) throw notFound(newsMessages.notFound);
  const patch: NewsArticlePatch = { updatedAt: ctx.now() };
  if (body.title !== undefined) patch.title = body.title;
  if (body.summary !== undefined) patch.summary = body.summary;
  if (body.category !== undefined) patch.category = body.category;
  if (body.source_name !== undefined) patch.sourceName = body.source_name;
  if (body.source_url !== undefined) patch.sourceUrl = normalizeSourceUrl(body.source_url);
  if (body.image_url !== undefined) patch.imageUrl = body.image_url;
  if (body.author !== undefined) patch.author = body.author || null;
  if (body.language !== undefined) patch.language = body.language;
  if (body.published_at !== undefined) patch.publishedAt = new Date(body.published_at);
  if (body.slug !== undefined) patch.slug = body.slug;
  if (body.body_html !== undefined) patch.bodyHtml = sanitizeArticleHtml(body.body_html, patch.sourceUrl ?? current.sourceUrl);
  const textChanged =
    (body.title !== undefined && body.title !== current.title) ||
    (body.summary !== undefined && body.summary !== current.summary) ||
    (body.language !== undefined && body.language !== current.language);
  if (body.translations !== undefined) patch.translations = body.translations;
  else if (textChanged) patch.translations = {};
  if (patch.translations !== undefined) patch.translationFailedAt = null;

  if (patch.sourceUrl && patch.sourceUrl !== current.sourceUrl) {
    const owner = await findArticleIdBySourceUrl(ctx.db, patch.sourceUrl);
    if (owner !== undefined && owner !== id) throw conflict(newsMessages.sourceUrlTaken, 'source_url');
  }
  if (patch.slug && patch.slug !== current.slug && (await findArticleBySlug(ctx.db, patch.slug))) {
    throw conflict(newsMessages.slugTaken, 'slug');
  }
  let row: NewsArticleRow | undefined;
  try {
    row = await updateArticle(ctx.db, id, patch);
  } catch (error) {
    if (readUniqueViolation(error)) throw await explainConflict(ctx, { slug: patch.slug, sourceUrl: patch.sourceUrl }, id);
    throw error;
  }
  if (!row) throw notFound(newsMessages.notFound);
  await requestTranslation(ctx, row);
  return presentArticle(row, undefined);
}

/** Admin: removes an article; 404 when it does not exist. */
export async function deleteNewsArticle(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteArticle(ctx.db, id))) throw notFound(newsMessages.notFound);
}

/** True for a PostgreSQL unique violation (23505), whether the driver wrapped it or not. */
function readUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export interface NewsMention {
  id: number;
  slug: string;
  title: string;
  source_name: string;
  url: string;
  published_at: string;
}

/**
 * For each name, the stored articles that mention it as a phrase (full-text search), most recent
 * first, in the names' order (one query for all): the adverse-media part of a due-diligence report.
 * Names of fewer than two letters match nothing.
 */
export async function findNewsMentioning(ctx: AppContext, names: readonly string[], limit = 5): Promise<NewsMention[][]> {
  const searched = names.filter((name) => (name.match(/\p{L}/gu) ?? []).length >= 2);
  const found = await listArticlesMentioningPhrases(ctx.db, searched, limit);
  const byName = new Map(searched.map((name, index) => [name, found[index]!]));
  return names.map((name) =>
    (byName.get(name) ?? []).map((row) => ({ id: row.id, slug: row.slug, title: row.title, source_name: row.sourceName, url: row.sourceUrl, published_at: row.publishedAt.toISOString() })),
  );
}
