import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import zlib from 'node:zlib';
import { createGuardedLookup as createAddressGuard, isPrivateAddress } from '../http/address-guard';

const refusal = (hostname: string) =>
  new FeedFetchError(`${hostname} resolves to a private or loopback address; such feeds are refused (NEWS_ALLOW_PRIVATE_FEEDS=false).`);
const createGuardedLookup = (allowPrivate: boolean) => createAddressGuard(allowPrivate ? 'any' : 'public', refusal);

export class FeedFetchError extends Error {
  constructor(message: string, public readonly status?: number) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export interface FetchFeedOptions {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs: number;
  maxBytes: number;
  /** Lets feeds on private, loopback and link-local addresses through (tests, intranet feeds). */
  allowPrivate: boolean;
  userAgent: string;
  maxRedirects?: number;
}

export type FetchFeedResult =
  | { status: 'not_modified'; url: string }
  | {
      status: 'ok';
      url: string;
      body: string;
      /** The body as received (after content-encoding), for binary files such as workbooks. */
      bytes: Buffer;
      etag: string | null;
      lastModified: string | null;
      contentType: string | null;
    };

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError(`${raw} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError(`Only http and https feeds are followed (${url.protocol} refused).`);
  }
  if (url.username || url.password) throw new FeedFetchError('Feed URLs with credentials are refused.');
  // A literal address never goes through DNS, so the guarded lookup would not see it.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    throw new FeedFetchError(`${host} is a private or loopback address; such feeds are refused (NEWS_ALLOW_PRIVATE_FEEDS=false).`);
  }
  return url;
}

function pickCharset(contentType: string | null, head: Buffer): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const fromDeclaration = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head.subarray(0, 200).toString('latin1'))?.[1];
  return (fromHeader ?? fromDeclaration ?? 'utf-8').toLowerCase();
}

function decodeBody(body: Buffer, contentType: string | null): string {
  const charset = pickCharset(contentType, body);
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function createDecoder(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    case '':
    case 'identity':
      return null;
    default:
      throw new FeedFetchError(`Unsupported content encoding ${encoding}.`);
  }
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
}

function request(url: URL, headers: Record<string, string>, options: FetchFeedOptions, signal: AbortSignal): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method: 'GET', headers, lookup: createGuardedLookup(options.allowPrivate), signal },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          resolve({ status, headers: res.headers, body: null });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new FeedFetchError(`The feed is larger than ${options.maxBytes} bytes.`));
          return;
        }
        let stream: NodeJS.ReadableStream = res;
        try {
          const decoder = createDecoder(res.headers['content-encoding']);
          if (decoder) stream = res.pipe(decoder);
        } catch (error) {
          res.destroy();
          reject(error);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Counted after decompression, so a small gzip bomb is stopped too.
          if (size > options.maxBytes) {
            res.destroy();
            reject(new FeedFetchError(`The feed is larger than ${options.maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
        stream.on('error', (error: Error) => reject(error));
        res.on('error', (error: Error) => reject(error));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Errors of a connection the peer dropped (often a reused keep-alive socket): worth one more try. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** One retry, on a fresh request, when the connection was reset before an answer; never after the deadline. */
async function requestWithRetry(url: URL, headers: Record<string, string>, options: FetchFeedOptions, signal: AbortSignal): Promise<RawResponse> {
  try {
    return await request(url, headers, options, signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (signal.aborted || !code || !TRANSIENT_CODES.has(code)) throw error;
    return request(url, headers, options, signal);
  }
}

function describeError(error: unknown, url: string, timeoutMs: number, signal: AbortSignal): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const err = error as NodeJS.ErrnoException;
  if (signal.aborted || err?.name === 'AbortError' || err?.name === 'TimeoutError') {
    return new FeedFetchError(`${url} did not answer within ${timeoutMs} ms.`);
  }
  // A guarded-lookup refusal reaches us wrapped by the socket.
  if (err?.cause instanceof FeedFetchError) return err.cause;
  return new FeedFetchError(`${url} could not be fetched (${err?.code ?? err?.message ?? 'network error'}).`);
}

/**
 * GETs a feed with a conditional request (If-None-Match / If-Modified-Since), a deadline for the
 * whole exchange, a size limit, http(s) only, and — unless `allowPrivate` — a refusal of any
 * host that resolves to a private, loopback or link-local address (checked on every redirect).
 */
export async function fetchFeed(options: FetchFeedOptions): Promise<FetchFeedResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  let url = checkUrl(options.url, options.allowPrivate);
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const headers: Record<string, string> = {
      'user-agent': options.userAgent,
      accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    let response: RawResponse;
    try {
      response = await requestWithRetry(url, headers, options, signal);
    } catch (error) {
      throw describeError(error, url.toString(), options.timeoutMs, signal);
    }
    if (response.status === 304) return { status: 'not_modified', url: url.toString() };
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      const location = response.headers.location;
      if (!location) throw new FeedFetchError(`${url} redirected without a location.`, response.status);
      url = checkUrl(new URL(location, url).toString(), options.allowPrivate);
      continue;
    }
    if (response.status !== 200 || !response.body) {
      throw new FeedFetchError(`${url} answered HTTP ${response.status}.`, response.status);
    }
    const contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null;
    return {
      status: 'ok',
      url: url.toString(),
      body: decodeBody(response.body, contentType),
      bytes: response.body,
      etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
      lastModified: typeof response.headers['last-modified'] === 'string' ? response.headers['last-modified'] : null,
      contentType,
    };
  }
  throw new FeedFetchError(`${options.url} redirected more than ${maxRedirects} times.`);
}
