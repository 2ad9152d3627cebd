import type sanitizeHtmlModule from 'sanitize-html';
import { lazyModule } from '../../lib/lazy-module';

const loadSanitizeHtml = lazyModule<typeof sanitizeHtmlModule>('sanitize-html');

/** Tags an article body may keep. Anything else is dropped, keeping its text (script and style lose their content too). */
const allowedTags = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'time',
  'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

function resolveUrl(value: string | undefined, baseUrl: string | undefined, schemes: readonly string[]): string | null {
  if (!value) return null;
  try {
    const url = baseUrl ? new URL(value.trim(), baseUrl) : new URL(value.trim());
    return schemes.includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

function isTrackingPixel(attribs: Record<string, string>): boolean {
  return attribs.width === '1' || attribs.height === '1' || attribs.width === '0' || attribs.height === '0';
}

/**
 * Allowlist sanitizer for article HTML from feeds and admins: no script, no style, no event
 * handlers, no frames, only http(s)/mailto links and https images. Relative links are resolved
 * against `baseUrl` (the article's link) so they still work once shown inside FuelDesk; links
 * open outside with rel="noopener noreferrer nofollow".
 */
export function sanitizeArticleHtml(html: string, baseUrl?: string): string {
  if (!html) return '';
  return loadSanitizeHtml()(html, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      abbr: ['title'],
      time: ['datetime'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const href = resolveUrl(attribs.href, baseUrl, ['http:', 'https:', 'mailto:']);
        const next: Record<string, string> = { rel: 'noopener noreferrer nofollow', target: '_blank' };
        if (href) next.href = href;
        if (attribs.title) next.title = attribs.title;
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => {
        const src = resolveUrl(attribs.src, baseUrl, ['https:']);
        const next: Record<string, string> = {};
        if (src) next.src = src;
        for (const key of ['alt', 'title', 'width', 'height']) if (attribs[key]) next[key] = attribs[key]!;
        return { tagName, attribs: next };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && (!frame.attribs.src || isTrackingPixel(frame.attribs)),
  }).trim();
}

const textEntities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Plain text of an HTML fragment (titles, summaries): tags and their scripts removed, entities decoded, spaces collapsed. */
export function convertHtmlToText(html: string): string {
  if (!html) return '';
  const withBreaks = html.replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '$& ');
  const stripped = loadSanitizeHtml()(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => textEntities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text at a word boundary and adds an ellipsis when it was longer than `max`. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** First https image of an HTML fragment, for items whose feed names no image. */
export function findFirstImage(html: string, baseUrl?: string): string | null {
  const match = /<img\b[^>]*?\ssrc\s*=\s*["']([^"']+)["']/i.exec(html);
  return match ? resolveUrl(match[1], baseUrl, ['https:']) : null;
}

/** An absolute http(s) URL resolved against `baseUrl`, or null. */
export function resolveHttpUrl(value: string | undefined | null, baseUrl?: string): string | null {
  return resolveUrl(value ?? undefined, baseUrl, ['http:', 'https:']);
}

/** An absolute https URL resolved against `baseUrl`, or null (images: the CSP allows https only). */
export function resolveHttpsUrl(value: string | undefined | null, baseUrl?: string): string | null {
  return resolveUrl(value ?? undefined, baseUrl, ['https:']);
}
