// Writes apps/web/public/sitemap.xml and robots.txt for the site's public origin:
//   PUBLIC_URL=https://fueldesk.example.com node --import tsx scripts/generate-seo-files.ts
// Both files need absolute URLs, so a deployment on another origin regenerates them before
// `npm run build`. A web test keeps the committed copies in step with the page list.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRobots, buildSitemap, DEFAULT_SITE_ORIGIN } from './seo-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origin = process.env.PUBLIC_URL || DEFAULT_SITE_ORIGIN;
writeFileSync(path.join(root, 'apps/web/public/sitemap.xml'), buildSitemap(origin));
writeFileSync(path.join(root, 'apps/web/public/robots.txt'), buildRobots(origin));
console.log(`sitemap.xml and robots.txt written for ${origin}`);
