import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { DOCUMENT_ONLY_HEADERS } from './static-web';

// A web build with prerendered pages (scripts/prerender.mjs writes dist/pages/<path>.html, and
// scripts/precompress.mjs their .br and .gz beside them).
/** The page as built, without the per-answer style nonce the server adds. */
const withoutNonce = (html: string) => html.replace(/<meta name="csp-style-nonce" content="[0-9a-f]+">/, '');
const indexHtml = '<!doctype html><html><body><div id="root"><div class="boot-splash">FuelDesk</div></div></body></html>';
const loginHtml = `<!doctype html><html><body><div id="root" data-prerendered="/login"><h1>Sign in to FuelDesk</h1>${'<p>x</p>'.repeat(300)}</div></body></html>`;
const termsHtml = '<!doctype html><html><body><div id="root" data-prerendered="/Policy/Terms"><h1>Terms of Service</h1></div></body></html>';

/** A signed-in page's phone frames in `language` (apps/web/src/prerender/render-frame.tsx). */
const framesHtml = (language: string) =>
  `<!doctype html><html lang="${language}"><body><template data-frame-roles="admin"><h1>frame ${language}</h1></template>` +
  `<div id="root"><div class="boot-splash">FuelDesk</div></div><script data-frame-script>/* picks a frame */</script></body></html>`;

