import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that can break out of text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>R&D</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;R&amp;D&lt;/a&gt;');
  });

  it('escapes an ampersand once, and leaves other text alone', () => {
    expect(escapeHtml('&amp; US$0 — ñ')).toBe('&amp;amp; US$0 — ñ');
  });
});
