import fc from 'fast-check';

// Shared by the server's and the web's sanitizer property tests: both sanitizers must hold against the same inputs.

/** Markup leaning on what sanitizers have missed: event handlers, script URLs in disguise, raw text elements, broken tags. */
const dangerousUrl = fc.constantFrom(
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)',
  'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)',
  '//evil.example.com/x', 'https://example.com/a.png', 'http://example.com/', 'mailto:desk@example.com', '/relative/path', 'x" onerror="alert(1)',
);
const attributeName = fc.constantFrom(
  'href', 'src', 'onerror', 'onclick', 'OnLoad', 'onmouseover', 'style', 'xlink:href', 'srcset', 'formaction', 'action', 'background', 'title', 'alt', 'width', 'colspan', 'data-x',
);
const attribute = fc
  .tuple(
    fc.oneof(fc.tuple(fc.constantFrom('href', 'src'), dangerousUrl), fc.tuple(attributeName, fc.oneof(dangerousUrl, fc.string({ maxLength: 12 })))),
    fc.constantFrom('"', "'", ''),
  )
  .map(([[name, value], quote]) => (quote ? ` ${name}=${quote}${value}${quote}` : ` ${name}=${value.replace(/[\s>]/g, '')}`));
/** A link or image the sanitizer keeps, so that what rides along on a kept element gets tested too. */
const safeAttribute = fc.constantFrom('', ' src="https://example.com/i.png"', ' href="https://example.com/"');
const tagName = fc.constantFrom(
  'p', 'a', 'a', 'a', 'img', 'img', 'img', 'strong', 'table', 'td', 'h1', 'ul', 'li', 'script', 'SCRIPT', 'style', 'iframe', 'svg', 'math', 'object', 'embed',
  'body', 'meta', 'base', 'form', 'input', 'textarea', 'noscript', 'template', 'video', 'image', 'Img',
);
export const markup: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 20 }),
    fc.constantFrom('<', '>', '</', '<!--', '-->', '<![CDATA[', ']]>', '&lt;script&gt;', '<scr<script>ipt>', '"', "'"),
    fc
      .tuple(tagName, safeAttribute, fc.array(attribute, { maxLength: 4 }), tie('nodes'), fc.boolean())
      .map(([tag, safe, attributes, children, closed]) => `<${tag}${safe}${attributes.join('')}>${children}${closed ? `</${tag}>` : ''}`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((nodes) => nodes.join('')),
})).nodes;