describe('static web app with prerendered pages', () => {
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'fueldesk-web-'));
    mkdirSync(path.join(dist, 'pages', 'Policy'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'pages', 'index.html'), indexHtml.replace('<div class="boot-splash">FuelDesk</div>', '<h1>Landing</h1>'));
    writeFileSync(path.join(dist, 'pages', 'login.html'), loginHtml);
    writeFileSync(path.join(dist, 'pages', 'login.html.br'), brotliCompressSync(loginHtml));
    writeFileSync(path.join(dist, 'pages', 'login.html.gz'), gzipSync(loginHtml));
    writeFileSync(path.join(dist, 'pages', 'Policy', 'Terms.html'), termsHtml);
    for (const language of ['en', 'es']) {
      mkdirSync(path.join(dist, 'frames', language, 'due-diligence'), { recursive: true });
      writeFileSync(path.join(dist, 'frames', language, 'releases.html'), framesHtml(language));
      writeFileSync(path.join(dist, 'frames', language, 'releases.html.br'), brotliCompressSync(framesHtml(language)));
      writeFileSync(path.join(dist, 'frames', language, 'due-diligence', 'watchlist.html'), framesHtml(language));
    }
    writeFileSync(path.join(dist, '.build-complete'), 'stamp');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'boot-Ab12Cd34.js'), 'export const a = 1;');
    writeFileSync(path.join(dist, 'assets', 'boot-Ab12Cd34.js.br'), brotliCompressSync('export const a = 1;'));
    writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), 'body{margin:0}');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
  });
  // Built on the web build above, closed before it is removed.
  const t = useTestContext(() => ({ webDistDir: dist, env: { CORS_ORIGINS: 'https://partner.example', PUBLIC_URL: 'https://fuel.example.org' } }));

  it('sends the prerendered page of its exact path, uncached, query and trailing slash ignored', async () => {
    for (const [url, heading] of [
      ['/', '<h1>Landing</h1>'],
      ['/login', '<h1>Sign in to FuelDesk</h1>'],
      ['/login?next=%2Fhome', '<h1>Sign in to FuelDesk</h1>'],
      ['/login/', '<h1>Sign in to FuelDesk</h1>'],
      ['/Policy/Terms', '<h1>Terms of Service</h1>'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(heading);
    }
  });

  it('sends index.html for paths that were not prerendered, including other letter cases', async () => {
    for (const url of ['/home', '/policy/terms', '/news/42', '/marketprice/graphics/', '/verify-email/abc123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(withoutNonce(res.body), url).toBe(indexHtml);
    }
  });

  it("sends a signed-in page with its phone frames in the reader's language, the inline script with the answer's nonce", async () => {
    for (const [url, acceptLanguage, language] of [
      ['/releases', undefined, 'en'],
      ['/releases/', 'es-MX,es;q=0.9,en;q=0.8', 'es'],
      ['/due-diligence/watchlist?x=1', 'fr, es;q=0.8, en;q=0.5', 'es'],
      ['/releases', 'de', 'en'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/Accept-Encoding, Accept-Language/);
      expect(res.body, url).toContain(`<h1>frame ${language}</h1>`);
      const scriptNonce = /script-src [^;]*'nonce-([0-9a-f]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptNonce, url).toBeTruthy();
      expect(res.body, url).toContain(`<script nonce="${scriptNonce}" data-frame-script>`);
    }
    const compressed = await t.app.inject({ method: 'GET', url: '/releases', headers: { 'accept-encoding': 'br', 'accept-language': 'es' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>frame es</h1>');
    // Not as files; and a page without frames is the bare index.html.
    expect((await t.app.inject({ method: 'GET', url: '/frames/en/releases.html' })).statusCode).toBe(404);
    expect(withoutNonce((await t.app.inject({ method: 'GET', url: '/news' })).body)).toBe(indexHtml);
  });

  it('answers robots.txt and sitemap.xml for the PUBLIC_URL it runs with', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: https://fuel.example.org/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://fuel.example.org/about-us</loc>');
    expect(sitemap.body).not.toContain('localhost');
  });

  it('answers 404 with the app (its "Page not found" page) where the app has no page', async () => {
    for (const url of ['/Policy/Nope', '/no-such-page', '/news/id/1/extra', '/home/a/b?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(withoutNonce(res.body), url).toBe(indexHtml);
    }
  });

  it('never reads outside dist/pages, whatever the path holds', async () => {
    // (Plain dot segments never arrive: clients and the HTTP parser resolve them first.)
    for (const url of ['/%2e%2e/index', '/%2E%2E%2Fpages%2Flogin', '/login%00', '/login.html/x', '/pages/login.html', '/.build-complete']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([200, 400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('Sign in to FuelDesk');
      expect(res.body, url).not.toContain('stamp');
    }
  });

  it('sends the precompressed page the client accepts, brotli first', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(withoutNonce(brotliDecompressSync(br.rawPayload).toString())).toBe(loginHtml);

    const gzip = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutNonce(gunzipSync(gzip.rawPayload).toString())).toBe(loginHtml);

    const refusedBr = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await t.app.inject({ method: 'GET', url: '/login', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(withoutNonce(plain.body)).toBe(loginHtml);
    }

    // No compressed sibling: the page goes out as it is.
    const terms = await t.app.inject({ method: 'GET', url: '/Policy/Terms', headers: { 'accept-encoding': 'br' } });
    expect(terms.headers['content-encoding']).toBeUndefined();
    expect(withoutNonce(terms.body)).toBe(termsHtml);
  });

  it('keeps the Origin that CORS varies on beside Accept-Encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { origin: 'https://partner.example', 'accept-encoding': 'br' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    const vary = String(res.headers.vary).split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
  });

  it('answers /index with index.html, not the landing page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index' });
    expect(withoutNonce(res.body)).toBe(indexHtml);
  });

  it('answers HEAD for a prerendered page without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it("allows inline style only with the answer's nonce, which the page carries for the app", async () => {
    for (const url of ['/', '/login', '/news/42']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc, url).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([0-9a-f]+)'/.exec(styleSrc)?.[1];
      expect(nonce, url).toBeTruthy();
      expect(res.body, url).toContain(`<meta name="csp-style-nonce" content="${nonce}">`);
      expect(res.body.startsWith('<!doctype html>'), url).toBe(true);
    }
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const second = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.body).not.toBe(second.body);
  });

  it('sends the hashed scripts and styles without a CSP of their own, a Last-Modified or the headers only a document acts on, and every other security header', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(icon.headers['last-modified']).toBeTruthy();
    for (const [url, headers] of [
      ['/assets/boot-Ab12Cd34.js', {}],
      ['/assets/boot-Ab12Cd34.js', { 'accept-encoding': 'br' }],
      ['/assets/index-Ef56Gh78.css', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['last-modified'], url).toBeUndefined();
      expect(res.headers.etag, url).toBeTruthy();
      for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']) {
        expect(res.headers[name], `${url} ${name}`).toBeTruthy();
        expect(res.headers[name], `${url} ${name}`).toBe(page.headers[name]);
      }
      for (const name of DOCUMENT_ONLY_HEADERS) {
        expect(page.headers[name], `/home ${name}`).toBeTruthy();
        expect(icon.headers[name], `/favicon.svg ${name}`).toBeTruthy();
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });
  // `npm start` on a fresh build starts the server while scripts/precompress.mjs still runs (scripts/start.mjs):
  // meanwhile each file goes out whole and uncompressed, and compressed once its .br is written, without a restart.
  it('sends a file uncompressed until precompression has written its .br, then compressed', async () => {
    const script = `export const late = ${JSON.stringify('x'.repeat(4000))};`;
    const contact = `<!doctype html><html><body><div id="root" data-prerendered="/contact-us"><h1>Contact us</h1>${'<p>y</p>'.repeat(300)}</div></body></html>`;
    writeFileSync(path.join(dist, 'assets', 'late-Zz99Yy88.js'), script);
    writeFileSync(path.join(dist, 'pages', 'contact-us.html'), contact);
    const headers = { 'accept-encoding': 'br, gzip' };
    const before = await t.app.inject({ method: 'GET', url: '/assets/late-Zz99Yy88.js', headers });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-encoding']).toBeUndefined();
    expect(before.body).toBe(script);
    const pageBefore = await t.app.inject({ method: 'GET', url: '/contact-us', headers });
    expect(pageBefore.headers['content-encoding']).toBeUndefined();
    expect(withoutNonce(pageBefore.body)).toBe(contact);

    const run = spawnSync(process.execPath, [path.resolve(__dirname, '../../../../scripts/precompress.mjs'), dist, '--background'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Written under a dotted name (never served) and renamed into place: none is left behind.
    const leftovers = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.partial'));
    expect(leftovers).toEqual([]);
    expect(existsSync(path.join(dist, 'assets', 'late-Zz99Yy88.js.gz'))).toBe(true);

    const after = await t.app.inject({ method: 'GET', url: '/assets/late-Zz99Yy88.js', headers });
    expect(after.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(after.rawPayload).toString()).toBe(script);
    const pageAfter = await t.app.inject({ method: 'GET', url: '/contact-us', headers });
    expect(pageAfter.headers['content-encoding']).toBe('br');
    expect(withoutNonce(brotliDecompressSync(pageAfter.rawPayload).toString())).toBe(contact);
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/late-Zz99Yy88.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
  });
});
