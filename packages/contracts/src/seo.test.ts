import { describe, expect, it } from 'vitest';
import { buildRobots, buildSitemap, SITEMAP_PATHS } from './seo';

describe('robots.txt and sitemap.xml', () => {
  it('name the given origin, never another', () => {
    const sitemap = buildSitemap('https://fueldesk.example.com/some/path');
    const robots = buildRobots('https://fueldesk.example.com');
    expect(robots).toContain('Sitemap: https://fueldesk.example.com/sitemap.xml\n');
    expect(robots).toContain('Disallow: /api/');
    expect(sitemap).not.toContain('localhost');
    expect(sitemap.match(/<loc>/g)).toHaveLength(SITEMAP_PATHS.length);
  });

  it('list the landing, about, services, contact and lead pages and every /Policy child', () => {
    const sitemap = buildSitemap('https://fueldesk.example.com');
    for (const path of ['/', '/about-us', '/services', '/contact-us', '/form', '/Policy/Privacy', '/Policy/FinancialDataConnectivity']) {
      expect(sitemap).toContain(`<loc>https://fueldesk.example.com${path}</loc>`);
    }
    expect(SITEMAP_PATHS.filter((path) => path.startsWith('/Policy/'))).toHaveLength(10);
    expect(sitemap).not.toContain('/home');
  });
});
