import { policyDocuments } from '../apps/web/src/lib/policy-documents';

/** The public pages worth indexing (SPEC.md §2); sign-in flows and the dashboard are left out. */
export const sitemapPaths: readonly string[] = [
  '/',
  '/about-us',
  '/services',
  '/contact-us',
  '/form',
  ...policyDocuments.map((doc) => `/Policy/${doc.path}`),
];

/** The origin the committed files use when PUBLIC_URL is not set. */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:3000';

function normalizeOrigin(origin: string): string {
  return new URL(origin).origin;
}

export function buildSitemap(origin: string = DEFAULT_SITE_ORIGIN): string {
  const base = normalizeOrigin(origin);
  const urls = sitemapPaths.map((path) => {
    const priority = path === '/' ? '1.0' : path.startsWith('/Policy/') ? '0.3' : '0.8';
    return `  <url>\n    <loc>${base}${path}</loc>\n    <priority>${priority}</priority>\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(origin: string = DEFAULT_SITE_ORIGIN): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${normalizeOrigin(origin)}/sitemap.xml`, ''].join('\n');
}
