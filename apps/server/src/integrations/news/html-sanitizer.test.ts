import { describe, expect, it } from 'vitest';
import { convertHtmlToText, sanitizeArticleHtml, truncateText } from './html-sanitizer';

describe('sanitizeArticleHtml', () => {
  it.each([
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="java&#x09;script:alert(1)">x</a>', /script/i],
    ['<a href="&#106;avascript:alert(1)">x</a>', /avascript/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:|script/i],
    ['<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['<img src="x" onerror="alert(1)">', /onerror|<img/i],
    ['<body onload="alert(1)"><p>t</p></body>', /onload|<body/i],
    ['<div style="background:url(javascript:alert(1))">t</div>', /style|javascript/i],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /javascript|<math/i],
    ['<object data="evil.swf"></object><embed src="evil.swf">', /object|embed/i],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example.com">', /meta|refresh/i],
    ['<base href="https://evil.example.com/">', /base/i],
    ['<a href="//evil.example.com/x">protocol-relative</a>', /evil\.example\.com/],
  ])('neutralises %s', (html, forbidden) => {
    expect(sanitizeArticleHtml(html)).not.toMatch(forbidden);
  });

  it('keeps the allowed structure, turns h1 into h2 and drops tracking pixels', () => {
    const html =
      '<h1>Title</h1><p class="lead" id="x">Text <a href="mailto:desk@example.com">mail</a></p>' +
      '<img src="https://t.example.com/pixel.gif" width="1" height="1"><table><tr><td colspan="2">cell</td></tr></table>';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>Title</h2><p>Text <a rel="noopener noreferrer nofollow" target="_blank" href="mailto:desk@example.com">mail</a></p>' +
        '<table><tr><td colspan="2">cell</td></tr></table>',
    );
  });

  it('resolves relative URLs against the base and refuses plain-http images (the CSP would block them)', () => {
    expect(sanitizeArticleHtml('<a href="/x">x</a><img src="/a.png" alt="a">', 'https://site.example.com/news/1')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank" href="https://site.example.com/x">x</a><img src="https://site.example.com/a.png" alt="a" />',
    );
    expect(sanitizeArticleHtml('<img src="http://site.example.com/a.png" alt="a">')).toBe('');
  });
});

describe('convertHtmlToText', () => {
  it('keeps the words, drops markup and script content, decodes entities', () => {
    expect(convertHtmlToText('<p>Crude &amp; <b>diesel</b></p><p>rise&nbsp;2%</p><script>alert(1)</script>')).toBe('Crude & diesel rise 2%');
    expect(convertHtmlToText('AT&T < 5% "quoted"')).toBe('AT&T < 5% "quoted"');
  });
});

describe('truncateText', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('one two three four five', 16)).toBe('one two three…');
    expect(truncateText('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghi…');
  });
});
