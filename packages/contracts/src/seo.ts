import { APP_PATH_PATTERNS } from './web-build';

/** The public pages worth indexing (SPEC.md §2); sign-in flows and the dashboard are left out. */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/about-us',
  '/services',
  '/contact-us',
  '/form',
  ...APP_PATH_PATTERNS.filter((path) => path.startsWith('/Policy/')),
];

function normalizeOrigin(origin: string): string {
  return new URL(origin).origin;
}

/** sitemap.xml for the site's public origin (the server answers it from its PUBLIC_URL). */
export function buildSitemap(origin: string): string {
  const base = normalizeOrigin(origin);
  const urls = SITEMAP_PATHS.map((path) => {
    const priority = path === '/' ? '1.0' : path.startsWith('/Policy/') ? '0.3' : '0.8';
    return `  <url>\n    <loc>${base}${path}</loc>\n    <priority>${priority}</priority>\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt for the site's public origin. */
export function buildRobots(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${normalizeOrigin(origin)}/sitemap.xml`, ''].join('\n');
}
