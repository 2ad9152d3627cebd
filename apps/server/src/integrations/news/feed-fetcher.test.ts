import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFeed, FeedFetchError, type FetchFeedOptions } from './feed-fetcher';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler;
let seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const options = (url: string, extra: Partial<FetchFeedOptions> = {}): FetchFeedOptions => ({
  url,
  timeoutMs: 5_000,
  maxBytes: 100_000,
  allowPrivate: true,
  userAgent: 'FuelDesk test',
  ...extra,
});

const feedXml = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';

describe('fetchFeed', () => {
  it('sends If-None-Match / If-Modified-Since from the last answer and reads a 304 as not modified', async () => {
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"', 'last-modified': 'Tue, 10 Nov 2026 08:00:00 GMT' }).end(feedXml);
    };
    const first = await fetchFeed(options(`${base}/feed.xml`));
    expect(first).toMatchObject({ status: 'ok', body: feedXml, etag: '"v1"', lastModified: 'Tue, 10 Nov 2026 08:00:00 GMT' });
    expect(seen[0]!.headers['if-none-match']).toBeUndefined();
    expect(seen[0]!.headers['user-agent']).toBe('FuelDesk test');

    const second = await fetchFeed(options(`${base}/feed.xml`, { etag: '"v1"', lastModified: 'Tue, 10 Nov 2026 08:00:00 GMT' }));
    expect(second.status).toBe('not_modified');
    expect(seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(seen[1]!.headers['if-modified-since']).toBe('Tue, 10 Nov 2026 08:00:00 GMT');
  });

  it('refuses loopback and private addresses unless allowed, before any request is sent', async () => {
    handler = (_req, res) => res.end(feedXml);
    await expect(fetchFeed(options(`${base}/feed.xml`, { allowPrivate: false }))).rejects.toThrow(/private or loopback address/);
    const port = (server.address() as AddressInfo).port;
    await expect(fetchFeed(options(`http://localhost:${port}/feed.xml`, { allowPrivate: false }))).rejects.toThrow(
      /localhost resolves to a private or loopback address/,
    );
    await expect(fetchFeed(options(`http://[::ffff:127.0.0.1]:${port}/x`, { allowPrivate: false }))).rejects.toThrow(/private/);
    expect(seen).toHaveLength(0);
  });

  it('follows redirects but re-checks each hop, and never leaves http(s)', async () => {
    handler = (req, res) => {
      if (req.url === '/old') res.writeHead(301, { location: '/new' }).end();
      else if (req.url === '/file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(200).end(feedXml);
    };
    const moved = await fetchFeed(options(`${base}/old`));
    expect(moved).toMatchObject({ status: 'ok', url: `${base}/new` });
    await expect(fetchFeed(options(`${base}/file`))).rejects.toThrow(/Only http and https/);
    await expect(fetchFeed(options(`${base}/loop`))).rejects.toThrow(/redirected more than 5 times/);
    await expect(fetchFeed(options('file:///etc/passwd'))).rejects.toThrow(/Only http and https/);
    await expect(fetchFeed(options('https://user:secret@news.example.com/feed'))).rejects.toThrow(/credentials/);
  });

  it('gives up after the timeout', async () => {
    handler = (_req, res) => {
      setTimeout(() => res.writeHead(200).end(feedXml), 2_000).unref();
    };
    await expect(fetchFeed(options(`${base}/slow`, { timeoutMs: 200 }))).rejects.toThrow(/did not answer within 200 ms/);
  });

  it('stops reading past the size limit, declared or not, compressed or not', async () => {
    const big = `<rss>${'x'.repeat(5_000)}</rss>`;
    handler = (req, res) => {
      if (req.url === '/declared') res.writeHead(200, { 'content-length': String(big.length) }).end(big);
      else if (req.url === '/chunked') {
        res.writeHead(200);
        res.write(big.slice(0, 2_500));
        res.end(big.slice(2_500));
      } else res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(big));
    };
    for (const path of ['/declared', '/chunked', '/gzip']) {
      await expect(fetchFeed(options(`${base}${path}`, { maxBytes: 1_000 }))).rejects.toThrow(/larger than 1000 bytes/);
    }
  });

  it('decompresses gzip and decodes the declared charset', async () => {
    const latin = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Regulación</title></channel></rss>', 'latin1');
    handler = (req, res) => {
      if (req.url === '/gzip') res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/xml; charset=utf-8' }).end(gzipSync(Buffer.from('<rss>Petróleo</rss>')));
      else res.writeHead(200, { 'content-type': 'application/xml' }).end(latin);
    };
    expect(await fetchFeed(options(`${base}/gzip`))).toMatchObject({ body: '<rss>Petróleo</rss>' });
    expect(await fetchFeed(options(`${base}/latin`))).toMatchObject({ body: expect.stringContaining('<title>Regulación</title>') });
  });

  it('turns an HTTP error into a FeedFetchError with the status', async () => {
    handler = (_req, res) => res.writeHead(503).end('down');
    const error = await fetchFeed(options(`${base}/down`)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining('HTTP 503') });
  });
});


describe('fetchFeed on a dropped connection', () => {
  it('tries once more when the peer resets the connection before answering, and gives up on the second reset', async () => {
    let resets = 1;
    handler = (req, res) => {
      if (resets > 0) {
        resets -= 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml);
    };
    expect(await fetchFeed(options(`${base}/flaky`))).toMatchObject({ status: 'ok', body: feedXml });
    expect(seen).toHaveLength(2);

    seen = [];
    resets = 2;
    const error = await fetchFeed(options(`${base}/flaky`)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect(error).toMatchObject({ message: expect.stringContaining('ECONNRESET') });
    expect(seen).toHaveLength(2);
  });
});
