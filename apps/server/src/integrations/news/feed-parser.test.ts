import { describe, expect, it } from 'vitest';
import { FeedParseError, parseFeed, parseFeedDate } from './feed-parser';

const feedUrl = 'https://news.example.com/feeds/energy.xml';

const rss = (items: string, channelExtra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Example Energy</title>
    <link>https://news.example.com/</link>
    <language>en-us</language>
    ${channelExtra}
    ${items}
  </channel>
</rss>`;

describe('parseFeed: RSS 2.0', () => {
  it('reads CDATA titles and descriptions, content:encoded, dc:creator and categories', () => {
    const feed = parseFeed(
      rss(`<item>
        <title><![CDATA[OPEC & allies <b>hold</b> output]]></title>
        <link>https://news.example.com/2026/opec-holds</link>
        <guid isPermaLink="false">opec-123</guid>
        <description><![CDATA[<p>Short <em>summary</em> of the meeting.</p>]]></description>
        <content:encoded><![CDATA[<p>Full <strong>story</strong>.</p><p>Second paragraph.</p>]]></content:encoded>
        <dc:creator>Ana Ruiz</dc:creator>
        <category>Crude</category>
        <category><![CDATA[OPEC]]></category>
        <pubDate>Tue, 10 Nov 2026 08:30:00 GMT</pubDate>
      </item>`),
      feedUrl,
    );
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Example Energy');
    expect(feed.language).toBe('en');
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item).toMatchObject({
      guid: 'opec-123',
      link: 'https://news.example.com/2026/opec-holds',
      title: 'OPEC & allies hold output',
      summary: 'Short summary of the meeting.',
      author: 'Ana Ruiz',
      categories: ['Crude', 'OPEC'],
    });
    expect(item!.bodyHtml).toBe('<p>Full <strong>story</strong>.</p><p>Second paragraph.</p>');
    expect(item!.publishedAt?.toISOString()).toBe('2026-11-10T08:30:00.000Z');
  });

  it('reads entity-escaped HTML descriptions the same way as CDATA', () => {
    const feed = parseFeed(
      rss(`<item><title>Diesel &amp;amp; jet</title><link>https://news.example.com/a</link>
        <description>&lt;p&gt;Escaped &lt;b&gt;markup&lt;/b&gt; &amp;amp; more&lt;/p&gt;</description></item>`),
      feedUrl,
    );
    expect(feed.items[0]!.title).toBe('Diesel & jet');
    expect(feed.items[0]!.summary).toBe('Escaped markup & more');
    expect(feed.items[0]!.bodyHtml).toBe('<p>Escaped <b>markup</b> &amp; more</p>');
  });

  it('strips scripts, styles, event handlers, javascript: links and iframes from the body', () => {
    const feed = parseFeed(
      rss(`<item><title>Unsafe</title><link>https://news.example.com/unsafe</link>
        <content:encoded><![CDATA[
          <p onclick="steal()" style="color:red">Hello<script>alert(1)</script></p>
          <a href="javascript:alert(1)">bad link</a>
          <a href="https://ok.example.org/x" onmouseover="x()">good link</a>
          <img src="https://cdn.example.com/chart.png" onerror="alert(1)" alt="chart">
          <img src="data:image/png;base64,AAAA" alt="inline">
          <iframe src="https://evil.example.com"></iframe>
          <style>body{display:none}</style>
          <svg><script>alert(2)</script></svg>
          <form action="https://evil.example.com"><input name="x"></form>
        ]]></content:encoded></item>`),
      feedUrl,
    );
    const body = feed.items[0]!.bodyHtml;
    expect(body).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|style|<svg|<form|<input|data:image|alert/i);
    expect(body).toContain('<p>Hello</p>');
    expect(body).toContain('<a rel="noopener noreferrer nofollow" target="_blank">bad link</a>');
    expect(body).toContain('href="https://ok.example.org/x"');
    expect(body).toContain('<img src="https://cdn.example.com/chart.png" alt="chart" />');
  });

  it('resolves relative links against the feed URL and relative body links against the article', () => {
    const feed = parseFeed(
      rss(`<item><title>Relative</title><link>/2026/11/relative-story</link>
        <description><![CDATA[<a href="../more">more</a> <img src="img/photo.jpg" alt="p">]]></description></item>
        <item><title>Dot relative</title><link>articles/second</link></item>`),
      feedUrl,
    );
    expect(feed.items[0]!.link).toBe('https://news.example.com/2026/11/relative-story');
    expect(feed.items[0]!.bodyHtml).toContain('href="https://news.example.com/2026/more"');
    expect(feed.items[0]!.bodyHtml).toContain('src="https://news.example.com/2026/11/img/photo.jpg"');
    expect(feed.items[0]!.imageUrl).toBe('https://news.example.com/2026/11/img/photo.jpg');
    expect(feed.items[1]!.link).toBe('https://news.example.com/feeds/articles/second');
  });

  it('tolerates missing fields and bad dates, and skips items that cannot be used without stopping the others', () => {
    const feed = parseFeed(
      rss(`<item><title>No date</title><link>https://news.example.com/no-date</link></item>
        <item><title>Bad date</title><link>https://news.example.com/bad-date</link><pubDate>sometime last week</pubDate></item>
        <item><title>Ancient date</title><link>https://news.example.com/ancient</link><pubDate>Thu, 01 Jan 1970 00:00:00 GMT</pubDate></item>
        <item><description>Only a summary, no title at all here.</description><link>https://news.example.com/untitled</link></item>
        <item><title>No link anywhere</title></item>
        <item><title>Mail link</title><link>mailto:desk@example.com</link></item>
        <item><title>Permalink guid</title><guid>https://news.example.com/from-guid</guid></item>
        <item><title>Non-permalink guid</title><guid isPermaLink="false">https://news.example.com/not-a-link</guid></item>
        <item></item>
        <item><title>Offset date</title><link>https://news.example.com/offset</link><pubDate>Tue, 10 Nov 2026 08:30:00 -0500</pubDate></item>`),
      feedUrl,
    );
    const byLink = Object.fromEntries(feed.items.map((item) => [item.link, item]));
    expect(Object.keys(byLink)).toEqual([
      'https://news.example.com/no-date',
      'https://news.example.com/bad-date',
      'https://news.example.com/ancient',
      'https://news.example.com/untitled',
      'https://news.example.com/from-guid',
      'https://news.example.com/offset',
    ]);
    expect(byLink['https://news.example.com/no-date']!.publishedAt).toBeNull();
    expect(byLink['https://news.example.com/no-date']!.summary).toBe('');
    expect(byLink['https://news.example.com/no-date']!.author).toBeNull();
    expect(byLink['https://news.example.com/no-date']!.imageUrl).toBeNull();
    expect(byLink['https://news.example.com/bad-date']!.publishedAt).toBeNull();
    expect(byLink['https://news.example.com/ancient']!.publishedAt).toBeNull();
    expect(byLink['https://news.example.com/untitled']!.title).toBe('Only a summary, no title at all here.');
    expect(byLink['https://news.example.com/offset']!.publishedAt?.toISOString()).toBe('2026-11-10T13:30:00.000Z');
    expect(feed.skipped).toHaveLength(4);
    expect(feed.skipped.join('\n')).toMatch(/item 5: it has no http\(s\) link/);
  });

  it('takes the image from an enclosure, media:content, media:thumbnail or media:group, https only', () => {
    const feed = parseFeed(
      rss(`<item><title>Enclosure</title><link>https://news.example.com/1</link>
          <enclosure url="https://cdn.example.com/1.jpg" type="image/jpeg" length="100"/></item>
        <item><title>Audio enclosure then media</title><link>https://news.example.com/2</link>
          <enclosure url="https://cdn.example.com/2.mp3" type="audio/mpeg" length="100"/>
          <media:content url="https://cdn.example.com/2.png" medium="image"/></item>
        <item><title>Thumbnail</title><link>https://news.example.com/3</link>
          <media:thumbnail url="https://cdn.example.com/3-thumb.webp"/></item>
        <item><title>Group</title><link>https://news.example.com/4</link>
          <media:group><media:content url="https://cdn.example.com/4.jpg" type="image/jpeg"/></media:group></item>
        <item><title>Plain http image</title><link>https://news.example.com/5</link>
          <enclosure url="http://cdn.example.com/5.jpg" type="image/jpeg" length="1"/></item>`),
      feedUrl,
    );
    expect(feed.items.map((item) => item.imageUrl)).toEqual([
      'https://cdn.example.com/1.jpg',
      'https://cdn.example.com/2.png',
      'https://cdn.example.com/3-thumb.webp',
      'https://cdn.example.com/4.jpg',
      null,
    ]);
  });

  it('shows the name of an RSS author given as "email (Name)" and hides a bare address', () => {
    const feed = parseFeed(
      rss(`<item><title>A</title><link>https://news.example.com/a</link><author>desk@example.com (Luis Pérez)</author></item>
        <item><title>B</title><link>https://news.example.com/b</link><author>desk@example.com</author></item>`),
      feedUrl,
    );
    expect(feed.items.map((item) => item.author)).toEqual(['Luis Pérez', null]);
  });

  it('reads the channel language (Spanish)', () => {
    const feed = parseFeed(rss('<item><title>Precios</title><link>https://news.example.com/p</link></item>').replace('en-us', 'es-MX'), feedUrl);
    expect(feed.language).toBe('es');
  });
});

