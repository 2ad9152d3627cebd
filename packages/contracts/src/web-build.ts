/**
 * Where the web build writes the HTML of a prerendered public page, relative to its dist folder
 * (scripts/prerender.mjs), and where the server looks for it: pages/index.html for /,
 * pages/Policy/Terms.html for /Policy/Terms. A trailing slash is ignored; anything but plain
 * segments (dots, encoded characters) gives null, so no request can reach outside pages/.
 */
export function prerenderedPagePath(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!/^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/.test(trimmed)) return null;
  // The landing page's file is pages/index.html; /index is not a page.
  if (trimmed === '/index') return null;
  return `pages/${trimmed === '/' ? 'index' : trimmed.slice(1)}.html`;
}
