import { markup } from '@fueldesk/contracts/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-article-html';

// The browser's second sanitizer, checked on the DOM it would build: for any markup, no script-capable
// element, no event handler and no link or image outside http(s)/mailto and https.

const FORBIDDEN_ELEMENTS = 'script, style, iframe, object, embed, svg, math, form, input, textarea, base, meta, template, noscript, body';

function expectSafe(html: string) {
  const template = document.createElement('template');
  template.innerHTML = html;
  expect(template.content.querySelector(FORBIDDEN_ELEMENTS), html).toBeNull();
  for (const element of template.content.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name, html).not.toMatch(/^(on|style$|srcset$|formaction$|xlink)/i);
      const value = attribute.value.replace(/[\s\p{Cc}]/gu, '');
      if (attribute.name === 'href') expect(value, html).toMatch(/^(https?:|mailto:|$)/i);
      if (attribute.name === 'src' && element.tagName === 'IMG') expect(value, html).toMatch(/^https:\/\//i);
    }
  }
}

describe('sanitizeArticleHtml in the browser (properties)', () => {
  it('lets no script, handler or unsafe URL through', () => {
    fc.assert(fc.property(markup, (html) => expectSafe(sanitizeArticleHtml(html))), { numRuns: 300 });
  });

  it('keeps text without markup characters word for word', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }).filter((text) => !/[<>&\u00a0]/.test(text)), (text) => {
        expect(sanitizeArticleHtml(text)).toBe(text);
      }),
    );
  });
});
