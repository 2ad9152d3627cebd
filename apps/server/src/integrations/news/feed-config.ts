import { newsCategories, type NewsCategory, type NewsLanguage } from '@fueldesk/contracts';

export interface NewsFeedConfig {
  url: string;
  /** Category of the feed's items unless a keyword rule says otherwise. */
  category: NewsCategory;
  /** Language of the items when the feed itself does not say (default: what the feed declares, else en). */
  language: NewsLanguage | null;
}

export class NewsFeedsConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`NEWS_FEEDS is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'NewsFeedsConfigError';
  }
}

export const NEWS_FEEDS_FORMAT = 'url|category[|language], separated by commas or new lines; category is oil, market or regulation; language is en or es';

/**
 * Parses NEWS_FEEDS, e.g.
 * `https://example.com/oil.rss|oil, https://example.org/noticias.xml|regulation|es`.
 * Every bad entry is reported at once; a comma inside a URL must be written %2C.
 */
export function parseNewsFeeds(value: string | undefined | null): NewsFeedConfig[] {
  if (!value || value.trim() === '') return [];
  const problems: string[] = [];
  const feeds: NewsFeedConfig[] = [];
  const seen = new Set<string>();
  const entries = value.split(/[,\n]/).map((entry) => entry.trim()).filter(Boolean);
  entries.forEach((entry, index) => {
    const label = `entry ${index + 1} ("${entry}")`;
    const parts = entry.split('|').map((part) => part.trim());
    if (parts.length < 2 || parts.length > 3) {
      problems.push(`${label}: expected ${NEWS_FEEDS_FORMAT}`);
      return;
    }
    const [rawUrl, rawCategory, rawLanguage] = parts as [string, string, string | undefined];
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      problems.push(`${label}: "${rawUrl}" is not a URL`);
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`${label}: only http:// and https:// feeds are allowed`);
      return;
    }
    const category = rawCategory.toLowerCase();
    if (!(newsCategories as readonly string[]).includes(category)) {
      problems.push(`${label}: unknown category "${rawCategory}" (use oil, market or regulation)`);
      return;
    }
    let language: NewsLanguage | null = null;
    if (rawLanguage !== undefined && rawLanguage !== '') {
      const lower = rawLanguage.toLowerCase();
      if (lower !== 'en' && lower !== 'es') {
        problems.push(`${label}: unknown language "${rawLanguage}" (use en or es)`);
        return;
      }
      language = lower;
    }
    const normalized = url.toString();
    if (seen.has(normalized)) {
      problems.push(`${label}: the feed is listed twice`);
      return;
    }
    seen.add(normalized);
    feeds.push({ url: normalized, category: category as NewsCategory, language });
  });
  if (problems.length > 0) throw new NewsFeedsConfigError(problems);
  return feeds;
}

/** Every problem of a NEWS_FEEDS value (config.ts reports them at start); empty when it is valid. */
export function findNewsFeedsProblems(value: string | undefined | null): string[] {
  try {
    parseNewsFeeds(value);
    return [];
  } catch (error) {
    if (error instanceof NewsFeedsConfigError) return error.problems;
    throw error;
  }
}