describe('parseFeed: Atom', () => {
  const atom = (entries: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">
  <title type="text">Regulación &amp; Energía</title>
  <id>urn:uuid:feed</id>
  <author><name>Redacción</name></author>
  <updated>2026-11-10T09:00:00Z</updated>
  ${entries}
</feed>`;

  it('reads text, html (escaped and CDATA) and xhtml content, links and ids', () => {
    const feed = parseFeed(
      atom(`<entry>
          <title type="html">Nuevas &lt;em&gt;sanciones&lt;/em&gt; &amp;amp; aranceles</title>
          <id>tag:example.com,2026:1</id>
          <link rel="self" href="https://news.example.com/api/1.json" type="application/json"/>
          <link rel="alternate" type="text/html" href="/es/noticias/1"/>
          <published>2026-11-09T10:00:00+01:00</published>
          <updated>2026-11-09T12:00:00Z</updated>
          <summary type="html"><![CDATA[<p>Resumen <b>breve</b></p>]]></summary>
          <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Texto <strong>completo</strong> <a href="detalle">aquí</a>.</p><script>alert(1)</script></div></content>
          <category term="regulation" label="Regulación"/>
        </entry>
        <entry>
          <title>Plain &lt;text&gt; title</title>
          <id>https://news.example.com/es/noticias/2</id>
          <updated>not a date</updated>
          <content type="text">A &lt;b&gt; is shown as text</content>
          <author><name>Marta</name></author>
        </entry>`),
      feedUrl,
    );
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Regulación & Energía');
    expect(feed.language).toBe('es');
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      guid: 'tag:example.com,2026:1',
      link: 'https://news.example.com/es/noticias/1',
      title: 'Nuevas sanciones & aranceles',
      summary: 'Resumen breve',
      author: 'Redacción',
      categories: ['Regulación'],
    });
    expect(first!.publishedAt?.toISOString()).toBe('2026-11-09T09:00:00.000Z');
    expect(first!.bodyHtml).toContain('<p>Texto <strong>completo</strong> <a rel="noopener noreferrer nofollow" target="_blank" href="https://news.example.com/es/noticias/detalle">aquí</a>.</p>');
    expect(first!.bodyHtml).not.toContain('script');
    expect(second).toMatchObject({ link: 'https://news.example.com/es/noticias/2', title: 'Plain <text> title', author: 'Marta', publishedAt: null });
    expect(second!.bodyHtml).toBe('A &lt;b&gt; is shown as text');
  });
});

describe('parseFeed: RSS 1.0 (RDF)', () => {
  it('reads items beside the channel', () => {
    const feed = parseFeed(
      `<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://news.example.com/"><title>RDF news</title><dc:language>en</dc:language></channel>
        <item rdf:about="https://news.example.com/rdf-1"><title>Refinery news</title><link>https://news.example.com/rdf-1</link><dc:date>2026-11-08T10:00:00Z</dc:date></item>
      </rdf:RDF>`,
      feedUrl,
    );
    expect(feed.format).toBe('rdf');
    expect(feed.items[0]).toMatchObject({ guid: 'https://news.example.com/rdf-1', title: 'Refinery news' });
    expect(feed.items[0]!.publishedAt?.toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });
});

describe('parseFeed: documents that are not feeds', () => {
  it.each([
    ['an HTML page', '<!doctype html><html><body>hi</body></html>', /not well-formed|neither an RSS nor an Atom/],
    ['broken XML', '<rss><channel><item><title>x</item></channel></rss>', /not well-formed/],
    ['JSON', '{"items": []}', /not XML/],
    ['an unrelated XML document', '<?xml version="1.0"?><note><to>x</to></note>', /neither an RSS nor an Atom/],
  ])('rejects %s with a clear error', (_label, body, message) => {
    expect(() => parseFeed(body, feedUrl)).toThrow(FeedParseError);
    expect(() => parseFeed(body, feedUrl)).toThrow(message);
  });

  it('refuses entity expansion bombs', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>
      <rss><channel><title>x</title><item><title>&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;</title><link>https://news.example.com/x</link></item></channel></rss>`;
    let outcome: string;
    try {
      const feed = parseFeed(bomb, feedUrl);
      outcome = `parsed with title length ${feed.items[0]?.title.length ?? 0}`;
    } catch (error) {
      outcome = (error as Error).name;
    }
    expect(outcome === 'FeedParseError' || /title length ([0-9]{1,3})$/.test(outcome)).toBe(true);
  });
});

describe('parseFeedDate', () => {
  it.each([
    ['Tue, 10 Nov 2026 08:30:00 GMT', '2026-11-10T08:30:00.000Z'],
    ['Tue, 10 Nov 2026 08:30:00 +0000 (UTC)', '2026-11-10T08:30:00.000Z'],
    ['2026-11-10T08:30:00Z', '2026-11-10T08:30:00.000Z'],
    ['2026-11-10T08:30:00.123+02:00', '2026-11-10T06:30:00.123Z'],
  ])('reads %s', (input, expected) => {
    expect(parseFeedDate(input)?.toISOString()).toBe(expected);
  });

  it.each(['', 'yesterday', '32/13/2026', '1969-12-31T00:00:00Z'])('gives null for %j', (input) => {
    expect(parseFeedDate(input)).toBeNull();
  });
});
