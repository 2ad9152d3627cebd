import { FALLBACK_LANGUAGE, escapeHtml } from '@fueldesk/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';
import { policyDocuments } from '@/lib/policy-documents';
import { formatDocumentTitle, type RouteHandle } from '@/lib/document-title';
import i18n, { changeLanguage } from '@/lib/i18n';
import { primePageData } from './prime-page-data';

/**
 * The public pages whose HTML is written at build time, so that a phone on a slow link paints the
 * page from the HTML and the stylesheet instead of waiting for the JavaScript (the app hydrates it).
 */
export const prerenderedPaths: readonly string[] = [
  '/',
  '/about-us',
  '/services',
  '/contact-us',
  '/form',
  '/login',
  '/register',
  '/Policy',
  ...policyDocuments.map((doc) => `/Policy/${doc.path}`),
];

export interface RenderedPage {
  pathname: string;
  html: string;
  title: string;
}

/** The document title of the deepest matched route with one. */
export function routeTitle(context: StaticHandlerContext, pathname: string): string {
  for (let index = context.matches.length - 1; index >= 0; index -= 1) {
    const handle = context.matches[index].route.handle as RouteHandle | undefined;
    if (handle?.titleKey) {
      return formatDocumentTitle(i18n.t(typeof handle.titleKey === 'function' ? handle.titleKey(pathname) : handle.titleKey));
    }
  }
  return formatDocumentTitle();
}

/** Renders one public route as a guest would first see it, in the fallback language. */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  await changeLanguage(FALLBACK_LANGUAGE);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}; only pages are prerendered`);
  if (context.statusCode !== 200 || context.errors) throw new Error(`${pathname} did not render (status ${context.statusCode})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  await primePageData(queryClient, pathname, FALLBACK_LANGUAGE);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { pathname, html, title: routeTitle(context, pathname) };
}

/**
 * Puts a rendered page into the built index.html: its markup replaces the boot splash inside #root,
 * which is marked with the path so the client hydrates it only at that address.
 */
export function injectPage(template: string, page: RenderedPage): string {
  // #root is the last element of the body (Vite moves the entry script into the head).
  const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
  if (!root.test(template)) throw new Error('index.html has no <div id="root"> closing the body');
  if (!/<title>[^<]*<\/title>/.test(template)) throw new Error('index.html has no <title>');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, (_match, start: string, end: string) => `${start}${escapeHtml(page.title)}${end}`)
    .replace(root, () => `<div id="root" data-prerendered="${escapeHtml(page.pathname)}">${page.html}</div>`);
}

export { prerenderedPagePath, signedInFramePath } from '@fueldesk/contracts';
export { frameLanguages, framePaths, injectFrames, renderFrames } from './render-frame';
