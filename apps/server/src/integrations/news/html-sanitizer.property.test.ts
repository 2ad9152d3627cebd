import { markup } from '@fueldesk/contracts/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertHtmlToText, sanitizeArticleHtml } from './html-sanitizer';

// For any markup (generated from tags, attributes and URLs that sanitizers have let through before),
// what comes out holds only allowlisted tags, no event handler or style, and only http(s)/mailto links
// and https images.

const allowedTags = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'time',
  'a', 'img', 'figure', 'figcaption', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]);
const TAG = /^<(\/?)([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*(\/?)>/;
const ATTRIBUTE = /\s+([a-z-]+)(?:="([^"]*)")?/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|quot|lt|gt|apos);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" })[name]!);
}

/** Reads the sanitizer's output tag by tag; throws an assertion error on anything outside the allowlist. */
function expectSafe(html: string) {
  let rest = html;
  for (let at = rest.indexOf('<'); at >= 0; at = rest.indexOf('<')) {
    rest = rest.slice(at);
    const tag = TAG.exec(rest);
    expect(tag, `a "<" that opens no well-formed tag in ${JSON.stringify(html)}`).not.toBeNull();
    const [whole, , name, attributes = ''] = tag!;
    expect(allowedTags.has(name!), `<${name}> in ${JSON.stringify(html)}`).toBe(true);
    for (const [, attribute, raw = ''] of attributes.matchAll(ATTRIBUTE)) {
      const value = decodeEntities(raw).replace(/[\s\p{Cc}]/gu, '');
      expect(attribute).not.toMatch(/^(on|style$|srcset$|formaction$|xlink)/i);
      if (attribute === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (attribute === 'src') expect(value).toMatch(/^https:\/\//i);
    }
    rest = rest.slice(whole.length);
  }
}

describe('html sanitizer (properties)', () => {
  it('lets no script, handler, style or unsafe URL through, with or without a base URL', () => {
    fc.assert(
      fc.property(markup, fc.constantFrom(undefined, 'https://news.example.com/a/b.html', 'javascript:alert(1)'), (html, baseUrl) => {
        expectSafe(sanitizeArticleHtml(html, baseUrl));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text and gives text without doubled or edge spaces', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), markup), (text) => {
        expectSafe(sanitizeArticleHtml(text));
        const plain = convertHtmlToText(text);
        expect(plain).toBe(plain.trim());
        expect(plain).not.toMatch(/\s{2}/);
      }),
    );
  });

  it('keeps plain text that holds no markup character word for word', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }).filter((text) => !/[<>&]/.test(text)), (text) => {
        expect(convertHtmlToText(text)).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });
});
