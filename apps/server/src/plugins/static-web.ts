import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildRobots, buildSitemap, isAppPath, prerenderedPagePath, signedInFramePath } from '@fueldesk/contracts';
import fp from 'fastify-plugin';
import { pickLanguage } from '../lib/messages';
import { sendError, sendIfAddressTooLong } from './errors';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every non-API GET falls back to index.html so that client routes survive a reload (with
 * HTTP 404 when the app has no page at that path).
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
  const distDir = path.resolve(opts.distDir ?? defaultWebDist);
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = existsSync(indexFile);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The prerendered pages and frames answer at their own paths (/login, /home), not as files
      // (/pages/login.html, /frames/en/home.html), and dotfiles (the build's completion stamp) are not served.
      allowedPath: (pathName: string) => !pathName.startsWith('/pages/') && !pathName.startsWith('/frames/') && !pathName.includes('/.'),
      // The build writes .br/.gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      // @fastify/static hands the Fastify reply here, not the raw response.
      setHeaders(reply: unknown, filePath: string) {
        const relative = path.relative(distDir, filePath);
        const value = relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : filePath.endsWith('.html')
            ? 'no-cache'
            : 'public, max-age=3600';
        const fastifyReply = reply as {
          header(name: string, value: string): void;
          removeHeader(name: string): void;
          raw: { removeHeader(name: string): void };
        };
        fastifyReply.header('cache-control', value);
        if (isHashedScriptOrStyle(relative)) {
          // A script's or stylesheet's own CSP governs nothing (only a document's or a worker's does,
          // and the app starts no worker): the page's policy applies to them. Not sent with the app's
          // hashed scripts and styles, a large part of each answer's headers; every other header stays.
          fastifyReply.raw.removeHeader('content-security-policy');
          // Immutable for a year under a name that changes with the content: a browser never asks
          // whether it changed, and the ETag would answer if one did.
          fastifyReply.removeHeader('last-modified');
          // Nor the headers that only a document acts on (its browsing context group and agent
          // cluster, DNS prefetching, legacy IE, Flash and XSS-filter switches), on each of the
          // answers a signed-in page loads its code with. nosniff, the resource policy
          // and the referrer policy, which do apply to a script or a stylesheet, stay.
          for (const name of DOCUMENT_ONLY_HEADERS) fastifyReply.raw.removeHeader(name);
        }
      },
    });
  }

  /**
   * The public pages prerendered at build time (dist/pages, scripts/prerender.mjs) go out as they
   * are, so the browser paints them before the app's code arrives; every other path gets the bare
   * index.html. Read per request so a rebuilt app shows without a restart.
   */
  /**
   * The HTML for `pathname`: its prerendered public page, else a signed-in page's phone frames in the
   * reader's language (dist/frames, with the inline script that shows one only to a live session:
   * the session is in localStorage, which the server never sees), else the bare index.html.
   */
  const pageFileOf = (pathname: string, acceptLanguage: string | undefined): { file: string; byLanguage: boolean } => {
    const page = prerenderedPagePath(pathname);
    if (page && existsSync(path.join(distDir, page))) return { file: path.join(distDir, page), byLanguage: false };
    const frames = signedInFramePath(pathname, pickLanguage(acceptLanguage));
    if (frames && existsSync(path.join(distDir, frames))) return { file: path.join(distDir, frames), byLanguage: true };
    return { file: indexFile, byLanguage: false };
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const { file, byLanguage } = pageFileOf(pathname, request.headers['accept-language']);
    const encoding = file === indexFile ? null : preferredEncoding(request.headers['accept-encoding'], file);
    const nonce = reply.cspNonce?.style;
    const varyBy = byLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding';
    if (nonce) {
      // The page carries this response's style nonce for the one style element the app writes at
      // run time (its toasts), so the CSP needs no 'unsafe-inline', and a frame's inline script the
      // script nonce. Compressed on the fly, quickly.
      const scriptNonce = reply.cspNonce?.script;
      let html = withStyleNonce(readFileSync(file, 'utf8'), nonce);
      if (byLanguage && scriptNonce) html = withFrameScriptNonce(html, scriptNonce);
      const vary = reply.getHeader('vary');
      reply
        .header('cache-control', 'no-cache')
        .header('vary', vary ? `${String(vary)}, ${varyBy}` : varyBy)
        .type('text/html; charset=utf-8');
      if (encoding?.name === 'br') {
        return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
      }
      if (encoding?.name === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
      return reply.send(html);
    }
    // Appended: CORS may already vary the answer by Origin.
    const vary = reply.getHeader('vary');
    reply
      .header('cache-control', 'no-cache')
      .header('vary', vary ? `${String(vary)}, ${varyBy}` : varyBy)
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding.name);
    return reply.send(readFileSync(encoding?.file ?? file));
  };

  if (hasWeb) app.get('/', { schema: { hide: true }, config: { auth: 'public' } }, sendPage);

  // Both need absolute URLs: made from the PUBLIC_URL this server runs with, never a build-time guess.
  const publicUrl = app.ctx.config.PUBLIC_URL;
  const robots = buildRobots(publicUrl);
  const sitemap = buildSitemap(publicUrl);
  app.get('/robots.txt', { schema: { hide: true }, config: { auth: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true }, config: { auth: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemap),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      if (isApi) return sendIfAddressTooLong(request, reply, app.initialConfig.maxParamLength ?? 100) ?? sendError(reply, request, 404, 'ROUTE_NOT_FOUND');
      return sendError(reply, request, 404, 'ROUTE_NOT_FOUND');
    }
    const ext = path.extname(pathname);
    if (ext && ext !== '.html') return sendError(reply, request, 404, 'NOT_FOUND');
    // A path the app has no page for still gets the app (it shows "Page not found"), with a real 404.
    if (!isAppPath(pathname)) reply.code(404);
    return sendPage(request, reply);
  });
});

/** Security headers (set by helmet on every answer) that govern a document only. */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A built script or stylesheet under assets/ (or its precompressed sibling). */
function isHashedScriptOrStyle(relative: string): boolean {
  return /^assets[\\/][^\\/]+\.(js|css)(\.(br|gz))?$/.test(relative);
}

/** The precompressed sibling the client accepts, brotli first (the build writes .br and .gz). */
function preferredEncoding(acceptEncoding: string | undefined, file: string): { name: 'br' | 'gzip'; file: string } | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br') && existsSync(`${file}.br`)) return { name: 'br', file: `${file}.br` };
  if (accepted.has('gzip') && existsSync(`${file}.gz`)) return { name: 'gzip', file: `${file}.gz` };
  return null;
}

/** The meta tag main.tsx reads the style nonce from (`window.__nonce__`, which goober uses). */
export const STYLE_NONCE_META = 'csp-style-nonce';

export function withStyleNonce(html: string, nonce: string): string {
  const meta = `<meta name="${STYLE_NONCE_META}" content="${nonce}">`;
  for (const tag of [/<head(\s[^>]*)?>/i, /<html(\s[^>]*)?>/i]) {
    if (tag.test(html)) return html.replace(tag, (found) => `${found}${meta}`);
  }
  return `${meta}${html}`;
}

/** Marks the frame's inline script in the built HTML (apps/web/src/prerender/frame-script.ts). */
export const FRAME_SCRIPT_MARK = '<script data-frame-script>';

/** Gives the signed-in frame's inline script this answer's script nonce (the CSP allows no other inline script). */
export function withFrameScriptNonce(html: string, nonce: string): string {
  return html.replace(FRAME_SCRIPT_MARK, () => `<script nonce="${nonce}" data-frame-script>`);
}
