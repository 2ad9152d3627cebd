// The pages `bench/lighthouse/run.mjs` measures by default: every route of the web app's route table
// (read from apps/web/src/app/router.tsx, so that a page added there is measured without touching
// the bench). Guest pages are the public layout's routes, signed-in pages
// the dashboard layout's. Left out: routes with a parameter (/home/:slug, /news/:newsId,
// /marketprice/:slug, /bank/:slug, /bank/send-email/:id show the same page component as a route
// measured here), the not-found fallback, redirects, and the Policy documents after the first (one
// layout and one page component for all of them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const routerFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/app/router.tsx');

/** The paths of one route array's source text, in order. */
function pathsIn(source) {
  const found = [];
  for (const match of source.matchAll(/\bindex: true,\s*handle|\bpath: '([^']+)'|\bbetaRoute\('([^']+)'\)/g)) {
    const route = match[1] ?? match[2] ?? '';
    if (route.includes(':') || route === '*') continue;
    found.push(`/${route}`);
  }
  return [...new Set(found)];
}

/** { guest, signedIn }: absolute paths, in the route table's order. */
export function listRoutes(source = readFileSync(routerFile, 'utf8')) {
  const publicStart = source.indexOf('const publicRoutes');
  const dashboardStart = source.indexOf('const dashboardRoutes');
  const tableStart = source.indexOf('export const routes');
  if (publicStart < 0 || dashboardStart < publicStart || tableStart < dashboardStart) {
    throw new Error(`${routerFile}: publicRoutes, dashboardRoutes and routes not found in that order; update bench/lighthouse/routes.mjs`);
  }
  return {
    guest: pathsIn(source.slice(publicStart, dashboardStart)),
    // /home is declared in the dashboard table too (its page is chosen at render).
    signedIn: pathsIn(source.slice(dashboardStart, tableStart)),
  };
}
