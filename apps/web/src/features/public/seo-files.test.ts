import { describe, expect, it } from 'vitest';
import { buildRobots, buildSitemap, sitemapPaths } from '../../../../../scripts/seo-files';
import robots from '../../../public/robots.txt?raw';
import sitemap from '../../../public/sitemap.xml?raw';

describe('robots.txt and sitemap.xml', () => {
  const origin = /^Sitemap: (.+)\/sitemap\.xml$/m.exec(robots)?.[1] ?? '';

  it('point to the sitemap with an absolute URL', () => {
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
  });

  it('match a fresh generation (run scripts/generate-seo-files.ts)', () => {
    expect(robots).toBe(buildRobots(origin));
    expect(sitemap).toBe(buildSitemap(origin));
  });

  it('list the landing, about, services, contact and lead pages and every /Policy child', () => {
    for (const path of ['/', '/about-us', '/services', '/contact-us', '/form', '/Policy/Privacy', '/Policy/FinancialDataConnectivity']) {
      expect(sitemap).toContain(`<loc>${origin}${path}</loc>`);
    }
    expect(sitemapPaths.filter((path) => path.startsWith('/Policy/'))).toHaveLength(10);
    expect(sitemap).not.toContain('/home');
  });
});
