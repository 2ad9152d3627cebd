import type { XMLParser } from 'fast-xml-parser';
import { escapeHtml } from '@fueldesk/contracts';
import { lazyModule } from '../../lib/lazy-module';
import {
  convertHtmlToText,
  findFirstImage,
  resolveHttpUrl,
  resolveHttpsUrl,
  sanitizeArticleHtml,
  truncateText,
} from './html-sanitizer';

export const FEED_SUMMARY_MAX = 500;
export const FEED_TITLE_MAX = 300;
export const FEED_BODY_MAX = 200_000;

export interface ParsedFeedItem {
  /** RSS guid or Atom id, as written. */
  guid: string | null;
  /** Absolute http(s) link to the article: the de-duplication key. */
  link: string;
  title: string;
  /** Plain text. */
  summary: string;
  /** Sanitized HTML. */
  bodyHtml: string;
  author: string | null;
  /** Null when the feed gives no date or one that cannot be read. */
  publishedAt: Date | null;
  imageUrl: string | null;
  /** The feed's own category labels; the keyword rules read them. */
  categories: string[];
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf';
  title: string | null;
  /** 'en' or 'es' when the feed declares one of them. */
  language: 'en' | 'es' | null;
  items: ParsedFeedItem[];
  /** One line per item that was left out, with the reason. */
  skipped: string[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

type XmlNode = string | number | boolean | null | undefined | XmlObject | XmlNode[];
interface XmlObject {
  [key: string]: XmlNode;
}

const arrayTags = new Set([
  'item', 'entry', 'link', 'category', 'enclosure', 'media:content', 'media:thumbnail', 'author', 'dc:creator', 'media:group',
]);

// Atom text constructs are read raw so that type="xhtml" keeps its markup and type="html" its escaping.
const atomTextPaths = ['feed.entry.title', 'feed.entry.summary', 'feed.entry.content', 'feed.title'];

const loadFastXmlParser = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');
let parser: XMLParser | undefined;

const createParser = () => new (loadFastXmlParser().XMLParser)({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: { enabled: true, maxTotalExpansions: 1_000, maxExpandedLength: 100_000, maxEntityCount: 100 },
  htmlEntities: false,
  stopNodes: atomTextPaths,
  isArray: (name) => arrayTags.has(name),
  maxNestedTags: 200,
});

function asArray(node: XmlNode): XmlNode[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

function asObject(node: XmlNode): XmlObject | null {
  const first = Array.isArray(node) ? node[0] : node;
  return first && typeof first === 'object' && !Array.isArray(first) ? first : null;
}

/** Text of an element; nested markup (unescaped HTML in a description) contributes its text in document order where known. */
function readText(node: XmlNode): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.length > 0 ? readText(node[0]) : '';
  const own = node['#text'];
  const parts: string[] = [];
  if (own !== undefined) parts.push(readText(own));
  for (const [key, value] of Object.entries(node)) {
    if (key === '#text' || key.startsWith('@_')) continue;
    for (const child of asArray(value)) parts.push(readText(child));
  }
  return parts.join(' ').trim();
}

function readAttribute(node: XmlNode, name: string): string | null {
  const object = asObject(node);
  const value = object?.[`@_${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const xmlEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return xmlEntities[name.toLowerCase()] ?? whole;
  });
}

/** Raw XML content → its character data: CDATA sections kept verbatim, entities decoded elsewhere. */
function decodeRawXml(raw: string): string {
  let result = '';
  let rest = raw;
  for (;;) {
    const start = rest.indexOf('<![CDATA[');
    if (start === -1) return result + decodeXmlEntities(rest);
    const end = rest.indexOf(']]>', start + 9);
    if (end === -1) return result + decodeXmlEntities(rest.slice(0, start)) + rest.slice(start + 9);
    result += decodeXmlEntities(rest.slice(0, start)) + rest.slice(start + 9, end);
    rest = rest.slice(end + 3);
  }
}

/** An Atom text construct (text, html or xhtml) as HTML. */
function readAtomHtml(node: XmlNode): string {
  if (node === undefined || node === null) return '';
  const object = asObject(node);
  const raw = object ? readText(object['#text']) : readText(node);
  const type = (object ? readAttribute(object, 'type') : null)?.toLowerCase() ?? 'text';
  if (type === 'xhtml') return raw;
  const decoded = decodeRawXml(raw);
  return type === 'html' || type === 'text/html' ? decoded : escapeHtml(decoded);
}

/** Dates in RFC 822 (RSS), ISO 8601 (Atom, Dublin Core) or anything Date.parse reads; null otherwise. */
export function parseFeedDate(value: string): Date | null {
  const text = value.trim();
  if (!text) return null;
  let time = Date.parse(text);
  if (Number.isNaN(time)) {
    // "Mon, 02 Jan 2006 15:04:05 +0000 (UTC)" and similar trailing comments.
    time = Date.parse(text.replace(/\s*\([^)]*\)\s*$/, ''));
  }
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return date.getUTCFullYear() < 1990 ? null : date;
}

function normalizeLanguage(value: string | null | undefined): 'en' | 'es' | null {
  const code = value?.trim().toLowerCase().slice(0, 2);
  return code === 'en' || code === 'es' ? code : null;
}

const imageExtension = /\.(jpe?g|png|gif|webp|avif)(\?|#|$)/i;

function isImageCandidate(node: XmlNode, urlAttribute: string): boolean {
  const type = readAttribute(node, 'type') ?? '';
  const medium = readAttribute(node, 'medium') ?? '';
  const url = readAttribute(node, urlAttribute) ?? '';
  return type.startsWith('image/') || medium === 'image' || (type === '' && medium === '' && imageExtension.test(url));
}

/** Enclosure, media:content, media:thumbnail (also inside media:group), Atom enclosure links; https only. */
function findItemImage(item: XmlObject, baseUrl: string): string | null {
  const candidates: string[] = [];
  for (const enclosure of asArray(item.enclosure)) {
    if (isImageCandidate(enclosure, 'url')) candidates.push(readAttribute(enclosure, 'url') ?? '');
  }
  const mediaSources = [item, ...asArray(item['media:group']).map(asObject).filter((node): node is XmlObject => node !== null)];
  for (const source of mediaSources) {
    for (const content of asArray(source['media:content'])) {
      if (isImageCandidate(content, 'url')) candidates.push(readAttribute(content, 'url') ?? '');
    }
    for (const thumbnail of asArray(source['media:thumbnail'])) candidates.push(readAttribute(thumbnail, 'url') ?? '');
  }
  for (const link of asArray(item.link)) {
    if (readAttribute(link, 'rel') === 'enclosure' && (readAttribute(link, 'type') ?? '').startsWith('image/')) {
      candidates.push(readAttribute(link, 'href') ?? '');
    }
  }
  for (const candidate of candidates) {
    const url = resolveHttpsUrl(candidate, baseUrl);
    if (url) return url;
  }
  return null;
}

function readRssAuthor(item: XmlObject): string | null {
  const creator = readText(item['dc:creator']);
  if (creator) return creator;
  const author = readText(item.author);
  if (!author) return null;
  // RSS 2.0 authors are "email (Name)"; show the name, never the address alone.
  const named = /\(([^)]+)\)\s*$/.exec(author);
  if (named) return named[1]!.trim();
  return author.includes('@') ? null : author;
}

function readAtomAuthor(node: XmlNode): string | null {
  const names = asArray(node)
    .map((author) => readText(asObject(author)?.name))
    .filter(Boolean);
  return names.length > 0 ? names.join(', ') : null;
}

function pickAtomLink(item: XmlObject): string | null {
  const links = asArray(item.link);
  const alternate =
    links.find((link) => (readAttribute(link, 'rel') ?? 'alternate') === 'alternate' && (readAttribute(link, 'type') ?? 'text/html').includes('html')) ??
    links.find((link) => (readAttribute(link, 'rel') ?? 'alternate') === 'alternate');
  return alternate ? readAttribute(alternate, 'href') : null;
}

interface ItemDraft {
  guid: string | null;
  rawLink: string | null;
  guidIsPermalink: boolean;
  titleText: string;
  summaryHtml: string;
  contentHtml: string;
  author: string | null;
  dateText: string;
  categories: string[];
  image: string | null;
}

function finishItem(draft: ItemDraft, feedUrl: string): ParsedFeedItem {
  const link =
    resolveHttpUrl(draft.rawLink, feedUrl) ?? (draft.guidIsPermalink && draft.guid ? resolveHttpUrl(draft.guid, feedUrl) : null);
  if (!link) throw new Error('it has no http(s) link');
  const bodySource = draft.contentHtml || draft.summaryHtml;
  const bodyHtml = sanitizeArticleHtml(bodySource.slice(0, FEED_BODY_MAX * 2), link).slice(0, FEED_BODY_MAX);
  const summaryText = convertHtmlToText(draft.summaryHtml || draft.contentHtml);
  const title = truncateText(convertHtmlToText(draft.titleText), FEED_TITLE_MAX) || truncateText(summaryText, 120);
  if (!title) throw new Error(`${link} has neither a title nor a summary`);
  return {
    guid: draft.guid ? draft.guid.slice(0, 1000) : null,
    link,
    title,
    summary: truncateText(summaryText, FEED_SUMMARY_MAX),
    bodyHtml,
    author: draft.author ? truncateText(convertHtmlToText(draft.author), 200) || null : null,
    publishedAt: parseFeedDate(draft.dateText),
    imageUrl: draft.image ?? findFirstImage(bodyHtml, link),
    categories: draft.categories.map((category) => convertHtmlToText(category)).filter(Boolean).slice(0, 20),
  };
}

function readRssItem(item: XmlObject, feedUrl: string): ItemDraft {
  const guidNode = item.guid;
  const guid = readText(guidNode) || null;
  const permalinkAttribute = readAttribute(guidNode, 'isPermaLink');
  return {
    guid,
    rawLink: readText(item.link) || null,
    guidIsPermalink: permalinkAttribute === null || permalinkAttribute.toLowerCase() === 'true',
    titleText: readText(item.title),
    summaryHtml: readText(item.description),
    contentHtml: readText(item['content:encoded']),
    author: readRssAuthor(item),
    dateText: readText(item.pubDate) || readText(item['dc:date']),
    categories: asArray(item.category).map(readText),
    image: findItemImage(item, feedUrl),
  };
}

function readAtomEntry(entry: XmlObject, feedUrl: string, feedAuthor: string | null): ItemDraft {
  return {
    guid: readText(entry.id) || null,
    rawLink: pickAtomLink(entry),
    guidIsPermalink: true,
    titleText: readAtomHtml(entry.title),
    summaryHtml: readAtomHtml(entry.summary),
    contentHtml: readAtomHtml(entry.content),
    author: readAtomAuthor(entry.author) ?? feedAuthor,
    dateText: readText(entry.published) || readText(entry.updated),
    categories: asArray(entry.category).map((category) => readAttribute(category, 'label') ?? readAttribute(category, 'term') ?? ''),
    image: findItemImage(entry, feedUrl),
  };
}

/**
 * Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document. Links are resolved against the feed URL, HTML
 * is sanitized, dates that cannot be read become null. An item that cannot be used is listed in
 * `skipped` and never stops the others; a document that is not a feed throws FeedParseError.
 */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed {
  const text = xml.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<')) throw new FeedParseError('The response is not XML.');
  const validation = loadFastXmlParser().XMLValidator.validate(text);
  if (validation !== true) {
    throw new FeedParseError(`The feed is not well-formed XML (line ${validation.err.line}: ${validation.err.msg}).`);
  }
  let document: XmlObject;
  try {
    document = (parser ??= createParser()).parse(text) as XmlObject;
  } catch (error) {
    throw new FeedParseError(`The feed could not be read: ${(error as Error).message}`);
  }

  let format: ParsedFeed['format'];
  let channel: XmlObject | null;
  let rawItems: XmlNode[];
  let title: string | null;
  let language: 'en' | 'es' | null;
  let read: (item: XmlObject) => ItemDraft;

  if (asObject(document.rss)) {
    format = 'rss';
    channel = asObject(asObject(document.rss)!.channel);
    if (!channel) throw new FeedParseError('The RSS document has no channel.');
    rawItems = asArray(channel.item);
    title = convertHtmlToText(readText(channel.title)) || null;
    language = normalizeLanguage(readText(channel.language) || readText(channel['dc:language']));
    read = (item) => readRssItem(item, feedUrl);
  } else if (asObject(document.feed)) {
    format = 'atom';
    channel = asObject(document.feed)!;
    rawItems = asArray(channel.entry);
    title = convertHtmlToText(readAtomHtml(channel.title)) || null;
    language = normalizeLanguage(readAttribute(channel, 'xml:lang'));
    const feedAuthor = readAtomAuthor(channel.author);
    read = (entry) => readAtomEntry(entry, feedUrl, feedAuthor);
  } else if (asObject(document['rdf:RDF'])) {
    format = 'rdf';
    const root = asObject(document['rdf:RDF'])!;
    channel = asObject(root.channel);
    rawItems = asArray(root.item);
    title = channel ? convertHtmlToText(readText(channel.title)) || null : null;
    language = normalizeLanguage(channel ? readText(channel['dc:language']) : null);
    read = (item) => ({ ...readRssItem(item, feedUrl), guid: readAttribute(item, 'rdf:about') ?? (readText(item.link) || null) });
  } else {
    throw new FeedParseError('The document is neither an RSS nor an Atom feed.');
  }

  const items: ParsedFeedItem[] = [];
  const skipped: string[] = [];
  rawItems.forEach((raw, index) => {
    const object = asObject(raw);
    try {
      if (!object) throw new Error('it is empty');
      items.push(finishItem(read(object), feedUrl));
    } catch (error) {
      skipped.push(`item ${index + 1}: ${(error as Error).message}`);
    }
  });
  return { format, title, language, items, skipped };
}
