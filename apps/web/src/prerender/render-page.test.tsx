// @vitest-environment node
// Runs where the build's prerender step runs: in Node, with no window, document or storage.
import { describe, expect, it } from 'vitest';
import { injectPage, prerenderedPaths, renderPage, type RenderedPage } from './render-page';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta property="og:title" content="FuelDesk - Fuel-market intelligence" />
    <title>FuelDesk</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <!-- boot splash -->
    <div id="root"><div class="boot-splash" aria-hidden="true">FuelDesk</div></div>
  </body>
</html>
`;

describe('renderPage', () => {
  it('renders the landing page as a guest: heading, plans and the sign-in link, titled', async () => {
    const page = await renderPage('/');
    expect(page.title).toBe('FuelDesk - Fuel market intelligence');
    expect(page.html).toMatch(/<h1[^>]*>Fuel-market intelligence for traders and distributors<\/h1>/);
    expect(page.html).toContain('Premium Enterprise');
    expect(page.html).toMatch(/<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
    expect(page.html).not.toContain('boot-splash');
  });

  it('renders the sign-in form with its labelled fields', async () => {
    const page = await renderPage('/login');
    expect(page.title).toBe('FuelDesk - Sign in');
    expect(page.html).toMatch(/<h1[^>]*>Sign in to FuelDesk<\/h1>/);
    expect(page.html).toMatch(/<input[^>]*type="email"/);
    expect(page.html).toMatch(/<input[^>]*type="password"/);
  });

  it('renders every prerendered path, each in English with its own title', async () => {
    expect(prerenderedPaths).toEqual(expect.arrayContaining(['/', '/login', '/register', '/contact-us', '/form', '/Policy/Terms']));
    for (const pathname of prerenderedPaths) {
      const page = await renderPage(pathname);
      expect(page.title, pathname).toMatch(/^FuelDesk - \S/);
      expect(page.html, pathname).toContain('<main id="main-content"');
      expect(page.html, pathname).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(page.html, pathname).not.toContain('role="status"'); // no loading state baked in
      expect(page.html, pathname).toContain('lang="es"'); // the language switch, rendered in English
    }
  });

  it('renders the legal texts of the /Policy pages, not their loading state', async () => {
    const page = await renderPage('/Policy/RefundAndCancellation-Policy');
    expect(page.html).toMatch(/<h1[^>]*>Refund and Cancellation Policy<\/h1>/);
    expect(page.html).toContain('30 days');
  });

  it('refuses a path that only redirects', async () => {
    await expect(renderPage('/contact')).rejects.toThrow(/only pages are prerendered/);
  });
});

describe('injectPage', () => {
  const page: RenderedPage = { pathname: '/login', html: '<main>Sign in</main>', title: 'FuelDesk - Sign in & "go"' };

  it('puts the page into #root, marked with its path, and titles the document', () => {
    const html = injectPage(template, page);
    expect(html).toContain('<div id="root" data-prerendered="/login"><main>Sign in</main></div>\n  </body>');
    expect(html).toContain('<title>FuelDesk - Sign in &amp; &quot;go&quot;</title>');
    expect(html).toContain('<meta property="og:title" content="FuelDesk - Sign in &amp; &quot;go&quot;" />');
    expect(html).not.toContain('boot-splash');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('keeps $-patterns in the page text as they are', () => {
    expect(injectPage(template, { ...page, html: '<p>US$0 $& $1</p>' })).toContain('<p>US$0 $& $1</p>');
  });

  it('fails loudly on a template without #root or <title>', () => {
    expect(() => injectPage('<html><body></body></html>', page)).toThrow(/root/);
    expect(() => injectPage(template.replace(/<title>.*<\/title>/, ''), page)).toThrow(/title/);
  });
});
